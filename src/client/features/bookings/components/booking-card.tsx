import { CalendarDays, Clock, CreditCard, Mail, MessageSquare, Phone } from "lucide-react";
import { athleteFacts, sessionAthleteName } from "@contract/family-basics";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link } from "wouter";
import type { Booking } from "@contract/bookings";
import { PAID_WITH_CREDIT, paymentLabel } from "@contract/family-basics";
import { Avatar } from "@client/components/ui/avatar";
import { Button } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { messagesWithCoach, messagesWithFamily, paths } from "@client/config/paths";
import { formatLongDate, formatSessionRange, formatSessionTime } from "@client/lib/when";
import { bookingState, SeriesBadge, StateBadge, type Viewer } from "@client/lib/states";
import { dollars, personName, sessionTypeLabel } from "./booking-format";
import { SessionPlaceDetails } from "./session-place";

/** coach-side 2: one card that cannot be drawn must not take the whole list down with it. */
export class BookingCardBoundary extends Component<{ bookingId: number | undefined; children: ReactNode }, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Booking ${this.props.bookingId} could not be displayed`, error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) {
      return (
        <Card className="border-red-200 bg-red-50">
          <CardContent className="pt-5 sm:pt-6">
            <p className="text-sm font-medium text-red-800">Error displaying booking {this.props.bookingId}</p>
          </CardContent>
        </Card>
      );
    }
    return this.props.children;
  }
}

function sessionDate(booking: Booking): string | null {
  return formatLongDate(booking.sessionDate ?? booking.timeSlot?.date);
}

function sessionTime(booking: Booking): string | null {
  const clock = { date: booking.sessionDate ?? booking.timeSlot?.date ?? "", timeZone: booking.timeZone };
  return (
    formatSessionRange(booking.startTime, booking.endTime, clock) ?? formatSessionTime(booking.startTime ?? booking.sessionTime, clock)
  );
}

/** When and what, in two lines (a parent scans a list of them on a phone): the date, then the time, length and kind. */
function Facts({ booking }: { booking: Booking }) {
  const date = sessionDate(booking);
  const time = sessionTime(booking);
  return (
    <ul className="grid gap-1 text-sm text-slate-700">
      <li className="flex items-center gap-2">
        <CalendarDays aria-hidden className="size-4 shrink-0 text-field-700" />
        {date ?? "Date information missing"}
      </li>
      <li className="flex items-start gap-2">
        <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-field-700" />
        <span>
          {/* The time on its own: what a parent reads first, and the zone ends it. */}
          <span>{time ?? "Time not available"}</span> · {booking.duration ?? 60} min · {sessionTypeLabel(booking.sessionType)}
        </span>
      </li>
    </ul>
  );
}

const KNOWN_STATES: readonly string[] = ["pending", "confirmed", "completed", "cancelled", "no_show"];

/** The one word and colour of each state (src/client/lib/states.tsx); a state this client does not know is an error the card's boundary shows. */
function StatusBadge({ booking, viewer }: { booking: Booking; viewer: Viewer }) {
  if (!KNOWN_STATES.includes(booking.status)) throw new Error(`Unknown booking status: ${String(booking.status)}`);
  return <StateBadge state={bookingState(booking, viewer)} />;
}

/** The name a booking card is about, with the series week and the status as the viewer sees it. */
function CardHeading({
  name,
  seriesLabel,
  booking,
  viewer,
}: {
  name: string;
  seriesLabel: string | undefined;
  booking: Booking;
  viewer: Viewer;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h3 className="font-display text-lg font-bold text-field-950 uppercase">{name}</h3>
      <div className="flex flex-wrap gap-1.5">
        <SeriesBadge label={seriesLabel} />
        <StatusBadge booking={booking} viewer={viewer} />
      </div>
    </div>
  );
}

/** A student's booking: the coach's name, title and photo, the session and what it costs. */
export function StudentBookingCard({ booking, seriesLabel }: { booking: Booking; seriesLabel?: string | undefined }) {
  const name = booking.coachName || personName(booking.coach.user, "Coach");
  const photo = booking.coach.profileImageUrl ?? booking.coach.user.profileImageUrl;
  return (
    <Card data-testid={`booking-${booking.id}`}>
      <CardContent className="flex flex-col gap-3 pt-4 sm:gap-4 sm:pt-6">
        <div className="flex items-start gap-3 sm:gap-4">
          <Avatar name={name} photo={photo} className="size-10 text-base sm:size-14 sm:text-xl" />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <CardHeading name={name} seriesLabel={seriesLabel} booking={booking} viewer="family" />
            {/* The coach's title is for choosing a coach; on a phone the list keeps to the session. */}
            <p className="hidden text-sm text-slate-600 sm:block">{booking.coach.title}</p>
            {booking.athlete ? <p className="text-sm font-semibold text-field-800">For {sessionAthleteName(booking, "")}</p> : null}
          </div>
        </div>
        <Facts booking={booking} />
        {booking.timeSlot ? <SessionPlaceDetails place={booking.timeSlot} /> : null}
        <PaymentLine booking={booking} />
        {booking.status === "pending" ? (
          <Button asChild className="self-start">
            <Link href={paths.bookingCheckout(booking.id)}>
              <CreditCard aria-hidden /> Complete Payment
            </Link>
          </Button>
        ) : null}
        {booking.status === "no_show" && booking.noShowNote ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            Marked as a no-show by the coach: {booking.noShowNote}
          </p>
        ) : null}
        {booking.athleteId !== null && booking.feedbackSubmittedAt ? (
          <Button asChild variant="outline" size="sm" className="self-start">
            <Link href={`/athletes/${booking.athleteId}/progress`}>See progress</Link>
          </Button>
        ) : null}
        <MessageLink href={messagesWithCoach(booking.coachId)} label={`Message ${name}`} />
      </CardContent>
    </Card>
  );
}

/** A coach's booking: the student's contact and what the coach earns. */
export function CoachBookingCard({ booking, seriesLabel }: { booking: Booking; seriesLabel?: string | undefined }) {
  const name = sessionAthleteName(booking, personName(booking.student, "Student"));
  return (
    <Card data-testid={`booking-${booking.id}`}>
      <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
        <div className="flex items-start gap-4">
          <Avatar name={name} photo={booking.student?.profileImageUrl} className="size-14 text-xl" />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <CardHeading name={name} seriesLabel={seriesLabel} booking={booking} viewer="coach" />
            {athleteFacts(booking.athlete) ? <p className="text-sm text-slate-600">{athleteFacts(booking.athlete)}</p> : null}
            {booking.contact?.isGuardian ? (
              <p className="text-sm font-semibold text-field-800" data-testid="coach-contact-label">
                {booking.contact.label}
              </p>
            ) : null}
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Phone aria-hidden className="size-4 text-field-700" />
              {booking.contact?.phoneNumber ?? "No phone number"}
            </p>
            <p className="flex items-center gap-2 text-sm break-all text-slate-700">
              <Mail aria-hidden className="size-4 text-field-700" />
              {booking.contact?.email ?? "No e-mail"}
            </p>
          </div>
        </div>
        <Facts booking={booking} />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-sm sm:grid-cols-3">
          <Amount label="Session" value={booking.rate} />
          <Amount label="Tip" value={booking.tipAmount} />
          <Amount label="Your earnings" value={booking.coachEarnings} strong />
        </dl>
        <MessageLink href={messagesWithFamily(booking.studentId)} label={`Message ${name}'s family`} />
      </CardContent>
    </Card>
  );
}

