import { Redirect, useLocation, useParams, useSearch } from "wouter";
import { paths } from "../../config/paths";
import { PageSkeleton } from "../../components/ui/page-skeleton";
import { useCoachPublicProfile } from "../../features/search/api/get-coach-public-profile";
import { RequestSessionButton } from "../../features/requests/components/request-session-button";
import { coachName } from "../../features/search/components/coach-bits";
import { BackToSearchLink, CoachProfileView } from "../../features/search/components/coach-profile-view";
import { CoachReviews } from "../../features/reviews/components/coach-reviews";
import { PackageOffers } from "../../features/packages/components/package-offers";
import { MyCredits } from "../../features/packages/components/my-credits";
import { useCurrentUser } from "../../lib/current-user";

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
          reviews={<CoachReviews summary={profile.data.reviewSummary} />}
          requestAction={
            <RequestSessionButton
              coach={{ id: profile.data.id, name: coachName(profile.data), rates: profile.data.rates, timeZone: profile.data.timeZone }}
            />
          }
        />
      )}
      {coachId !== null && profile.data ? (
        <>
          <PackageOffers
            coachId={coachId}
            onBuy={(p) =>
              navigate(user ? paths.packageCheckout(p.id) : `${paths.login}?redirect=${encodeURIComponent(`/coach/${coachId}`)}`)
            }
          />
          {user?.userType === "player" ? <MyCredits coachId={coachId} title="My credits with this coach" /> : null}
        </>
      ) : null}
    </div>
  );
}
