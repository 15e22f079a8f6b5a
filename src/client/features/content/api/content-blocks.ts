import { useQuery } from "@tanstack/react-query";
import { contentBlocksQuery } from "@client/lib/query-keys";

export function useContentBlocks() {
  return useQuery(contentBlocksQuery);
}

/**
 * Marketing texts an admin can override: the block with a matching key wins, field by field, and the
 * built-in text stays when there is no block (or the endpoint fails).
 */
export function useContentText(key: string, fallback: { title: string; content: string }): { title: string; content: string } {
  const { data } = useContentBlocks();
  const block = data?.find((b) => b.key === key);
  return { title: block?.title?.trim() || fallback.title, content: block?.content?.trim() || fallback.content };
}
