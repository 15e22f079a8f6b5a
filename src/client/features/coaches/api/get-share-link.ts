import type { ShareLink } from "@contract/share-link";
import { apiGet } from "@client/lib/api-client";
import { useQuery } from "../../../lib/use-query";

/**
 * GET /api/coach/share-link: the coach's public page as a shared link shows it (issue 44). Read
 * again each time the section is drawn: the title and description follow the profile, its rates
 * and its reviews, which change on other pages or by other people.
 */
export function useShareLink() {
  return useQuery({
    queryKey: ["/api/coach/share-link"],
    queryFn: () => apiGet<ShareLink>("/api/coach/share-link"),
    refetchOnMount: "always",
  });
}
