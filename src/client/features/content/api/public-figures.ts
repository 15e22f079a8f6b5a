import { useQuery } from "../../../lib/use-query";
import { shownFigures, type PublicFigures } from "@contract/landing";
import { apiGet } from "@client/lib/api-client";

/** The figures the landing and login pages may claim, counted by the server (DESIGN 11); zeros left out. */
export function usePublicFigures(): { value: string; label: string }[] {
  const figures = useQuery({ queryKey: ["/api/public-figures"], queryFn: () => apiGet<PublicFigures>("/api/public-figures") });
  return shownFigures(figures.data);
}
