import { CalendarDays, Clock, DollarSign, Phone, User } from "lucide-react";
import { athleteFacts, sessionAthleteName } from "@contract/family-basics";
import { Suspense, useState, type ReactNode } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import { Link } from "wouter";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { Spinner } from "@client/components/ui/spinner";
import { bookingState, SeriesBadge, seriesWeekLabels, StateBadge } from "@client/lib/states";
import { useCoachBookings, type CoachBooking } from "../api/coach-bookings";
import { canCancel, groupCoachBookings, noShowButton, payoutLabel, sessionRange, shortDate, type NoShowButton } from "./booking-groups";
import { formatInstantDate, formatInstantTime } from "@client/lib/when";
import { BookingDetailsDialog } from "./booking-details-dialog";

// Closed until the coach acts: their frames load beside the sections, in a file and a task of their
// own (a phone's first screen, docs/PERFORMANCE.md); their forms, with the form library and the
// feedback, cancellation and no-show schemas, when the coach opens one (session-dialogs.tsx).
const loadSessionDialogs = () => import("./session-dialogs");
const CancelSessionDialog = lazyWithReload(async () => ({ default: (await loadSessionDialogs()).CancelSessionDialog }));
const FeedbackDialog = lazyWithReload(async () => ({ default: (await loadSessionDialogs()).FeedbackDialog }));
const NoShowDialog = lazyWithReload(async () => ({ default: (await loadSessionDialogs()).NoShowDialog }));

export const BOOKINGS_LOAD_FAILED = "Failed to load bookings. Please try again later.";

/** The athlete the session is for (DESIGN.md 11). */
const athleteName = (b: CoachBooking) => sessionAthleteName(b, "Student");

type Dialogs = { details: CoachBooking | null; cancel: CoachBooking | null; feedback: CoachBooking | null; noShow: CoachBooking | null };

export type BookingSectionName = "awaitingPayment" | "awaitingFeedback" | "list";
const ALL_SECTIONS: readonly BookingSectionName[] = ["awaitingPayment", "awaitingFeedback", "list"];

/**
 * The coach dashboard's booking sections (coach-side 2): awaiting payment, awaiting feedback,
 * upcoming and past (10 most recent), with the Details, Cancel and Submit Session Feedback dialogs.
 * `sections` picks which to render, so the page can place the bookings list after its other
 * sections; `now` is injectable for tests and defaults to the browser's clock.
 */
