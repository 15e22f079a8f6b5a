import { useParams } from "wouter";
import { AthleteProgressView } from "../../features/progress/components/athlete-progress";
import { NotFoundPage } from "./not-found";

/** /athletes/:id/progress (DESIGN.md 11): the athlete's record, for the family and the coaches who coached them. */
export function AthleteProgressPage() {
  const { id = "" } = useParams<{ id: string }>();
  if (!/^\d{1,9}$/.test(id)) return <NotFoundPage />;
  return <AthleteProgressView athleteId={Number(id)} />;
}
