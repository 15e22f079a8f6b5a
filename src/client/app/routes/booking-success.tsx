import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, CheckCircle2, Mail, MessageSquare, Target } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "wouter";
import type { Booking } from "@contract/bookings";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";
import { useStudentBookings } from "../../features/bookings/api/get-student-bookings";
import { dollars, personName, sessionTypeLabel } from "../../features/bookings/components/booking-format";
import { SessionPlaceDetails } from "../../features/bookings/components/session-place";
import { formatLongDate, formatSessionRange } from "../../lib/when";
import { sessionDetailsQuery } from "../../features/payments/api/payment-intents";

const SESSION_ID_REMOVAL_DELAY_MS = 1000;

/** player-side 2: the provider's session id leaves the address bar after 1 s (it stays on screen as the reference). */
function useSessionIdFromAddress(): string | null {
  const [sessionId] = useState(() => new URLSearchParams(window.location.search).get("session_id"));
  useEffect(() => {
    if (!sessionId) return;
    const timer = window.setTimeout(() => {
      const url = new URL(window.location.href);
      url.searchParams.delete("session_id");
      window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    }, SESSION_ID_REMOVAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sessionId]);
  return sessionId;
}

export function BookingSuccessPage() {
  const { user } = useCurrentUser();
  const sessionId = useSessionIdFromAddress();
  const isStudent = !!user && user.userType !== "coach";
  const bookings = useStudentBookings(isStudent);
  const reference = useQuery({ ...sessionDetailsQuery(sessionId ?? ""), enabled: !!user && !!sessionId });
  const paymentReference = reference.data?.paymentIntentId ?? sessionId;
  const booking = bookings.data?.[0];

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 aria-hidden className="size-16 text-emerald-600" />
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">Payment Successful!</h1>
        <p className="text-slate-700">Your training session is booked. Thank you!</p>
      </header>

      {isStudent && bookings.isLoading ? <Spinner label="Loading your booking..." /> : null}
      {booking ? <Confirmation booking={booking} /> : null}

      <Card>
        <CardHeader>
          <CardTitle>What&apos;s Next?</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="flex flex-col gap-4">
            <Step icon={<Mail aria-hidden className="size-5" />} title="Check your email">
              A confirmation with your session details is on its way to your inbox.
            </Step>
            <Step icon={<MessageSquare aria-hidden className="size-5" />} title="Your coach will contact you">
              Your coach will reach out before the session to confirm the location and plan.
            </Step>
            <Step icon={<Target aria-hidden className="size-5" />} title="Prepare for your session">
              Bring your stick, gear and water, and arrive a few minutes early to warm up.
            </Step>
          </ol>
        </CardContent>
      </Card>

      {paymentReference ? (
        <p className="text-center text-sm text-slate-600">
          Payment reference: <span className="font-mono break-all text-slate-800">{paymentReference}</span>
        </p>
      ) : null}

      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.myBookings}>View My Bookings</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.findCoaches}>Book Another Session</Link>
        </Button>
      </div>
    </div>
  );
}

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-field-100 text-field-800">{icon}</span>
      <div>
        <p className="font-semibold text-slate-900">{title}</p>
        <p className="text-sm text-slate-600">{children}</p>
      </div>
    </li>
  );
}

function Confirmation({ booking }: { booking: Booking }) {
  const coachName = booking.coachName || personName(booking.coach?.user, "Your coach");
  const rows: [string, string][] = [
    ["Coach", coachName],
    ["Date", formatLongDate(booking.sessionDate ?? booking.timeSlot?.date) ?? "Date information missing"],
    [
      "Time",
      formatSessionRange(booking.startTime, booking.endTime, { date: booking.sessionDate, timeZone: booking.timeZone }) ??
        "Time not available",
    ],
    ["Duration", `${booking.duration ?? 60} minutes`],
    ["Session type", sessionTypeLabel(booking.sessionType)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarCheck aria-hidden className="size-5" /> Booking Confirmation
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="flex flex-col gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right font-medium text-slate-900">{value}</dd>
            </div>
          ))}
          {booking.notes ? (
            <div className="flex flex-col gap-1">
              <dt className="text-slate-600">Notes</dt>
              <dd className="whitespace-pre-wrap text-slate-900">{booking.notes}</dd>
            </div>
          ) : null}
        </dl>
        {booking.timeSlot ? <SessionPlaceDetails place={booking.timeSlot} className="border-t border-slate-200 pt-4" /> : null}
        <dl className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm" aria-label="Price">
          <PriceRow label="Session cost" value={booking.rate} />
          <PriceRow label="Platform fee (15%)" value={booking.platformFee} />
          <PriceRow label="Tip" value={booking.tipAmount} />
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-field-950">
            <dt>Total paid</dt>
            <dd>{dollars(booking.totalAmount)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function PriceRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-slate-600">{label}</dt>
      <dd>{dollars(value)}</dd>
    </div>
  );
}
