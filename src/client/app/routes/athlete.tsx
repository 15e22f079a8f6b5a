import { Link, useParams } from "wouter";
import type { AthleteSession } from "@contract/bookings";
import { AGE_GROUP_LABELS } from "@contract/players";
import { athleteName } from "@contract/family-basics";
import { paymentLabel } from "@contract/family-basics";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { PageTitle } from "../../components/ui/page-title";
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
        <PageTitle>Athlete not found</PageTitle>
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
        <PageTitle>{athlete ? athleteName(athlete) : "Athlete"}</PageTitle>
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
              <li key={s.id} className="rounded-lg border p-4" data-testid={`athlete-session-${s.id}`}>
                {/* The row opens the booking on My Bookings (issue 42). */}
                <Link
                  href={`${paths.myBookings}?booking=${s.id}`}
                  className="font-semibold text-field-950 underline-offset-2 hover:underline"
                >
                  {s.coachName} · {formatInstantDate(s.startsAt, s.timeZone)} {formatInstantTime(s.startsAt, s.timeZone)}
                </Link>
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  {s.sessionType === "group" ? "Group" : "Individual"} session, {s.duration} minutes
                  <Badge variant={bookingState(s, "family").tone}>{bookingState(s, "family").label}</Badge>
                  {paymentLabel(s) ? <span>{paymentLabel(s)}</span> : null}
                </p>
                <SessionActions session={s} />
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

/** "Pay now" on an unpaid hold, "Book again" once the session is over (issue 42). */
function SessionActions({ session: s }: { session: AthleteSession }) {
  const isHeld = s.status === "pending" && s.holdExpiresAt !== null && Date.parse(s.holdExpiresAt) > Date.now();
  const isOver = Date.parse(s.endsAt) < Date.now() && s.status !== "pending";
  if (!isHeld && !isOver) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {isHeld ? (
        <Button asChild size="sm">
          <Link href={paths.bookingCheckout(s.id)}>Pay now</Link>
        </Button>
      ) : null}
      {isOver ? (
        <Button asChild size="sm" variant="outline">
          <Link href={paths.bookCoach(s.coachId)}>Book again</Link>
        </Button>
      ) : null}
    </div>
  );
}
