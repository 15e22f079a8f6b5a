import { CalendarDays, MapPin, Phone } from "lucide-react";
import type { ScheduleSession } from "@contract/schedule";
import { Card, CardContent } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/page-header";
import { FullPageSpinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { useSchedule } from "../../features/schedule/api/get-schedule";
import { isUnauthorized } from "../../lib/api-client";
import { browserTimeZone, dateInZone, formatDayLabel, formatInstantTime, zoneAbbreviation } from "../../lib/when";

/** "8:05 AM" on the viewer's clock: when this copy was saved. */
const savedTime = (iso: string) => formatInstantTime(iso, browserTimeZone(), browserTimeZone()) ?? "";

/** "Tue, Dec 1" and "4:00 PM - 5:00 PM EST": the session's day and time on the coach's clock, the zone always named. */
function sessionWhen(session: ScheduleSession) {
  const zone = session.timeZone;
  const clock = (iso: string) => formatInstantTime(iso, zone, zone) ?? "";
  const day = formatDayLabel(dateInZone(new Date(session.startsAt).getTime(), zone)) ?? "";
  return { day, range: `${clock(session.startsAt)} - ${clock(session.endsAt)} ${zoneAbbreviation(zone, new Date(session.startsAt))}` };
}

function SessionCard({ session }: { session: ScheduleSession }) {
  const when = sessionWhen(session);
  const place = [session.locationName, session.locationAddress].filter(Boolean);
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 p-4">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-field-950">
          <CalendarDays aria-hidden className="size-5 text-field-700" />
          {when.day}, {when.range}
        </h2>
        <p className="text-slate-700">
          {session.sessionType === "group" ? "Group session" : "Individual session"}
          {session.athleteName ? ` for ${session.athleteName}` : ""}
        </p>
        <p className="flex items-start gap-2 text-slate-700">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{place.length > 0 ? place.join(", ") : "Place to be confirmed by the coach"}</span>
        </p>
        {session.locationNotes ? <p className="text-slate-700">Location notes: {session.locationNotes}</p> : null}
        {session.notes ? <p className="text-slate-700">Notes: {session.notes}</p> : null}
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          <Phone aria-hidden className="size-4" />
          <span>
            {session.otherSide.role === "coach" ? "Coach" : "Family"}: {session.otherSide.name}
          </span>
          {session.otherSide.phone ? (
            <a href={`tel:${session.otherSide.phone}`} className="font-semibold text-field-700 underline underline-offset-4">
              {session.otherSide.phone}
            </a>
          ) : null}
        </p>
      </CardContent>
    </Card>
  );
}

/** DESIGN 12 (In the pocket): the next 14 days of sessions, readable at the field with no connection. */
export function SchedulePage() {
  const schedule = useSchedule();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageHeader title="My Schedule" lead="Your sessions in the next 14 days, saved on this device for when there is no signal." />
      {schedule.isLoading ? (
        <FullPageSpinner label="Loading your schedule..." />
      ) : schedule.isError ? (
        isUnauthorized(schedule.error) ? null : (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            {navigator.onLine
              ? "Failed to load your schedule. Please try again later."
              : "You are offline, and no schedule is saved on this device yet."}
          </p>
        )
      ) : schedule.data ? (
        <>
          <p className="text-sm text-slate-600">Saved at {savedTime(schedule.data.savedAt)}</p>
          {schedule.data.sessions.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">
              No sessions in the next 14 days.{" "}
              <a className="font-semibold text-field-700 underline" href={paths.myBookings}>
                My Bookings
              </a>{" "}
              has the rest.
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {schedule.data.sessions.map((session) => (
                <li key={session.bookingId}>
                  <SessionCard session={session} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}
