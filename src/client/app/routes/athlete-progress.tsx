import { Suspense } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { Link, useParams } from "wouter";
import { paths } from "../../config/paths";
import { AthleteProgressView } from "../../features/progress/components/athlete-progress";
import { NotFoundPage } from "./not-found";

// Only a family reading its own athlete's record sees it, after the record itself.
const FamilyAthleteNav = lazyWithReload(async () => ({
  default: (await import("../../features/families/components/family-athlete-nav")).FamilyAthleteNav,
}));

/** /athletes/:id/progress (DESIGN.md 11): the athlete's record, for the family and the coaches who coached them. */
export function AthleteProgressPage() {
  const { id = "" } = useParams<{ id: string }>();
  if (!/^\d{1,9}$/.test(id)) return <NotFoundPage />;
  const athleteId = Number(id);
  return (
    <>
      <Suspense fallback={null}>
        <FamilyAthleteNav athleteId={athleteId} hrefFor={paths.athleteProgress}>
          <Link href={paths.athlete(athleteId)} className="self-start text-sm text-field-700 underline">
            Sessions and feedback
          </Link>
        </FamilyAthleteNav>
      </Suspense>
      <AthleteProgressView athleteId={athleteId} />
    </>
  );
}
