import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { CurrentUser } from "@contract/accounts";
import { useDocumentHead } from "../../lib/document-head";
import { DEFAULT_SEARCH_RADIUS } from "@contract/search-basics";
import { FIND_COACHES_HEAD } from "@contract/find-coaches-page";
import { useCurrentUser } from "../../lib/current-user";
import { isHydrating } from "../../lib/hydration";
import { useCoachSearch } from "../../features/search/api/search-coaches";
import { SearchForm } from "../../features/search/components/search-form";
import { SearchResults } from "../../features/search/components/search-results";
import {
  fromSearchQuery,
  loadLastSearch,
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
    verified: false,
  };
}

/**
 * player-side 2, find coaches. The address's query wins, then the last search of the past hour,
 * then the player's own position, ZIP code and travel distance. A signed-in family whose profile
 * makes a whole search (a position and a ZIP) sees the coaches near that ZIP at once, as if they
 * had searched it (issue 47), never an empty form. A visitor's page is drawn on the server from its
 * address alone and hydrated, so nothing here is taken from the browser while hydrating.
 */
export function FindCoachesPage() {
  useDocumentHead(FIND_COACHES_HEAD);
  const { user } = useCurrentUser();
  const search = useSearch();
  const [, navigate] = useLocation();
  // The server drew the page from its address alone; the browser's last search (its storage) is
  // taken once hydration is over (below), not while hydrating.
  const [initial] = useState(() => {
    const hydrating = isHydrating();
    const restored = hydrating ? fromSearchQuery(search) : restoredSearch(search);
    if (restored) return { form: restored, submitted: searchProblem(restored) ? null : restored, restoreLater: false };
    const prefill = prefillFrom(user);
    const fromProfile = !hydrating && user?.userType === "player" && searchProblem(prefill) === null;
    return { form: prefill, submitted: fromProfile ? prefill : null, restoreLater: hydrating };
  });
  const [form, setForm] = useState<SearchParams>(initial.form);
  const [submitted, setSubmitted] = useState<SearchParams | null>(() => {
    if (initial.submitted) saveLastSearch(initial.submitted);
    return initial.submitted;
  });
  const [error, setError] = useState<string | null>(null);
  const results = useCoachSearch(submitted);
  useEffect(() => {
    if (!initial.restoreLater) return;
    const last = loadLastSearch();
    if (!last) return;
    setForm(last);
    if (!searchProblem(last)) setSubmitted(last);
  }, [initial.restoreLater]);
  // A search shown but not in the address (the profile's, or the last one taken back) reads in the
  // address as a typed one does, so Back from a coach returns to it. Keyed on what is shown, not on
  // how the first render found it: a first render React discards (a lazy part still loading) has
  // already kept the profile's search as the last one, and the next render takes it from there.
  useEffect(() => {
    if (submitted && !search) navigate(`${paths.findCoaches}?${toSearchQuery(submitted)}`, { replace: true });
  }, [submitted, search, navigate]);

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
