import { CheckCircle2, CreditCard, Search } from "lucide-react";
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { Link, useSearch } from "wouter";
import type { Booking } from "@contract/bookings";
import { seriesWeekLabels } from "../../lib/states";
import { decimalToCents, formatDollars } from "@contract/money";
import { Button } from "../../components/ui/button";
import { PageHeader } from "../../components/ui/page-header";
import { FullPageSpinner } from "../../components/ui/spinner";
import { checkoutOfBookings, paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";
import { useCoachBookings } from "../../features/bookings/api/coach-bookings";
import { useStudentBookings } from "../../features/bookings/api/get-student-bookings";
import { BookingCardBoundary, CoachBookingCard, StudentBookingCard } from "../../features/bookings/components/booking-card";
import { splitBookings } from "../../features/bookings/components/booking-lists";
import { bookingAthleteName } from "../../features/bookings/components/booking-format";
import { isUnauthorized } from "../../lib/api-client";
import { useMyReviews } from "../../features/reviews/api/reviews";
import { MyWaitlist } from "../../features/waitlist/components/my-waitlist";
import { MyCredits } from "../../features/packages/components/my-credits";
import { CalendarFeedCard } from "../../features/calendar/components/calendar-feed-card";
import { CoachBookingExtras, StudentBookingExtras } from "../booking-extras";
import { HoldCountdown, useHoldRemaining } from "../../features/payments/components/hold-countdown";
import { formatLongDate, formatSessionRange } from "../../lib/when";

const toSignIn = { loginUrl: paths.login };

export function MyBookingsPage() {
  const { user } = useCurrentUser();
  const isCoach = user?.userType === "coach";
  // coach-side 8: a 401 on this page sends the browser to /login (not /api/login).
  const student = useStudentBookings(!!user && !isCoach, toSignIn);
  const coach = useCoachBookings(!!user && isCoach, toSignIn);
  const list = isCoach ? coach : student;
  const query = new URLSearchParams(useSearch());
  const success = query.get("success") === "true";
  const bookedWithCredit = query.get("success") === "credit";
  // The review e-mail links to /my-bookings?review=<booking id>: that booking's review form opens.
  const reviewParam = Number(query.get("review"));
  const reviews = useMyReviews(!!user && !isCoach);
  // /my-bookings?booking=<id> (an athlete page's row): that booking's card, opened and in view.
  const bookingParam = Number(query.get("booking"));
  const isListed = list.isSuccess;
  useEffect(() => {
    if (!isListed || !bookingParam) return;
    const card = document.querySelector(`[data-testid="booking-${bookingParam}"]`);
    const folded = card?.closest("details");
    if (folded) folded.open = true;
    card?.scrollIntoView({ block: "center" });
  }, [isListed, bookingParam]);
  const reviewByBooking = useMemo(() => new Map((reviews.data ?? []).map((r) => [r.bookingId, r])), [reviews.data]);

  // My Bookings by child (issue 42): a family of two or more athletes picks whose sessions it sees.
  const athletes = useMemo(() => athletesOf(isCoach ? [] : (list.data ?? [])), [isCoach, list.data]);
  const [athleteId, setAthleteId] = useState<number | null>(null);
  const shown = useMemo(
    () => (list.data ?? []).filter((b) => athleteId === null || athletes.length < 2 || b.athleteId === athleteId),
    [list.data, athleteId, athletes.length],
  );
  const { upcoming, past } = useMemo(() => splitBookings(shown, new Date()), [shown]);
  // A weekly series' weeks, grouped visibly: "Weekly · week 2 of 8" (DESIGN.md 11).
  const seriesLabels = useMemo(() => seriesWeekLabels(list.data ?? []), [list.data]);
  // Both sections draw a booking alike: the viewer's card, its actions below it, its series week.
  const bookingView = {
    Card: isCoach ? CoachBookingCard : StudentBookingCard,
    extras: (booking: Booking) =>
      isCoach ? (
        <CoachBookingExtras booking={booking} />
      ) : (
        <StudentBookingExtras
          booking={booking}
          review={reviewByBooking.get(booking.id)}
          openReview={reviews.isSuccess && reviewParam === booking.id}
        />
      ),
    seriesLabels,
    groupHolds: !isCoach,
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="My Bookings"
        lead={isCoach ? "Sessions players have booked with you." : "Your upcoming and past training sessions."}
        link={{ href: paths.findCoaches, label: "Find a Coach", icon: Search }}
      />

      {success || bookedWithCredit ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900"
        >
          <CheckCircle2 aria-hidden className="size-5 shrink-0" />
          <p className="font-semibold">
            {bookedWithCredit ? "Booked with a credit. No card was charged." : "Payment Successful! Your session is booked."}
          </p>
        </div>
      ) : null}

      {!user || list.isLoading ? (
        <FullPageSpinner label="Loading bookings..." />
      ) : list.isError ? (
        isUnauthorized(list.error) ? null : (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            Failed to load bookings. Please try again later.
          </p>
        )
      ) : (
        <>
          {athletes.length >= 2 ? <AthleteFilter athletes={athletes} value={athleteId} onChange={setAthleteId} /> : null}
          {isCoach ? null : <FinishBookingStrip bookings={upcoming} />}
          {isCoach ? null : <MyWaitlist />}
          <MyCredits title={isCoach ? "Credits families bought" : "My Credits"} canRefund={isCoach} />
          <BookingSection title="Upcoming Sessions" empty="No upcoming sessions." bookings={upcoming} {...bookingView} />
          <BookingSection title="Past Sessions" empty="No past sessions yet." bookings={past} {...bookingView} />
          <CalendarFeedCard />
        </>
      )}
    </div>
  );
}

