import { CalendarDays, ChevronRight, Clock, CreditCard, MessageSquare, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { Booking } from "@contract/bookings";
import type { ScheduleSession } from "@contract/schedule";
import { Card } from "../components/ui/card";
import { checkoutOfBookings, paths } from "../config/paths";
import { useStudentBookings } from "../features/bookings/api/get-student-bookings";
import { useUnreadSummary } from "../features/messages/api/messages";
import { useCredits } from "../features/packages/api/packages";
import { useSchedule } from "../features/schedule/api/get-schedule";
import { dateInZone, formatDayLabel, formatInstantTime, zoneAbbreviation } from "../lib/when";

/**
 * Issue 47, "Home that knows the week": what a family or a coach needs next, each one tap from its
 * page, read from the endpoints those pages use (the schedule kept for the field, the bookings,
 * the unread count, the credits), so opening the page after Home finds them in the cache. Loaded
 * just after Home's first screen (its budget, scripts/check-bundle-budget.mjs).
 */

/** "Sat, Dec 5, 4:00 PM EST": the session's day and start on the coach's clock, the zone named. */
function sessionStart(session: Pick<ScheduleSession, "startsAt" | "timeZone">): string {
  const zone = session.timeZone;
  const at = new Date(session.startsAt);
  const day = formatDayLabel(dateInZone(at.getTime(), zone)) ?? "";
  return `${day}, ${formatInstantTime(session.startsAt, zone, zone) ?? ""} ${zoneAbbreviation(zone, at)}`;
}

/** The first session of each athlete in the schedule (time order), the account holder's own under their name. */
export function nextSessionPerAthlete(sessions: readonly ScheduleSession[], ownName: string): ScheduleSession[] {
  const seen = new Set<string>();
  return sessions.filter((s) => {
    const who = s.athleteName ?? ownName;
    if (seen.has(who)) return false;
    seen.add(who);
    return true;
  });
}

/** Seats held and not yet paid, still within their hold. */
export function holdsToFinish(bookings: readonly Booking[], nowMs: number): Booking[] {
  return bookings.filter((b) => b.status === "pending" && b.holdExpiresAt !== null && new Date(b.holdExpiresAt).getTime() > nowMs);
}

/** One card of the week's list (an item of it). */
function WeekCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
        <h3 className="flex items-center gap-2 font-display text-lg font-bold text-field-950 uppercase [&_svg]:size-5 [&_svg]:text-field-700">
          {icon}
          {title}
        </h3>
        {children}
      </Card>
    </li>
  );
}

const rowLinkClass =
  "group flex items-center justify-between gap-2 rounded-lg px-2 py-2 -mx-2 text-field-950 hover:bg-field-50 focus-visible:outline-2 focus-visible:outline-accent-500";

function CountLink({ href, text }: { href: string; text: string }) {
  return (
    <Link href={href} className={rowLinkClass}>
      <span className="font-semibold">{text}</span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400 group-hover:text-field-700" />
    </Link>
  );
}

/** A family's week: the next session of each child, holds to pay, unread messages, credits left. */
export function FamilyWeek({ ownName }: { ownName: string }) {
  const schedule = useSchedule();
  const bookings = useStudentBookings();
  const unread = useUnreadSummary();
  const credits = useCredits();
  const next = nextSessionPerAthlete(schedule.data?.sessions ?? [], ownName);
  const holds = holdsToFinish(bookings.data ?? [], Date.now());
  const unreadCount = unread.data?.unreadCount ?? 0;
  const creditsLeft = (credits.data ?? []).filter((c) => c.state === "active").reduce((sum, c) => sum + c.remaining, 0);

  return (
    <section aria-labelledby="week-heading" className="mx-auto max-w-6xl px-4 pb-10 sm:px-6">
      <h2 id="week-heading" className="mb-4 font-display text-2xl font-bold text-field-950 uppercase">
        This week
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        <WeekCard title="Next sessions" icon={<CalendarDays aria-hidden />}>
          {schedule.isPending ? <p className="text-sm text-slate-600">Loading sessions...</p> : null}
          {schedule.isSuccess && next.length === 0 ? <p className="text-sm text-slate-600">No sessions in the next 14 days.</p> : null}
          <ul className="flex flex-col gap-1" data-testid="next-sessions">
            {next.map((s) => (
              <li key={s.bookingId}>
                <Link href={paths.schedule} className={rowLinkClass}>
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold">{s.athleteName ?? ownName}</span>
                    <span className="text-sm text-slate-700">
                      {sessionStart(s)} with {s.otherSide.name}
                    </span>
                  </span>
                  <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400 group-hover:text-field-700" />
                </Link>
              </li>
            ))}
          </ul>
        </WeekCard>
        <WeekCard title="Holds to finish" icon={<Clock aria-hidden />}>
          {bookings.isSuccess && holds.length === 0 ? <p className="text-sm text-slate-600">Nothing waiting for payment.</p> : null}
          <ul className="flex flex-col gap-2">
            {holds.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 text-sm text-field-950">
                  <span className="font-semibold">{b.coachName}</span> · {sessionStart(b)}
                </span>
                <Link
                  href={checkoutOfBookings([b.id])}
                  className="inline-flex h-9 items-center gap-2 rounded-lg bg-field-700 px-3 text-sm font-semibold text-white hover:bg-field-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 [&_svg]:size-4"
                >
                  <CreditCard aria-hidden /> Pay now
                </Link>
              </li>
            ))}
          </ul>
        </WeekCard>
        <WeekCard title="Messages" icon={<MessageSquare aria-hidden />}>
          <CountLink href={paths.messages()} text={unreadCount === 1 ? "1 unread message" : `${unreadCount} unread messages`} />
        </WeekCard>
        <WeekCard title="Credits" icon={<Ticket aria-hidden />}>
          <CountLink href={paths.myBookings} text={creditsLeft === 1 ? "1 credit left" : `${creditsLeft} credits left`} />
        </WeekCard>
      </ul>
    </section>
  );
}

/** A coach's day: today's sessions first, on the coach's clock. */
export function CoachToday() {
  const schedule = useSchedule();
  const sessions = schedule.data?.sessions ?? [];
  const today = sessions.filter((s) => dateInZone(new Date(s.startsAt).getTime(), s.timeZone) === dateInZone(Date.now(), s.timeZone));
  return (
    <section aria-labelledby="today-heading" className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
      <h2 id="today-heading" className="mb-4 font-display text-2xl font-bold text-field-950 uppercase">
        Today
      </h2>
      <Card className="p-4 sm:p-5">
        {schedule.isPending ? <p className="text-sm text-slate-600">Loading sessions...</p> : null}
        {schedule.isSuccess && today.length === 0 ? <p className="text-sm text-slate-600">No sessions today.</p> : null}
        <ul className="flex flex-col gap-1" data-testid="today-sessions">
          {today.map((s) => (
            <li key={s.bookingId}>
              <Link href={paths.schedule} className={rowLinkClass}>
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold">
                    {formatInstantTime(s.startsAt, s.timeZone, s.timeZone)} {zoneAbbreviation(s.timeZone, new Date(s.startsAt))} ·{" "}
                    {s.athleteName ?? s.otherSide.name}
                  </span>
                  <span className="text-sm text-slate-700">{[s.locationName, s.locationAddress].filter(Boolean).join(", ")}</span>
                </span>
                <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400 group-hover:text-field-700" />
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
