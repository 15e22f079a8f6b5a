import { useQuery } from "../../../lib/use-query";
import { LANDING_TEXTS, type LandingTextKey } from "@contract/landing";
import { contentBlocksQuery } from "@client/lib/query-keys";

export function useContentBlocks() {
  return useQuery(contentBlocksQuery);
}

/**
 * The landing's texts an admin can override: the block with a matching key wins, field by field, and
 * the built-in text stays when there is no block (or the endpoint fails).
 */
export function useContentText(key: LandingTextKey): { title: string; content: string } {
  const { data } = useContentBlocks();
  const block = data?.find((b) => b.key === key);
  const builtIn = LANDING_TEXTS[key];
  return { title: block?.title?.trim() || builtIn.title, content: block?.content?.trim() || builtIn.content };
}
