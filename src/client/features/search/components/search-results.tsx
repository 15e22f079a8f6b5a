import type { SearchResultCoach } from "@contract/search";
import { SearchMessages } from "@contract/search-basics";
import { Button } from "@client/components/ui/button";
import { Spinner } from "@client/components/ui/spinner";
import { ApiError } from "@client/lib/api-client";
import type { SearchParams } from "../last-search";
import { coachCountLabel } from "./coach-bits";
import { SearchResultCard } from "./search-result-card";

export const NO_AVAILABLE_COACHES =
  "No coaches with available times found near you. Try a larger radius or include coaches without available times.";
export const NO_COACHES = "No coaches found for this position near you. Try a larger radius.";

export const MORE_COACHES_MATCH = "More coaches match this search.";
export const SHOW_MORE_COACHES = "Show more coaches";

type Props = {
  params: SearchParams;
  coaches: SearchResultCoach[] | undefined;
  isLoading: boolean;
  error: unknown;
  /** More coaches match than the pages loaded so far hold. */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  loadMoreError?: unknown;
  onLoadMore?: () => void;
};

export function SearchResults({ params, coaches, isLoading, error, hasMore, isLoadingMore, loadMoreError, onLoadMore }: Props) {
  if (isLoading) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Searching for coaches..." />
      </div>
    );
  }
  if (error && !coaches) {
    // A 400 (e.g. a ZIP code we do not know) says what to fix; anything else gets the spec's text.
    const detail = error instanceof ApiError && error.status === 400 ? error.message : null;
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800">
        <p className="font-semibold">{SearchMessages.SEARCH_FAILED}</p>
        {detail && detail !== SearchMessages.SEARCH_FAILED ? <p className="mt-1 text-sm">{detail}</p> : null}
      </div>
    );
  }
  if (!coaches) return null;
  if (coaches.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-700" role="status">
        {params.includeUnavailable ? NO_COACHES : NO_AVAILABLE_COACHES}
      </p>
    );
  }
  return (
    <section className="flex flex-col gap-4" aria-label="Search results">
      <p className="text-sm font-semibold text-field-800" role="status">
        {hasMore ? `The nearest ${coaches.length} coaches` : coachCountLabel(coaches.length)} within {params.radius} miles of{" "}
        {params.zipcode}
      </p>
      {coaches.map((coach) => (
        <SearchResultCard key={coach.id} coach={coach} />
      ))}
      {hasMore ? (
        <div className="flex flex-col items-center gap-2 py-2">
          <p className="text-sm text-slate-700">{MORE_COACHES_MATCH}</p>
          <Button variant="outline" onClick={onLoadMore} disabled={isLoadingMore}>
            {isLoadingMore ? "Loading more coaches..." : SHOW_MORE_COACHES}
          </Button>
          {loadMoreError ? (
            <p role="alert" className="text-sm text-red-700">
              {SearchMessages.SEARCH_FAILED}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