/**
 * How the family paid, in one line (DESIGN.md 12): a credit-paid session says so and never shows
 * its share of the package as a total; a card payment shows what was charged; a hold what is due.
 */
function PaymentLine({ booking }: { booking: Booking }) {
  const label = paymentLabel(booking);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 border-t border-slate-100 pt-2 text-sm" data-testid="payment-line">
      {label === PAID_WITH_CREDIT ? (
        <span className="font-semibold text-field-950">{label}</span>
      ) : label ? (
        <>
          <span className="text-slate-700">{label}</span>
          <span className="font-bold text-field-950">{dollars(booking.totalAmount)} total</span>
          {booking.tipAmount !== "0.00" ? <span className="text-slate-500">incl. {dollars(booking.tipAmount)} tip</span> : null}
        </>
      ) : (
        <span className="font-bold text-field-950">{dollars(booking.totalAmount)} due</span>
      )}
    </p>
  );
}

/** The conversation with the other side of a booking (issue 24). */
function MessageLink({ href, label }: { href: string; label: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1 self-start text-sm font-semibold text-field-700 underline-offset-4 hover:underline"
    >
      <MessageSquare aria-hidden className="size-4" /> {label}
    </Link>
  );
}

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex flex-col">
      <dt className="text-slate-500">{label}</dt>
      <dd className={strong ? "font-bold text-field-950" : "text-slate-900"}>{dollars(value)}</dd>
    </div>
  );
}
