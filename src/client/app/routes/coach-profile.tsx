import { Suspense, useState } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { coachPageHead } from "@contract/page-titles";
import { useDocumentHead } from "../../lib/document-head";
import { Link, Redirect, useLocation, useParams, useSearch } from "wouter";
import { Button } from "../../components/ui/button";
import { useCurrentUser } from "../../lib/current-user";
import { paths, signInHref } from "../../config/paths";
import { PageSkeleton } from "../../components/ui/page-skeleton";
import { useCoachPublicProfile } from "../../features/search/api/get-coach-public-profile";
import { RequestSessionButton } from "../../features/requests/components/request-session-button";
import { coachName } from "../../features/search/components/coach-bits";
import { BackToSearchLink, CoachProfileView } from "../../features/search/components/coach-profile-view";
import { CoachReviews } from "../../features/reviews/components/coach-reviews";
import { MessageCoachLink } from "../../features/messages/components/message-coach-link";

// Only a signed-in player's family chooses an athlete: a visitor's first screen does not load it.
const AthletePicker = lazyWithReload(async () => ({
  default: (await import("../../features/families/components/athlete-picker")).AthletePicker,
}));
// The coach's packages sit below the profile, and a family's credits are a signed-in player's:
// neither is on the first screen's critical path (docs/PERFORMANCE.md, JavaScript per page).
const PackageOffers = lazyWithReload(async () => ({
  default: (await import("../../features/packages/components/package-offers")).PackageOffers,
}));
const MyCredits = lazyWithReload(async () => ({ default: (await import("../../features/packages/components/my-credits")).MyCredits }));

export const COACH_PROFILE_ERROR = "Coach not found or error loading profile";

/** /coach/{id}: only a numeric id is a coach; "stripe-connect" belongs to the payment page and renders nothing here. */
export function CoachProfilePage() {
  const { id = "" } = useParams<{ id: string }>();
  const search = useSearch();
  if (id === "stripe-connect") return null;
  // ?book=true (player-side 2) opens the booking page of this coach straight away.
  if (/^\d{1,9}$/.test(id) && new URLSearchParams(search).get("book") === "true") return <Redirect to={paths.bookCoach(id)} replace />;
  return <CoachProfile coachId={/^\d{1,9}$/.test(id) ? Number(id) : null} />;
}

function CoachProfile({ coachId }: { coachId: number | null }) {
  const profile = useCoachPublicProfile(coachId);
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  // Which athlete of the family a request is for (DESIGN.md 11), remembered per coach.
  const [athleteId, setAthleteId] = useState<number | null>(null);
  // Back from signing in to ask for a time (?request=true): the request dialog opens again.
  const reopenRequest = new URLSearchParams(useSearch()).get("request") === "true";
  // The tab and description name the coach, as the server's HTML of this address does (one function, contract/page-titles.ts).
  useDocumentHead(profile.data ? coachPageHead(profile.data) : null);
  if (coachId !== null && profile.isLoading) return <PageSkeleton label="Loading coach profile..." />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      {coachId === null || profile.isError || !profile.data ? (
        <>
          <BackToSearchLink />
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center font-semibold text-red-800">
            {COACH_PROFILE_ERROR}
          </p>
        </>
      ) : (
        <CoachProfileView
          coach={profile.data}
          reviews={<CoachReviews summary={profile.data.reviewSummary} timeZone={profile.data.timeZone} />}
          messageAction={!user || user.userType === "player" ? <MessageCoachLink coachId={profile.data.id} /> : null}
          requestAction={(label) =>
            user ? (
              <RequestSessionButton
                label={label}
                initiallyOpen={reopenRequest}
                coach={{ id: profile.data.id, name: coachName(profile.data), rates: profile.data.rates, timeZone: profile.data.timeZone }}
                athleteId={athleteId}
                athletePicker={
                  user.userType === "player" ? (
                    <Suspense fallback={null}>
                      <AthletePicker coachId={profile.data.id} value={athleteId} onChange={setAthleteId} />
                    </Suspense>
                  ) : null
                }
              />
            ) : (
              // DESIGN 11: a request needs an account; the visitor comes back to this coach with the dialog open.
              <Button asChild size="lg" variant={label === "Request Session" ? "primary" : "outline"}>
                <Link href={signInHref(`${paths.coachProfile(profile.data.id)}?request=true`)}>{label}</Link>
              </Button>
            )
          }
        />
      )}
      {coachId !== null && profile.data ? (
        <Suspense fallback={null}>
          <PackageOffers
            coachId={coachId}
            onBuy={(p) => navigate(user ? paths.packageCheckout(p.id) : signInHref(paths.coachProfile(coachId)))}
          />
          {user?.userType === "player" ? <MyCredits coachId={coachId} title="My credits with this coach" /> : null}
        </Suspense>
      ) : null}
    </div>
  );
}
