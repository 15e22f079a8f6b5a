import { CalendarClock, MapPin } from "lucide-react";
import { athleteFacts, sessionAthleteName } from "@contract/family-basics";
import { Card } from "@client/components/ui/card";
import { useCoachBookings } from "../api/coach-bookings";
import { sessionRange, shortDate } from "./booking-groups";

/** The coach's next paid session (issue 29: after the requests to answer, before the figures). */
export function NextSessionCard({ now = new Date() }: { now?: Date }) {
  const bookings = useCoachBookings();
  const next = (bookings.data ?? [])
    .filter((b) => b.status === "confirmed" && Date.parse(b.endsAt) > now.getTime())
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
  // The athlete the seat is for, with their age and position (DESIGN.md 11).
  const student = next ? sessionAthleteName(next, "Student") : null;
  const facts = next ? athleteFacts(next.athlete) : "";
  const place = next ? [next.timeSlot.locationName, next.timeSlot.locationAddress].filter(Boolean).join(", ") : "";
  return (
    <section aria-labelledby="next-session-heading" className="flex flex-col gap-3">
      <h2 id="next-session-heading" className="font-display text-xl font-bold text-field-900 uppercase">
        Next Session
      </h2>
      {bookings.isLoading ? (
        // Holds the place of one session card, so the figures below do not move when it arrives.
        <div aria-busy="true" aria-label="Loading the next session" className="h-24 animate-pulse rounded-lg bg-slate-100" />
      ) : next ? (
        <Card className="flex flex-col gap-1 p-4 sm:p-5" data-testid="next-session">
          <p className="font-semibold text-field-950">
            {student} · {next.sessionType === "group" ? "Group" : "Individual"}, {next.duration} min
          </p>
          {facts ? <p className="text-sm text-slate-600">{facts}</p> : null}
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <CalendarClock aria-hidden className="size-4 shrink-0 text-field-700" />
            {shortDate(next.sessionDate)}, {sessionRange(next)}
          </p>
          {place ? (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <MapPin aria-hidden className="size-4 shrink-0 text-field-700" />
              {place}
            </p>
          ) : null}
        </Card>
      ) : (
        <p className="text-slate-600">No upcoming paid sessions yet.</p>
      )}
    </section>
  );
}
