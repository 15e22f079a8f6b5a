import { Suspense, useState } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { useLocation, useSearch } from "wouter";
import type { Athlete } from "@contract/families";
import { SKILL_LEVEL_LABELS } from "@contract/players";
import type { MatchedCoach } from "@contract/search";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Label } from "../../components/ui/label";
import { LinkButtons } from "../../components/ui/link-buttons";
import { Spinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";
import { useAthletes } from "../../features/families/api/families";
import { athleteWithAge, isWhoseSessionShown } from "../../features/bookings/components/whose-session";
import {
  athleteMatchFilters,
  RECOMMENDATIONS_FAILED,
  useQuickMatches,
  useRecommendations,
  type MatchFilters,
} from "../../features/search/api/get-matches";
import { coachCountLabel } from "../../features/search/components/coach-bits";
import { MatchCard } from "../../features/search/components/match-card";
import { emptyMatchFilters, MatchFiltersPanel } from "../../features/search/components/match-filters";

type Mode = "quick" | "custom";

// Shown to a family with several athletes, once its list is in: not part of the page's first screen.
const AthleteSwitcher = lazyWithReload(async () => ({
  default: (await import("../../features/families/components/athlete-switcher")).AthleteSwitcher,
}));

/** player-side 2, match coaches: Quick Match from saved preferences, or a custom search with filters. */
export function MatchCoachesPage() {
  const { user } = useCurrentUser();
  if (user?.userType === "coach") return <CoachesDoNotMatch />;
  // Quick Match reads a family's athlete (DESIGN.md 11); an admin (who has none) starts on Custom Search.
  return <MatchCoaches canQuickMatch={user?.userType === "player"} maxTravelDistance={user?.maxTravelDistance ?? null} />;
}

/** A coach who lands here (an old link, a typed address) is told what the page is for and where to go. */
function CoachesDoNotMatch() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-bold text-field-950 uppercase">Match Coaches</h1>
      <p className="text-slate-700">
        Match Coaches helps players find the right coach. Your players find you here through your profile and time slots.
      </p>
      <LinkButtons
        links={[
          { href: paths.coachDashboard, label: "Go to Dashboard" },
          { href: paths.coachSetup, label: "Edit My Profile" },
        ]}
      />
    </section>
  );
}

