import { AlertCircle, CreditCard, Gift, Receipt } from "lucide-react";
import { coachPublicProfileQuery } from "../../lib/query-keys";
import { useQuery } from "../../lib/use-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Redirect, useLocation, useParams, useSearch } from "wouter";
import type { Booking } from "@contract/bookings";
import {
  BookingMessages,
  DEFAULT_BOOKING_DURATION,
  DEFAULT_SESSION_TYPE,
  FREE_CANCELLATION_HOURS,
  MAX_SERIES_WEEKS,
} from "@contract/booking-basics";
import { ErrorCode } from "@contract/error-basics";
import { centsToDecimal } from "@contract/money";
import type { CreatePaymentIntentRequest, PaymentIntentResponse } from "@contract/payments";
import { NO_SHOW_POLICY } from "@contract/progress-basics";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle, IconCardHeader } from "../../components/ui/card";
import { FullPageSpinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { paths } from "../../config/paths";
import { useBooking } from "../../features/bookings/api/get-booking";
import { ScreeningBadges } from "../../components/screening-badges";
import { bookingsTogetherQuery } from "../../features/bookings/api/keys";
import { creditsLeftFor, useCoachCredits, usePayHoldWithCredit } from "../../features/bookings/api/pay-with-credit";
import { bookingAthleteName, dollars, sessionTypeLabel, SummaryRow } from "../../features/bookings/components/booking-format";
import { SessionPlaceDetails } from "../../features/bookings/components/session-place";
import { useConfirmPayment, useCreatePaymentIntent, useUpdatePaymentIntent } from "../../features/payments/api/payment-intents";
import { HoldCountdown, useHoldRemaining } from "../../features/payments/components/hold-countdown";
import { PaymentForm } from "../../features/payments/components/payment-form";
import { TipSelector } from "../../features/payments/components/tip-selector";
import { ApiError, isUnauthorized } from "../../lib/api-client";
import { messageOr } from "../../lib/handle-unauthorized";
import { toastFailure } from "../../lib/toast-failure";
import { formatLongDate, formatSessionRange, formatSessionTime } from "../../lib/when";

const FAILED_SETUP_REDIRECT_DELAY_MS = 2500;

const CANCELLATION_POLICY = `Cancel from My Bookings ${FREE_CANCELLATION_HOURS} hours or more before the session for a full refund. Later cancellations and missed sessions are not refunded. If your coach cancels, you are refunded in full.`;

/** Up to a whole series' worth of booking ids (a 26-week series is paid in one checkout, DESIGN.md 12). */
const isBookingIdList = (ids: string) => {
  const parts = ids.split(",");
  return parts.length <= MAX_SERIES_WEEKS && parts.every((id) => /^\d{1,9}$/.test(id));
};

/** The intent request from the path and the query (player-side 2); null when neither names a booking or a slot. */
function intentRequestFrom(pathBookingId: string | undefined, search: string): CreatePaymentIntentRequest | null {
  const query = new URLSearchParams(search);
  // One checkout for several held sessions (siblings in one session, a weekly series): /booking-checkout?bookingIds=1,2,3.
  const bookingIds = query.get("bookingIds");
  if (!pathBookingId && bookingIds && isBookingIdList(bookingIds)) return { bookingIds: bookingIds.split(",") };
  const bookingId = pathBookingId ?? query.get("bookingId");
  if (bookingId) return { bookingId };
  const timeSlotId = query.get("timeSlotId");
  if (!timeSlotId) return null;
  return {
    timeSlotId,
    sessions: "1",
    duration: query.get("duration") ?? String(DEFAULT_BOOKING_DURATION),
    sessionType: (query.get("sessionType") ?? DEFAULT_SESSION_TYPE) as "individual" | "group",
  };
}

/** The seat's hold ran out before payment: the player can only book the slot again. */
const isHoldExpired = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.HOLD_EXPIRED;

export function BookingCheckoutPage() {
  const params = useParams<{ bookingId?: string }>();
  const search = useSearch();
  const request = intentRequestFrom(params.bookingId, search);
  if (!request) return <Redirect to={paths.findCoaches} replace />;
  return <Checkout request={request} key={JSON.stringify(request)} />;
}

function Checkout({ request }: { request: CreatePaymentIntentRequest }) {
  const [, navigate] = useLocation();
  const setup = useCreatePaymentIntent();
  const { mutate: createIntent } = setup;
  // Once per visit (the page remounts for another booking or slot); the ref keeps StrictMode's second
  // effect run from booking the slot twice.
  const isCreated = useRef(false);
  useEffect(() => {
    if (isCreated.current) return;
    isCreated.current = true;
    createIntent(request);
  }, [createIntent, request]);
  const expiredOnSetup = setup.isError && isHoldExpired(setup.error);
  const setupFailed = setup.isError && !expiredOnSetup;

  useEffect(() => {
    if (!setupFailed) return;
    if (isUnauthorized(setup.error)) return;
    toast({ title: "Error", description: messageOr(setup.error, "Unable to process booking"), variant: "destructive" });
    const timer = window.setTimeout(() => navigate(paths.findCoaches, { replace: true }), FAILED_SETUP_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [setupFailed, setup.error, navigate]);

  const requestedBookingId =
    "bookingId" in request ? Number(request.bookingId) : "bookingIds" in request ? Number(request.bookingIds[0]) : undefined;

  // Checkout by time slot books the slot first; from then on the address names the booking, so a
  // reload pays for that booking instead of trying to book the slot a second time.
  const createdBookingId = "timeSlotId" in request ? setup.data?.bookingId : undefined;
  useEffect(() => {
    if (createdBookingId) navigate(paths.bookingCheckout(createdBookingId), { replace: true });
  }, [createdBookingId, navigate]);

  if (setup.isIdle || setup.isPending) return <FullPageSpinner label="Setting up your booking..." />;
  if (expiredOnSetup) return <HoldExpired bookingId={requestedBookingId} />;
  if (setupFailed || !setup.data) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
        <AlertCircle aria-hidden className="size-12 text-red-700" />
        <h1 className="font-display text-2xl font-bold text-field-950 uppercase">Unable to process booking</h1>
        <Button onClick={() => navigate(paths.findCoaches)}>Return to Coaches</Button>
      </section>
    );
  }
  return <CheckoutForm initial={setup.data} />;
}

function HoldExpired({ bookingId }: { bookingId: number | undefined }) {
  const [, navigate] = useLocation();
  const booking = useBooking(bookingId);
  const coachId = booking.data?.coachId;
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <AlertCircle aria-hidden className="size-12 text-amber-600" />
      <h1 className="font-display text-2xl font-bold text-field-950 uppercase">Reservation expired</h1>
      <p className="text-slate-700">{BookingMessages.HOLD_EXPIRED}</p>
      <Button onClick={() => navigate(coachId ? paths.bookCoach(coachId) : paths.findCoaches)}>
        {coachId ? "Back to Coach" : "Return to Coaches"}
      </Button>
    </section>
  );
}

