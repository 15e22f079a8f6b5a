import { Link, useParams } from "wouter";
import { AGE_GROUP_LABELS } from "@contract/players";
import { athleteName } from "@contract/family-basics";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { useAthletes, useAthleteSessions } from "../../features/families/api/families";
import { AthleteSwitcher } from "../../features/families/components/athlete-switcher";
import { bookingState } from "../../lib/states";
import { formatInstantDate, formatInstantTime } from "../../lib/when";

/** /athletes/{id} (DESIGN.md 11): one athlete's sessions and their coaches' feedback. */
export function AthletePage() {
  const { id = "" } = useParams<{ id: string }>();
  const athleteId = Number(id);
  const athletes = useAthletes();
  const sessions = useAthleteSessions(athleteId);
  const athlete = athletes.data?.find((a) => a.id === athleteId);

  if (athletes.isSuccess && !athlete) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold">Athlete not found</h1>
        <Link href={paths.family} className="text-field-700 underline">
          Back to my family
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div>
        <Link href={paths.family} className="text-sm text-field-700 underline">
          My Family
        </Link>
        <div className="mt-2 mb-3">
          {/* DESIGN.md 11: a family moves between its athletes without going back to the family page. */}
          <AthleteSwitcher athletes={athletes.data} currentId={athleteId} label="Switch athlete" hrefFor={paths.athlete} />
        </div>
        <h1 className="text-3xl font-bold text-field-900">{athlete ? athleteName(athlete) : "Athlete"}</h1>
        {athlete ? (
          <p className="text-slate-600">
            {[
              athlete.age !== null ? `Age ${athlete.age}` : null,
              athlete.ageGroup ? AGE_GROUP_LABELS[athlete.ageGroup] : null,
              athlete.position,
              athlete.school,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        ) : null}
        {athlete ? (
          <Button asChild variant="outline" size="sm" className="mt-3">
            <Link href={paths.athleteProgress(athlete.id)}>See progress</Link>
          </Button>
        ) : null}
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Sessions and feedback</CardTitle>
        </CardHeader>
        <CardContent>
          {sessions.isLoading ? <Spinner label="Loading sessions..." /> : null}
          {sessions.isError ? (
            <p role="alert" className="text-red-700">
              Failed to load the sessions. Please try again later.
            </p>
          ) : null}
          {sessions.data && sessions.data.length === 0 ? <p className="text-slate-600">No sessions yet.</p> : null}
          <ul className="grid gap-3">
            {(sessions.data ?? []).map((s) => (
              <li key={s.id} className="rounded-lg border p-4">
                <p className="font-semibold">
                  {s.coachName} · {formatInstantDate(s.startsAt, s.timeZone)} {formatInstantTime(s.startsAt, s.timeZone)}
                </p>
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  {s.sessionType === "group" ? "Group" : "Individual"} session, {s.duration} minutes
                  <Badge variant={bookingState(s, "family").tone}>{bookingState(s, "family").label}</Badge>
                </p>
                {s.feedback ? (
                  <blockquote className="mt-2 border-l-4 border-accent-400 pl-3 text-sm">
                    <span className="font-semibold">Coach feedback:</span> {s.feedback.text}
                  </blockquote>
                ) : null}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
