import { CalendarDays, Clock, DollarSign, Phone, User } from "lucide-react";
import { athleteFacts, sessionAthleteName } from "@contract/families";
import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { Spinner } from "@client/components/ui/spinner";
import { bookingState, seriesWeekLabels } from "@client/lib/states";
import { useCoachBookings, type CoachBooking } from "../api/coach-bookings";
import { canCancel, canMarkNoShow, groupCoachBookings, payoutLabel, sessionRange, shortDate } from "./booking-groups";
import { CancelSessionDialog, FeedbackDialog, NoShowDialog } from "./session-dialogs";
import { fullName } from "@contract/names";

export const BOOKINGS_LOAD_FAILED = "Failed to load bookings. Please try again later.";

/** The athlete the session is for (DESIGN.md 11). */
const studentName = (b: CoachBooking) => sessionAthleteName(b, "Student");

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
      canMarkNoShow={canMarkNoShow(b, at)}
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
      <CancelSessionDialog booking={dialogs.cancel} onClose={() => open("cancel", null)} />
      <FeedbackDialog booking={dialogs.feedback} onClose={() => open("feedback", null)} />
      <NoShowDialog booking={dialogs.noShow} onClose={() => open("noShow", null)} />
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
  canMarkNoShow?: boolean;
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
  canMarkNoShow: noShowOpen = false,
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
      <Card className="flex h-full flex-col gap-3 p-5" data-testid={`coach-booking-${b.id}`} aria-label={`Booking with ${studentName(b)}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="flex items-center gap-2 font-semibold text-field-950">
            <User aria-hidden className="size-4 text-field-700" />
            {studentName(b)}
            {b.athlete ? <span className="text-sm font-normal text-slate-600">{athleteFacts(b.athlete)}</span> : null}
          </p>
          <div className="flex flex-wrap gap-1.5">
            {seriesLabel ? (
              <Badge variant="outline" data-testid="series-label">
                {seriesLabel}
              </Badge>
            ) : null}
            <Badge variant={state.tone}>{state.label}</Badge>
            {payout ? <Badge variant={payout === "Paid out" ? "success" : "warning"}>{payout}</Badge> : null}
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <Item icon={<Phone aria-hidden />} label="Phone">
            {b.student?.phoneNumber ?? "Not provided"}
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
          {noShowOpen && onNoShow ? (
            <Button variant="outline" size="sm" onClick={onNoShow}>
              Mark No-show
            </Button>
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

const titleCase = (value: string | null | undefined) => (value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, " ") : null);

/** The student's contact and playing profile, the notes and the amounts (coach-side 3). */
export function BookingDetailsDialog({ booking: b, onClose }: { booking: CoachBooking | null; onClose: () => void }) {
  const s = b?.student;
  const parent = [s?.parentFirstName, s?.parentLastName].filter(Boolean).join(" ");
  const positions = [s?.position, s?.secondaryPosition].filter(Boolean).join(", ");
  return (
    <Dialog open={b !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {b ? (
          <>
            <DialogHeader>
              <DialogTitle>Booking Details</DialogTitle>
              <DialogDescription>
                {shortDate(b.sessionDate)}, {sessionRange(b)}
                {b.timeSlot.locationName ? ` at ${b.timeSlot.locationName}` : ""}
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-6 sm:grid-cols-2">
              <DetailGroup title="Student">
                <Detail label="Athlete">{studentName(b)}</Detail>
                <Detail label="Age and position">{athleteFacts(b.athlete) || null}</Detail>
                <Detail label="Guardians">
                  {b.guardians?.length
                    ? b.guardians.map((g) => [fullName(g), g.email, g.phoneNumber].filter(Boolean).join(", ")).join("; ")
                    : null}
                </Detail>
                <Detail label="Email">{s?.email}</Detail>
                <Detail label="Phone">{s?.phoneNumber}</Detail>
                <Detail label="Parent / guardian">{parent || null}</Detail>
                <Detail label="Parent phone">{s?.parentPhoneNumber}</Detail>
                <Detail label="Parent email">{s?.parentEmail}</Detail>
              </DetailGroup>
              <DetailGroup title="Player profile">
                <Detail label="Age group">{titleCase(s?.ageGroup)}</Detail>
                <Detail label="Skill level">{titleCase(s?.skillLevel)}</Detail>
                <Detail label="Positions">{positions || null}</Detail>
                <Detail label="Goals">{s?.goals.length ? s.goals.join(", ") : null}</Detail>
                <Detail label="Coaching style">{s?.preferredCoachingStyle}</Detail>
                <Detail label="Session preferences">{s?.sessionPreferences.length ? s.sessionPreferences.join(", ") : null}</Detail>
              </DetailGroup>
              <DetailGroup title="Session">
                <Detail label="Status">{bookingState(b, "coach").label}</Detail>
                <Detail label="Type">
                  {b.sessionType === "group" ? "Group" : "Individual"}, {b.duration} min
                </Detail>
                <Detail label="Location">{[b.timeSlot.locationName, b.timeSlot.locationAddress].filter(Boolean).join(", ") || null}</Detail>
                <Detail label="Notes">{b.notes}</Detail>
                {b.cancellationReason ? <Detail label="Cancellation reason">{b.cancellationReason}</Detail> : null}
              </DetailGroup>
              <DetailGroup title="Amounts">
                <Detail label="Session rate">${b.rate}</Detail>
                <Detail label="Tip">${b.tipAmount}</Detail>
                <Detail label="Student paid">${b.totalAmount}</Detail>
                <Detail label="Your earnings">${b.coachEarnings}</Detail>
                {payoutLabel(b) ? <Detail label="Payout">{payoutLabel(b)}</Detail> : null}
              </DetailGroup>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-bold tracking-wide text-field-800 uppercase">{title}</h3>
      <dl className="flex flex-col gap-1.5 text-sm">{children}</dl>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children ?? "Not provided"}</dd>
    </div>
  );
}
