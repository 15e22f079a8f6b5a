import { useEffect, useState } from "react";
import type { MatchedCoach } from "../../../contract/search";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { RECOMMENDATIONS_FAILED, useQuickMatches, useRecommendations, type MatchFilters } from "../../features/search/api/get-matches";
import { coachCountLabel, MatchCard } from "../../features/search/components/match-card";
import { emptyMatchFilters, MatchFiltersPanel } from "../../features/search/components/match-filters";
import { handleUnauthorized } from "../../lib/handle-unauthorized";

type Mode = "quick" | "custom";

/** player-side 2, match coaches: Quick Match from saved preferences, or a custom search with filters. */
export function MatchCoachesPage() {
  const [mode, setMode] = useState<Mode>("quick");
  const [draft, setDraft] = useState<MatchFilters>(emptyMatchFilters);
  const [applied, setApplied] = useState<MatchFilters>(emptyMatchFilters);
  const quick = useQuickMatches(mode === "quick");
  const custom = useRecommendations(applied, mode === "custom");
  const active = mode === "quick" ? quick : custom;

  function clearFilters() {
    setDraft(emptyMatchFilters());
    setApplied(emptyMatchFilters());
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">Match Coaches</h1>
        <p className="text-slate-600">Coaches ranked by how well they fit you, with the reasons why.</p>
      </header>
      <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
        <TabsList className="max-w-md">
          <TabsTrigger value="quick">Quick Match</TabsTrigger>
          <TabsTrigger value="custom">Custom Search</TabsTrigger>
        </TabsList>
      </Tabs>
      <div className={mode === "custom" ? "grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]" : "flex flex-col"}>
        {mode === "custom" ? (
          <MatchFiltersPanel
            value={draft}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            onApply={() => setApplied({ ...draft })}
            onClear={clearFilters}
          />
        ) : null}
        <MatchResults
          coaches={active.data}
          isLoading={active.isLoading}
          error={active.error}
          onClear={mode === "custom" ? clearFilters : undefined}
          errorText={mode === "custom" ? RECOMMENDATIONS_FAILED : "Failed to fetch quick matches"}
        />
      </div>
    </div>
  );
}

function MatchResults({
  coaches,
  isLoading,
  error,
  onClear,
  errorText,
}: {
  coaches: MatchedCoach[] | undefined;
  isLoading: boolean;
  error: unknown;
  onClear?: () => void;
  errorText: string;
}) {
  useEffect(() => {
    if (error) handleUnauthorized((error as { cause?: unknown }).cause ?? error);
  }, [error]);
  if (isLoading) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Finding your matches..." />
      </div>
    );
  }
  if (error) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 font-semibold text-red-800">
        {errorText}
      </p>
    );
  }
  if (!coaches) return null;
  return (
    <section className="flex flex-col gap-4" aria-label="Matches">
      <div>
        <Badge variant="secondary" className="text-sm" role="status">
          {coachCountLabel(coaches.length)}
        </Badge>
      </div>
      {coaches.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-8 text-center">
          <h2 className="font-display text-2xl font-bold text-field-950 uppercase">No coaches found</h2>
          <p className="text-slate-600">Try widening your filters or your distance.</p>
          {onClear ? (
            <Button variant="outline" onClick={onClear}>
              Clear Filters
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {coaches.map((coach) => (
            <MatchCard key={coach.id} coach={coach} />
          ))}
        </div>
      )}
    </section>
  );
}