/** The athletes a family's bookings are for, in first-name order. */
function athletesOf(bookings: readonly Booking[]): { id: number; name: string }[] {
  const byId = new Map<number, string>();
  for (const b of bookings) if (b.athleteId !== null && b.athlete) byId.set(b.athleteId, b.athlete.firstName);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

function AthleteFilter({
  athletes,
  value,
  onChange,
}: {
  athletes: { id: number; name: string }[];
  value: number | null;
  onChange: (athleteId: number | null) => void;
}) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor="bookings-athlete" className="font-semibold text-field-950">
        Sessions of
      </label>
      <select
        id="bookings-athlete"
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
      >
        <option value="">All athletes</option>
        {athletes.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A family's unpaid holds first, each with its live countdown and the way to pay (issue 29): a
 * held seat is lost when the time runs out, so it is not left to be found in the list below.
 */
function FinishBookingStrip({ bookings }: { bookings: Booking[] }) {
  const [now, setNow] = useState(() => Date.now());
  const holds = bookings.filter((b) => b.status === "pending" && b.holdExpiresAt && Date.parse(b.holdExpiresAt) > now);
  if (holds.length === 0) return null;
  // The weeks of a series held together are paid together, in one checkout (DESIGN.md 11).
  const checkouts = new Map<string, Booking[]>();
  for (const b of holds) {
    const key = b.seriesId ? `${b.seriesId}|${b.athleteId}|${b.holdExpiresAt}` : `booking-${b.id}`;
    checkouts.set(key, [...(checkouts.get(key) ?? []), b]);
  }
  return (
    <section
      aria-labelledby="finish-booking-heading"
      className="flex flex-col gap-3 rounded-2xl border-2 border-amber-300 bg-amber-50/60 p-4 sm:p-5"
    >
      <div>
        <h2 id="finish-booking-heading" className="font-display text-xl font-bold text-field-950 uppercase">
          Finish booking
        </h2>
        <p className="text-sm text-slate-700">These seats are held for you until the time runs out. Pay to confirm them.</p>
      </div>
      <ul className="flex flex-col gap-3">
        {[...checkouts.values()].map((group) => (
          <FinishBookingItem key={group[0]!.id} bookings={group} onExpired={() => setNow(Date.now())} />
        ))}
      </ul>
    </section>
  );
}

function FinishBookingItem({ bookings, onExpired }: { bookings: Booking[]; onExpired: () => void }) {
  const booking = bookings[0]!;
  const remaining = useHoldRemaining(booking.holdExpiresAt, onExpired);
  const clock = { date: booking.sessionDate, timeZone: booking.timeZone };
  const first = [formatLongDate(booking.sessionDate), formatSessionRange(booking.startTime, booking.endTime, clock)]
    .filter(Boolean)
    .join(", ");
  const when = bookings.length > 1 ? `Weekly, ${bookings.length} sessions from ${first}` : first;
  const total = bookings.reduce((sum, b) => sum + (decimalToCents(b.totalAmount) ?? 0), 0);
  return (
    <li
      data-testid={`finish-booking-${booking.id}`}
      className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold text-field-950">
          {booking.coachName} · {formatDollars(total)}
        </p>
        {booking.athlete ? <p className="text-sm font-semibold text-field-800">For {bookingAthleteName(booking, "")}</p> : null}
        <p className="text-sm text-slate-700">{when}</p>
        {remaining !== null && remaining > 0 ? <HoldCountdown remainingMs={remaining} text="Held for" /> : null}
      </div>
      <Button asChild className="shrink-0">
        <Link href={checkoutOfBookings(bookings.map((b) => b.id))}>
          <CreditCard aria-hidden /> Pay now
        </Link>
      </Button>
    </li>
  );
}

function BookingSection({
  title,
  empty,
  bookings,
  Card,
  extras,
  seriesLabels,
  groupHolds,
}: {
  /** A family's list shows one row per hold; a coach's, each athlete's seat (their cards name the athlete). */
  groupHolds: boolean;
  title: string;
  empty: string;
  bookings: Booking[];
  Card: ComponentType<{ booking: Booking; seriesLabel?: string | undefined }>;
  extras: (booking: Booking) => ReactNode;
  seriesLabels: Map<number, string>;
}) {
  const headingId = `${title.toLowerCase().replace(/\s+/g, "-")}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-display text-xl font-bold text-field-900 uppercase">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        (groupHolds ? holdsOf(bookings) : bookings.map((b) => [b])).map((hold) => {
          const [booking, ...rest] = hold;
          if (!booking) return null;
          return (
            <BookingCardBoundary key={booking.id} bookingId={booking.id}>
              {rest.length > 0 ? <HoldHeading bookings={hold} /> : null}
              <Card booking={booking} seriesLabel={seriesLabels.get(booking.id)} />
              {extras(booking)}
              {rest.length > 0 ? (
                <details className="rounded-xl border border-slate-200 bg-white px-4 py-2" data-testid="hold-more">
                  <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-field-800">
                    {isSeries(hold)
                      ? `The other ${rest.length} ${rest.length === 1 ? "week" : "weeks"}`
                      : `The other ${rest.length === 1 ? "athlete's seat" : `${rest.length} athletes' seats`}`}
                  </summary>
                  <div className="flex flex-col gap-3 pb-2">
                    {rest.map((b) => (
                      <div key={b.id} className="flex flex-col gap-2">
                        <Card booking={b} seriesLabel={seriesLabels.get(b.id)} />
                        {extras(b)}
                      </div>
                    ))}
                  </div>
                </details>
              ) : null}
            </BookingCardBoundary>
          );
        })
      )}
    </section>
  );
}

const isSeries = (hold: readonly Booking[]) => new Set(hold.map((b) => b.sessionDate)).size > 1;

/**
 * One row per hold (issue 42): the seats booked in one request (siblings in one slot, the weeks of
 * a series, by card or with credits) were made in one transaction, so they share their making
 * instant and their slot or series. Bookings keep their order; a hold sits where its first one is.
 */
function holdsOf(bookings: readonly Booking[]): Booking[][] {
  const holds = new Map<string, Booking[]>();
  for (const b of bookings) {
    const key = `${b.createdAt}|${b.seriesId ?? `slot-${b.timeSlotId}`}|${b.studentId}`;
    holds.set(key, [...(holds.get(key) ?? []), b]);
  }
  return [...holds.values()];
}

/** What a hold of several sessions is, above its first card: whose seats, or how many weeks, and how it was paid. */
function HoldHeading({ bookings }: { bookings: Booking[] }) {
  const names = [...new Set(bookings.map((b) => bookingAthleteName(b, "")).filter(Boolean))];
  const what = isSeries(bookings) ? `Weekly · ${bookings.length} sessions` : `${bookings.length} seats`;
  const paid = bookings.every((b) => b.paidWith === "credit") ? " · Paid with credits" : "";
  return (
    <p className="text-sm font-semibold text-field-900" data-testid="hold-heading">
      {what}
      {names.length > 0 ? ` for ${names.join(", ")}` : ""}
      {paid}
    </p>
  );
}