function CheckoutForm({ initial }: { initial: PaymentIntentResponse }) {
  const [, navigate] = useLocation();
  const confirm = useConfirmPayment();
  const updateTip = useUpdatePaymentIntent();
  const [intent, setIntent] = useState(initial);
  const [isUpdatingTip, setIsUpdatingTip] = useState(false);
  const [isExpired, setIsExpired] = useState(false);
  const booking = useBooking(initial.bookingId);
  // The coach's screening where the family pays (DESIGN 12): the profile the booking page read, from
  // the cache. Read with the entry's query, not the booking page's hook (get-bookable-coach.ts), which
  // would become a file of its own for both pages (0.35 KB more here).
  const coachId = booking.data?.coachId ?? null;
  const coach = useQuery({ ...coachPublicProfileQuery(coachId ?? 0), enabled: coachId !== null });
  // Several sessions in one payment (siblings in one session, a weekly series; DESIGN.md 11): a line
  // each, their sum, no tip (it is set on one booking and would change that booking's share).
  const isSeveral = initial.bookingIds.length > 1;
  const together = useQuery({ ...bookingsTogetherQuery(initial.bookingIds), enabled: isSeveral });
  const bookings: (Booking | undefined)[] = together.data ?? initial.bookingIds.map(() => undefined);
  const latestTipRequest = useRef(0);

  // DESIGN.md 12, credits first: a family holding a credit for every session of this checkout is
  // offered it first, and no card is asked unless they choose to pay by card instead.
  const credits = useCoachCredits(booking.data?.coachId);
  const creditsLeft = creditsLeftFor(credits.data, intent);
  const canPayWithCredit = creditsLeft >= initial.bookingIds.length;
  const [isPayingByCard, setIsPayingByCard] = useState(false);
  const payWithCredit = usePayHoldWithCredit();

  async function payWithACredit() {
    try {
      await payWithCredit.mutateAsync(initial.bookingId);
      toast({
        title: "Booked with a credit",
        description: isSeveral ? `Your ${initial.bookingIds.length} sessions are booked.` : "Your session is booked.",
        variant: "success",
      });
      navigate(`${paths.myBookings}?success=credit`);
    } catch (error) {
      if (isHoldExpired(error)) return setIsExpired(true);
      toastFailure(error, "Error", { fallback: "Could not use a credit." });
    }
  }

  const onExpired = useCallback(() => setIsExpired(true), []);
  const remaining = useHoldRemaining(intent.holdExpiresAt, onExpired);

  async function changeTip(tipCents: number) {
    const requestNo = ++latestTipRequest.current;
    setIsUpdatingTip(true);
    try {
      const updated = await updateTip.mutateAsync({
        bookingId: intent.bookingId,
        tipAmount: tipCents > 0 ? centsToDecimal(tipCents) : null,
      });
      // Only the answer to the latest change may set the totals.
      if (requestNo === latestTipRequest.current) setIntent(updated);
    } catch (error) {
      if (requestNo !== latestTipRequest.current) return;
      if (isHoldExpired(error)) setIsExpired(true);
      else toastFailure(error, "Error", { fallback: "Failed to update the tip. Please try again." });
    } finally {
      if (requestNo === latestTipRequest.current) setIsUpdatingTip(false);
    }
  }

  async function finishPayment(paymentIntentId: string) {
    await confirm.mutateAsync(paymentIntentId);
    toast({
      title: "Payment Successful!",
      description: isSeveral ? `Your ${initial.bookingIds.length} sessions are booked.` : "Your session is booked.",
      variant: "success",
    });
    navigate(`${paths.myBookings}?success=true`);
  }

  if (isExpired) return <HoldExpired bookingId={intent.bookingId} />;

  const zone = booking.data?.timeZone;
  const clock = { date: intent.sessionDate, timeZone: zone };
  const timeRange = booking.data ? formatSessionRange(booking.data.startTime, booking.data.endTime, clock) : null;
  // The athlete the seats are for, when it is one (a single booking, a series); siblings are named on their lines.
  const names = new Set(isSeveral ? bookings.map((b) => bookingAthleteName(b, "")) : [bookingAthleteName(booking.data, "")]);
  const athlete = names.size === 1 ? [...names][0] : null;
  const rows: [string, string][] = [
    ["Coach", intent.coachName],
    ...(athlete ? [["Athlete", athlete] as [string, string]] : []),
    ["Date", formatLongDate(intent.sessionDate) ?? intent.sessionDate],
    ["Time", timeRange ?? formatSessionTime(intent.sessionTime, clock) ?? intent.sessionTime],
    ["Duration", `${intent.duration} minutes`],
    ["Session type", sessionTypeLabel(intent.sessionType)],
  ];

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">Complete Your Booking</h1>
        {remaining !== null && remaining > 0 ? <HoldCountdown remainingMs={remaining} /> : null}
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <Card>
            <IconCardHeader icon={Receipt} level={2}>
              Booking Summary
            </IconCardHeader>
            <CardContent>
              <dl className="flex flex-col gap-2 text-sm">
                {rows.map(([label, value]) => (
                  <SummaryRow key={label} label={label} value={value} />
                ))}
              </dl>
              {coach.data ? <ScreeningBadges badges={coach.data.badges} className="mt-3" /> : null}
              {booking.data ? <SessionPlaceDetails place={booking.data.timeSlot} className="mt-4 border-t border-slate-200 pt-4" /> : null}
              <dl className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm" aria-label="Price">
                {isSeveral ? (
                  <SessionLines bookings={bookings} />
                ) : (
                  <div className="flex justify-between">
                    <dt className="text-slate-600">Session cost</dt>
                    <dd>{dollars(intent.rate)}</dd>
                  </div>
                )}
                <div className="flex justify-between">
                  <dt className="text-slate-600">Platform fee (15%)</dt>
                  <dd>{dollars(intent.platformFee)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-slate-600">Tip</dt>
                  <dd data-testid="summary-tip">{dollars(intent.tipAmount)}</dd>
                </div>
                <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-field-950">
                  <dt>Total</dt>
                  <dd data-testid="summary-total">{dollars(intent.totalAmount)}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
          {isSeveral || (canPayWithCredit && !isPayingByCard) ? null : (
            <Card>
              <CardHeader>
                <CardTitle level={2} className="flex items-center gap-2">
                  <Gift aria-hidden className="size-5" /> Add Tip
                </CardTitle>
                <p className="text-sm text-slate-600">Show your appreciation: the whole tip goes to your coach.</p>
              </CardHeader>
              <CardContent>
                <TipSelector onTipChange={(cents) => void changeTip(cents)} />
              </CardContent>
            </Card>
          )}
        </div>
        <Card className="self-start">
          <IconCardHeader icon={CreditCard} level={2}>
            Payment
          </IconCardHeader>
          <CardContent className="flex flex-col gap-4">
            {/* Issue 29: the policy is read before paying, not found after. */}
            <section
              aria-labelledby="cancellation-policy"
              className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
            >
              <h2 id="cancellation-policy" className="font-semibold text-field-950">
                Cancellation policy
              </h2>
              <p data-testid="cancellation-policy">{CANCELLATION_POLICY}</p>
            </section>
            {canPayWithCredit && !isPayingByCard ? (
              <div className="flex flex-col gap-3" data-testid="pay-with-credit">
                <p className="text-sm text-slate-700">
                  {isSeveral
                    ? `Your package credits cover these ${initial.bookingIds.length} sessions: one credit each, no card needed.`
                    : "Your package credit covers this session: no card needed."}
                </p>
                <Button size="lg" className="w-full" isLoading={payWithCredit.isPending} onClick={() => void payWithACredit()}>
                  {isSeveral
                    ? `Book with ${initial.bookingIds.length} credits (${creditsLeft} left)`
                    : `Book with a credit (${creditsLeft} left)`}
                </Button>
                <Button
                  size="lg"
                  variant="outline"
                  className="w-full"
                  disabled={payWithCredit.isPending}
                  onClick={() => setIsPayingByCard(true)}
                >
                  Pay by card instead
                </Button>
              </div>
            ) : (
              <PaymentForm intent={intent} disabled={isUpdatingTip} onSucceeded={finishPayment} />
            )}
            <p className="mt-4 border-t border-slate-200 pt-4 text-xs text-slate-600" data-testid="no-show-policy">
              {NO_SHOW_POLICY}
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/**
 * One line per booking of a shared checkout, with its session cost: named by what tells the lines
 * apart, the athlete (siblings in one session) and the date (the weeks of a series).
 */
function SessionLines({ bookings }: { bookings: (Booking | undefined)[] }) {
  const athletes = new Set(bookings.map((b) => b?.athleteId));
  const dates = new Set(bookings.map((b) => b?.sessionDate));
  return bookings.map((b, index) => {
    const parts = [
      b && athletes.size > 1 ? bookingAthleteName(b, "") : null,
      b && dates.size > 1 ? (formatLongDate(b.sessionDate) ?? b.sessionDate) : null,
    ].filter(Boolean);
    return (
      <div key={b?.id ?? index} className="flex justify-between gap-4" data-testid="summary-line">
        <dt className="text-slate-600">{parts.length > 0 ? `Session cost, ${parts.join(", ")}` : `Session ${index + 1}`}</dt>
        <dd>{b ? dollars(b.rate) : "..."}</dd>
      </div>
    );
  });
}
