import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { CurrentUser } from "@contract/accounts";
import { DEFAULT_SEARCH_RADIUS } from "@contract/search-basics";
import { useCurrentUser } from "../../lib/current-user";
import { useCoachSearch } from "../../features/search/api/search-coaches";
import { SearchForm } from "../../features/search/components/search-form";
import { SearchResults } from "../../features/search/components/search-results";
import {
  nearestRadius,
  restoredSearch,
  saveLastSearch,
  searchProblem,
  toSearchQuery,
  type SearchParams,
} from "../../features/search/last-search";
import { paths } from "../../config/paths";

function prefillFrom(user: CurrentUser | null): SearchParams {
  return {
    position: user?.position ?? "",
    zipcode: user?.preferredLocation ?? "",
    radius: user?.maxTravelDistance ? nearestRadius(user.maxTravelDistance) : DEFAULT_SEARCH_RADIUS,
    includeUnavailable: false,
  };
}

/**
 * player-side 2, find coaches. The address's query wins, then the last search of the past hour,
 * then the player's own position, ZIP code and travel distance.
 */
export function FindCoachesPage() {
  const { user } = useCurrentUser();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [initial] = useState(() => {
    const restored = restoredSearch(search);
    if (restored) return { form: restored, submitted: searchProblem(restored) ? null : restored };
    return { form: prefillFrom(user), submitted: null };
  });
  const [form, setForm] = useState<SearchParams>(initial.form);
  const [submitted, setSubmitted] = useState<SearchParams | null>(() => {
    if (initial.submitted) saveLastSearch(initial.submitted);
    return initial.submitted;
  });
  const [error, setError] = useState<string | null>(null);
  const results = useCoachSearch(submitted);

  function runSearch() {
    const problem = searchProblem(form);
    setError(problem);
    if (problem) return;
    const params = { ...form };
    setSubmitted(params);
    saveLastSearch(params);
    navigate(`${paths.findCoaches}?${toSearchQuery(params)}`, { replace: true });
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">Find a Coach</h1>
        <p className="text-slate-600">Coaches near you with open times, nearest first.</p>
      </header>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <SearchForm
          value={form}
          onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
          onSubmit={runSearch}
          error={error}
          isSearching={results.isFetching}
        />
      </div>
      {submitted ? (
        <SearchResults
          params={submitted}
          coaches={results.data?.pages.flatMap((page) => page.coaches)}
          isLoading={results.isLoading}
          error={results.error}
          hasMore={results.hasNextPage}
          isLoadingMore={results.isFetchingNextPage}
          loadMoreError={results.isFetchNextPageError ? results.error : null}
          onLoadMore={() => void results.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}
