import { Link, useParams } from "wouter";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";
import { useAthletes } from "../../features/families/api/families";
import { AthleteSwitcher } from "../../features/families/components/athlete-switcher";
import { AthleteProgressView } from "../../features/progress/components/athlete-progress";
import { NotFoundPage } from "./not-found";

/** /athletes/:id/progress (DESIGN.md 11): the athlete's record, for the family and the coaches who coached them. */
export function AthleteProgressPage() {
  const { id = "" } = useParams<{ id: string }>();
  if (!/^\d{1,9}$/.test(id)) return <NotFoundPage />;
  return (
    <>
      <FamilyAthleteNav athleteId={Number(id)} />
      <AthleteProgressView athleteId={Number(id)} />
    </>
  );
}

/** A family moves between its athletes' progress (a coach, who sees one athlete, gets nothing here). */
function FamilyAthleteNav({ athleteId }: { athleteId: number }) {
  const { user } = useCurrentUser();
  const athletes = useAthletes(user?.userType === "player");
  const isOwn = athletes.data?.some((a) => a.id === athleteId) ?? false;
  if (!isOwn) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-6 sm:px-6">
      <Link href={paths.athlete(athleteId)} className="self-start text-sm text-field-700 underline">
        Sessions and feedback
      </Link>
      <AthleteSwitcher athletes={athletes.data} currentId={athleteId} label="Switch athlete" hrefFor={paths.athleteProgress} />
    </div>
  );
}
