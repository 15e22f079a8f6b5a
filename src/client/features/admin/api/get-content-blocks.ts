import { useQuery } from "../../../lib/use-query";
import { contentBlocksQuery } from "@client/lib/query-keys";

/** Already ordered by `order`, then id, by the server. */
export function useContentBlocks() {
  return useQuery(contentBlocksQuery);
}
