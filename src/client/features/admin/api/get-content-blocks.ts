import { useQuery } from "@tanstack/react-query";
import type { ContentBlock } from "../../../../contract/content";
import { apiGet } from "../../../lib/api-client";

/** The landing page reads the same key, so invalidating it after an admin change refreshes both. */
export const contentBlocksQueryKey = ["/api/content-blocks"] as const;

export const getContentBlocks = () => apiGet<ContentBlock[]>("/api/content-blocks");

/** Already ordered by `order`, then id, by the server. */
export function useContentBlocks() {
  return useQuery({ queryKey: contentBlocksQueryKey, queryFn: getContentBlocks });
}
