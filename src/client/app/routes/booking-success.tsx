import { useQuery } from "../../lib/use-query";
import { AlertCircle, CalendarCheck, CalendarPlus, CheckCircle2, Loader2, Mail, MessageSquare, Printer, Target } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "wouter";
import type { Booking } from "@contract/bookings";
import { PAID_WITH_CREDIT } from "@contract/family-basics";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle, IconCardHeader } from "../../components/ui/card";
import { LinkButtons } from "../../components/ui/link-buttons";
import { Spinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";
import { useStudentBookings } from "../../features/bookings/api/get-student-bookings";
import { bookingAthleteName, dollars, personName, sessionTypeLabel, SummaryRow } from "../../features/bookings/components/booking-format";
import { SessionPlaceDetails } from "../../features/bookings/components/session-place";
import { formatLongDate, formatSessionRange } from "../../lib/when";
import { confirmPayment, sessionDetailsQuery } from "../../features/payments/api/payment-intents";

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

/** The address Stripe sends a payer back to after 3-D Secure: `payment_intent` and `redirect_status` (read once). */
function useProviderReturn(): { paymentIntentId: string | null; redirectStatus: string | null } {
  const [found] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    return { paymentIntentId: query.get("payment_intent"), redirectStatus: query.get("redirect_status") };
  });
  return found;
}

const PROCESSING_POLL_MS = 4000;

/** The booking a payment that came back from the provider paid for: settled on our side, asked again while the bank is still processing. */
function useReturnedPayment(paymentIntentId: string | null, redirectStatus: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ["/api/confirm-payment", paymentIntentId],
    queryFn: () => confirmPayment(paymentIntentId ?? ""),
    enabled: enabled && !!paymentIntentId && redirectStatus !== "failed",
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === "confirmed" || redirectStatus !== "processing" ? false : PROCESSING_POLL_MS),
  });
}

/** The booking a student paid for most recently, or none: a page that confirms nothing shows nothing. */
function latestPaid(bookings: Booking[] | undefined): Booking | undefined {
  const paid = (bookings ?? []).filter((b) => b.status === "confirmed" || b.status === "completed");
  return paid.sort((a, b) => (b.confirmedAt ?? b.createdAt).localeCompare(a.confirmedAt ?? a.createdAt))[0];
}

export function BookingSuccessPage() {
  const { user } = useCurrentUser();
  const sessionId = useSessionIdFromAddress();
  const providerReturn = useProviderReturn();
  const isStudent = !!user && user.userType !== "coach";
  const bookings = useStudentBookings(isStudent && !providerReturn.paymentIntentId);
  const returned = useReturnedPayment(providerReturn.paymentIntentId, providerReturn.redirectStatus, isStudent);
  const reference = useQuery({ ...sessionDetailsQuery(sessionId ?? ""), enabled: !!user && !!sessionId });
  const paymentReference = providerReturn.paymentIntentId ?? reference.data?.paymentIntentId ?? sessionId;

  if (!isStudent) return <NothingBooked signedIn={!!user} />;
  if (providerReturn.paymentIntentId) {
    if (providerReturn.redirectStatus === "failed") return <PaymentNotCompleted />;
    if (returned.data?.status === "confirmed") return <Success booking={returned.data} reference={paymentReference} user={user} />;
    if (returned.isError && providerReturn.redirectStatus !== "processing") return <PaymentNotCompleted />;
    return <PaymentProcessing />;
  }
  if (bookings.isLoading) return <Spinner label="Loading your booking..." />;
  const booking = latestPaid(bookings.data);
  if (!booking) return <NothingBooked signedIn />;
  return <Success booking={booking} reference={paymentReference} user={user} />;
}