function MatchCoaches({ canQuickMatch, maxTravelDistance }: { canQuickMatch: boolean; maxTravelDistance: number | null }) {
  const [mode, setMode] = useState<Mode>(canQuickMatch ? "quick" : "custom");
  // "Verified coaches only" (DESIGN 12) lives in the address, so a shared or reloaded link keeps it.
  const search = useSearch();
  const [, navigate] = useLocation();
  const verified = new URLSearchParams(search).get("verified") === "true";
  function setVerified(on: boolean) {
    const query = new URLSearchParams(search);
    if (on) query.set("verified", "true");
    else query.delete("verified");
    const rest = query.toString();
    navigate(rest ? `${paths.matchCoaches}?${rest}` : paths.matchCoaches, { replace: true });
  }
  const [draft, setDraft] = useState<MatchFilters>(emptyMatchFilters);
  const [applied, setApplied] = useState<MatchFilters>(emptyMatchFilters);
  // DESIGN.md 11-12: Quick Match is per athlete; a family of one is its athlete's, a family of two or
  // more chooses whom for on this page (never a default: its "Book" goes on with that athlete).
  const athletes = useAthletes(canQuickMatch);
  const [athleteId, setAthleteId] = useState<number | null>(null);
  const family = athletes.data ?? [];
  const athlete = family.length === 1 ? family[0]! : (family.find((a) => a.id === athleteId) ?? null);
  const mustChoose = family.length > 1 && athlete === null;
  const { user } = useCurrentUser();
  const isWhoseShown = athlete !== null && isWhoseSessionShown(family, user);
  const byAthlete = useRecommendations(
    { ...(athlete ? athleteMatchFilters(athlete, maxTravelDistance) : emptyMatchFilters()), verified },
    mode === "quick" && athlete !== null,
  );
  // Without an athlete list (it failed, or an account from before families), the saved preferences.
  const withoutAthletes = athletes.isError || (athletes.isSuccess && athletes.data.length === 0);
  const saved = useQuickMatches(mode === "quick" && canQuickMatch && withoutAthletes, verified);
  const quick = athlete ? byAthlete : withoutAthletes ? saved : { data: undefined, isLoading: !mustChoose, error: null };
  const custom = useRecommendations({ ...applied, verified }, mode === "custom");
  const active = mode === "quick" ? quick : custom;

  // Quick Match's filters are the saved preferences: clearing them shows every coach in Custom Search.
  function clearFilters() {
    setDraft(emptyMatchFilters());
    setApplied(emptyMatchFilters());
    setMode("custom");
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">Match Coaches</h1>
        <p className="text-slate-600">
          Coaches ranked by how well they fit {mode === "quick" && athlete ? athlete.firstName : "you"}, with the reasons why.
        </p>
      </header>
      <div className="flex items-center gap-2">
        <Checkbox id="match-verified-only" checked={verified} onCheckedChange={(v) => setVerified(v === true)} />
        <Label htmlFor="match-verified-only" className="font-normal">
          Verified coaches only
        </Label>
      </div>
      <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
        <TabsList className="max-w-md">
          {canQuickMatch ? <TabsTrigger value="quick">Quick Match</TabsTrigger> : null}
          <TabsTrigger value="custom">Custom Search</TabsTrigger>
        </TabsList>
        {/* Each tab names the panel it controls (aria-controls), so the panel must exist. */}
        {(["quick", "custom"] as const).map((tab) => (
          <TabsContent
            key={tab}
            value={tab}
            className={tab === "custom" ? "grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]" : "flex flex-col"}
          >
            {tab === mode ? (
              <>
                {mode === "quick" && family.length > 0 && (athlete || mustChoose) ? (
                  <div className="mb-4 flex flex-col gap-2">
                    <p className="text-sm font-semibold text-slate-700">
                      {family.length > 1 ? "Match for" : `Matching for ${athlete!.firstName}`}
                    </p>
                    <Suspense fallback={null}>
                      <AthleteSwitcher athletes={family} currentId={athlete?.id ?? null} label="Match for" onSelect={setAthleteId} />
                    </Suspense>
                    {athlete ? (
                      <>
                        {isWhoseShown ? (
                          <p className="text-sm font-medium text-field-900" data-testid="match-athlete">
                            Athlete: {athleteWithAge(athlete)}
                          </p>
                        ) : null}
                        <p className="text-sm text-slate-600" data-testid="match-basis">
                          {matchBasis(athlete)}
                        </p>
                      </>
                    ) : (
                      <p role="status" className="text-sm font-medium text-amber-800">
                        Choose which athlete to match coaches for.
                      </p>
                    )}
                  </div>
                ) : null}
                {mode === "custom" ? (
                  <MatchFiltersPanel
                    value={draft}
                    onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
                    onApply={() => setApplied({ ...draft })}
                    onClear={clearFilters}
                  />
                ) : null}
                <MatchResults
                  forAthlete={mode === "quick" && athlete && isWhoseShown ? athlete : null}
                  coaches={active.data}
                  isLoading={active.isLoading}
                  error={active.error}
                  onClear={clearFilters}
                  errorText={mode === "custom" ? RECOMMENDATIONS_FAILED : "Failed to fetch quick matches"}
                />
              </>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** What the athlete's matches are based on ("Attack · Intermediate · goals: shooting"), or a hint to fill the profile. */
function matchBasis(athlete: Pick<Athlete, "position" | "skillLevel" | "goals">): string {
  const parts = [athlete.position, athlete.skillLevel ? SKILL_LEVEL_LABELS[athlete.skillLevel] : null];
  if (athlete.goals.length > 0) parts.push(`goals: ${athlete.goals.join(", ")}`);
  const known = parts.filter(Boolean);
  return known.length > 0
    ? `Based on ${known.join(" · ")}.`
    : "Add a position, level and goals to this athlete's profile for closer matches.";
}

function MatchResults({
  forAthlete,
  coaches,
  isLoading,
  error,
  onClear,
  errorText,
}: {
  /** Whose session a card's "Book" goes on to (DESIGN.md 12); null: the account holder's, or a custom search. */
  forAthlete: Pick<Athlete, "id" | "firstName"> | null;
  coaches: MatchedCoach[] | undefined;
  isLoading: boolean;
  error: unknown;
  onClear?: () => void;
  errorText: string;
}) {
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
            <MatchCard key={coach.id} coach={coach} forAthlete={forAthlete} />
          ))}
        </div>
      )}
    </section>
  );
}