export function CoachBookingSections({ sections = ALL_SECTIONS, now }: { sections?: readonly BookingSectionName[]; now?: Date } = {}) {
  const bookings = useCoachBookings();
  const [dialogs, setDialogs] = useState<Dialogs>({ details: null, cancel: null, feedback: null, noShow: null });
  const open = (which: keyof Dialogs, booking: CoachBooking | null) => setDialogs((d) => ({ ...d, [which]: booking }));

  if (bookings.isLoading) return <Spinner label="Loading bookings..." />;
  if (bookings.isError) {
    return (
      <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 border-red-300 p-5">
        <p className="font-semibold text-red-800">{BOOKINGS_LOAD_FAILED}</p>
        <Button variant="outline" size="sm" onClick={() => void bookings.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }

  const at = now ?? new Date();
  const groups = groupCoachBookings(bookings.data ?? [], at);
  const seriesLabels = seriesWeekLabels(bookings.data ?? []);
  const card = (b: CoachBooking) => (
    <CoachBookingCard
      key={b.id}
      booking={b}
      seriesLabel={seriesLabels.get(b.id)}
      canCancel={canCancel(b, at)}
      noShow={noShowButton(b, at)}
      onDetails={() => open("details", b)}
      onCancel={() => open("cancel", b)}
      onFeedback={() => open("feedback", b)}
      onNoShow={() => open("noShow", b)}
    />
  );

  return (
    <div className="flex flex-col gap-8">
      {sections.includes("awaitingPayment") && groups.awaitingPayment.length > 0 ? (
        <Section id="bookings-awaiting-payment" title="Bookings Awaiting Payment" note="These seats are held while the students pay.">
          {groups.awaitingPayment.map(card)}
        </Section>
      ) : null}
      {sections.includes("awaitingFeedback") && groups.awaitingFeedback.length > 0 ? (
        <Section
          id="sessions-awaiting-feedback"
          title="Sessions Awaiting Feedback"
          note="Payment held until feedback: submit feedback to release your earnings."
        >
          {groups.awaitingFeedback.map(card)}
        </Section>
      ) : null}
      {sections.includes("list") ? (
        <>
          <Section id="upcoming-bookings" title="Upcoming Sessions" empty="No upcoming sessions yet.">
            {groups.upcoming.map(card)}
          </Section>
          <Section id="past-bookings" title="Past Sessions" empty="No past sessions yet.">
            {groups.past.map(card)}
          </Section>
        </>
      ) : null}
      <BookingDetailsDialog booking={dialogs.details} onClose={() => open("details", null)} />
      <Suspense fallback={null}>
        <CancelSessionDialog booking={dialogs.cancel} onClose={() => open("cancel", null)} />
        <FeedbackDialog booking={dialogs.feedback} onClose={() => open("feedback", null)} />
        <NoShowDialog booking={dialogs.noShow} onClose={() => open("noShow", null)} />
      </Suspense>
    </div>
  );
}

function Section({
  id,
  title,
  note,
  empty,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  empty?: string;
  children: ReactNode[];
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div>
        <h2 id={id} className="font-display text-2xl font-bold text-field-950 uppercase">
          {title}
        </h2>
        {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      </div>
      {children.length > 0 ? <ul className="grid gap-4 md:grid-cols-2">{children}</ul> : <p className="text-slate-600">{empty}</p>}
    </section>
  );
}

type CardProps = {
  booking: CoachBooking;
  /** "Weekly · week 2 of 8" for a week of a series. */
  seriesLabel?: string | undefined;
  canCancel: boolean;
  /** The no-show button: open until its deadline, or disabled with its earliest time. */
  noShow?: NoShowButton;
  onDetails: () => void;
  onCancel: () => void;
  onFeedback: () => void;
  onNoShow?: () => void;
};

/** Status, student name, phone, date, time, session type, duration and earnings (coach-side 2). */
export function CoachBookingCard({
  booking: b,
  seriesLabel,
  canCancel: cancellable,
  noShow = null,
  onDetails,
  onCancel,
  onFeedback,
  onNoShow,
}: CardProps) {
  const payout = payoutLabel(b);
  const needsFeedback = b.status === "completed" && !b.feedbackSubmittedAt;
  const state = bookingState(b, "coach");
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-5" data-testid={`coach-booking-${b.id}`} aria-label={`Booking with ${athleteName(b)}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="flex items-center gap-2 font-semibold text-field-950">
            <User aria-hidden className="size-4 text-field-700" />
            {athleteName(b)}
            {b.athlete ? <span className="text-sm font-normal text-slate-600">{athleteFacts(b.athlete)}</span> : null}
          </p>
          <div className="flex flex-wrap gap-1.5">
            <SeriesBadge label={seriesLabel} />
            <StateBadge state={state} />
            {payout ? <Badge variant={payout === "Paid out" ? "success" : "warning"}>{payout}</Badge> : null}
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <Item icon={<Phone aria-hidden />} label={b.contact?.isGuardian ? b.contact.label : "Phone"}>
            {b.contact?.phoneNumber ?? "Not provided"}
          </Item>
          <Item icon={<CalendarDays aria-hidden />} label="Date">
            {shortDate(b.sessionDate)}
          </Item>
          <Item icon={<Clock aria-hidden />} label="Time">
            {sessionRange(b)}
          </Item>
          <Item label="Session">
            {b.sessionType === "group" ? "Group" : "Individual"}, {b.duration} min
          </Item>
          <Item icon={<DollarSign aria-hidden />} label="Earnings">
            {/* A hold is not money yet (issue 29): it counts once the family pays. */}
            {b.status === "pending" ? `$${b.coachEarnings} once paid` : `$${b.coachEarnings}`}
          </Item>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button variant="outline" size="sm" onClick={onDetails}>
            Details
          </Button>
          {needsFeedback ? (
            <Button size="sm" onClick={onFeedback}>
              Submit Feedback
            </Button>
          ) : null}
          {cancellable ? (
            <Button variant="destructive" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          {noShow && onNoShow ? (
            <span className="flex flex-col items-start">
              <Button variant="outline" size="sm" onClick={onNoShow} disabled={!noShow.open} aria-describedby={`no-show-when-${b.id}`}>
                Mark No-show
              </Button>
              <span id={`no-show-when-${b.id}`} className="text-xs text-slate-500" data-testid="no-show-when">
                {noShow.open
                  ? `until ${formatInstantDate(noShow.until.toISOString(), b.timeZone) ?? ""}, ${formatInstantTime(noShow.until.toISOString(), b.timeZone) ?? ""}`
                  : `from ${formatInstantTime(noShow.from.toISOString(), b.timeZone) ?? ""}`}
              </span>
            </span>
          ) : null}
          {b.athleteId !== null && (b.feedbackSubmittedAt || b.status === "completed") ? (
            <Button asChild variant="ghost" size="sm">
              <Link href={`/athletes/${b.athleteId}/progress`}>Progress</Link>
            </Button>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

function Item({ icon, label, children }: { icon?: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="flex items-center gap-1 text-xs font-semibold text-slate-500 [&_svg]:size-3.5">
        {icon}
        {label}
      </dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