function Success({
  booking,
  reference,
  user,
}: {
  booking: Booking;
  reference: string | null;
  user: { firstName: string | null; lastName: string | null } | null;
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 aria-hidden className="size-16 text-emerald-600" />
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">Payment Successful!</h1>
        <p className="text-slate-700">Your training session is booked. Thank you!</p>
      </header>

      {/* Issue 29: the athlete the seat is for, not the guardian who paid (DESIGN.md 11). */}
      <Confirmation booking={booking} athlete={bookingAthleteName(booking, personName(user, "You"))} />

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

      {reference ? (
        <p className="text-center text-sm text-slate-600">
          Payment reference: <span className="font-mono break-all text-slate-800">{reference}</span>
        </p>
      ) : null}

      <LinkButtons
        links={[
          { href: paths.myBookings, label: "View My Bookings" },
          { href: paths.findCoaches, label: "Book Another Session" },
        ]}
      />
    </div>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center" aria-live="polite">
      {icon}
      <h1 className="font-display text-2xl font-bold text-field-950 uppercase">{title}</h1>
      {children}
    </section>
  );
}

const findCoach = { href: paths.findCoaches, label: "Find a Coach" };

/** A visitor, or a user with no paid booking, who opens this address: nothing to confirm, and no claim that anything was paid. */
function NothingBooked({ signedIn }: { signedIn: boolean }) {
  return (
    <Notice icon={<CalendarCheck aria-hidden className="size-12 text-field-700" />} title="No booking to show">
      <p className="text-slate-700">There is no payment to confirm here. Find a coach and book a session to see its confirmation.</p>
      <LinkButtons links={signedIn ? [findCoach] : [findCoach, { href: paths.login, label: "Sign In" }]} />
    </Notice>
  );
}

/** Back from the bank with the payment still on its way (a redirect_status of processing). */
function PaymentProcessing() {
  return (
    <Notice icon={<Loader2 aria-hidden className="size-12 animate-spin text-field-700" />} title="Payment processing">
      <p className="text-slate-700" data-testid="payment-processing">
        Your bank is still confirming the payment. Your seat stays held meanwhile; this page updates by itself, and we e-mail you as soon as
        the booking is confirmed.
      </p>
      <Button asChild variant="outline">
        <Link href={paths.myBookings}>Go to My Bookings</Link>
      </Button>
    </Notice>
  );
}

function PaymentNotCompleted() {
  return (
    <Notice icon={<AlertCircle aria-hidden className="size-12 text-red-700" />} title="Payment not completed">
      <p className="text-slate-700">
        Your bank did not confirm the payment, so nothing was charged. You can try again from My Bookings while your seat is held.
      </p>
      <Button asChild>
        <Link href={paths.myBookings}>Go to My Bookings</Link>
      </Button>
    </Notice>
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

function Confirmation({ booking, athlete }: { booking: Booking; athlete: string }) {
  const coachName = booking.coachName || personName(booking.coach?.user, "Your coach");
  const rows: [string, string][] = [
    ["Coach", coachName],
    ["Athlete", athlete],
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
      <IconCardHeader icon={CalendarCheck} level={2}>
        Booking Confirmation
      </IconCardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="flex flex-col gap-2 text-sm">
          {rows.map(([label, value]) => (
            <SummaryRow key={label} label={label} value={value} />
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
          {booking.paidWith === "credit" ? (
            <div className="flex justify-between text-base font-bold text-field-950">
              <dt>Payment</dt>
              <dd data-testid="amount-paid">{PAID_WITH_CREDIT}</dd>
            </div>
          ) : (
            <>
              <PriceRow label="Session cost" value={booking.rate} />
              <PriceRow label="Platform fee (15%)" value={booking.platformFee} />
              <PriceRow label="Tip" value={booking.tipAmount} />
              <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-field-950">
                <dt>Total paid</dt>
                <dd data-testid="amount-paid">{dollars(booking.totalAmount)}</dd>
              </div>
            </>
          )}
        </dl>
        <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4 print:hidden">
          <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden /> Print receipt
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={`/api/bookings/${booking.id}/calendar.ics`} download>
              <CalendarPlus aria-hidden /> Add to calendar
            </a>
          </Button>
        </div>
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
