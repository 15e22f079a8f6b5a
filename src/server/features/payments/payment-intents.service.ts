import { BookingMessages } from "@contract/booking-basics";
import { centsToDecimal, totalCents } from "@contract/money";
import { PaymentMessages, type PaymentIntentResponse } from "@contract/payments";
import { ErrorCode } from "@contract/error-basics";
import { idempotencyKeys } from "../../adapters/payments/idempotency-keys";
import type { PaymentIntent } from "../../adapters/payments/provider";
import type { AppDeps } from "../../deps";
import { conflict, refused } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { bookSlotForCheckout } from "../bookings/book-slot.service";
import type { BookingRow } from "../bookings/bookings.repository";
import { countBookingsOfIntent, familyBookingFor, requireOwnBooking } from "../bookings/bookings.service";
import { attachPaymentIntent, requirePayable, setTip } from "../bookings/settle-payment.service";
import { present } from "../../present";
import { returnedRow } from "../../db/sql";
import { callProvider, settlePayment } from "./payments.service";

// A booking's payment intent before it is paid: made (one booking or a family checkout), its amount
// kept to the booking's total, its tip changed. Confirming and settling it: payments.service.ts.

type CreateIntentInput =
  | { bookingIds: number[] }
  | { bookingId: number }
  | { timeSlotId: number; duration?: number; sessionType?: string; preferredStartTime?: string; notes?: string; athleteId?: number | null };
/** POST /api/create-payment-intent */
export async function createPaymentIntent(
  deps: AppDeps,
  user: UserRow,
  input: CreateIntentInput,
  clientAddress: string,
): Promise<PaymentIntentResponse> {
  if ("bookingIds" in input) {
    if (input.bookingIds.length > 1) return createCheckoutIntent(deps, user, input.bookingIds);
    return createPaymentIntent(
      deps,
      user,
      { bookingId: present(input.bookingIds[0], "a booking id (the schema asks for one)") },
      clientAddress,
    );
  }
  const booking =
    "bookingId" in input
      ? await requireOwnBooking(deps, user, input.bookingId)
      : await bookSlotForCheckout(deps, user, input, clientAddress);
  requirePayable(booking, deps.clock.now());
  const intent = await ensurePaymentIntent(deps, booking);
  return intentResponse(deps, user, booking.id, intent);
}

/**
 * One payment for several pending bookings of the caller's family (DESIGN.md 11: siblings in one
 * session, a weekly series). The bookings share one intent for the sum of their totals; each is
 * confirmed (or refunded) on its own when it succeeds. Another family's booking answers 404.
 */
async function createCheckoutIntent(deps: AppDeps, user: UserRow, bookingIds: number[]): Promise<PaymentIntentResponse> {
  const now = deps.clock.now();
  const rows: BookingRow[] = [];
  for (const id of bookingIds) rows.push(await requireOwnBooking(deps, user, id));
  for (const row of rows) requirePayable(row, now);
  const totalCents = rows.reduce((sum, r) => sum + r.totalCents, 0);
  const first = returnedRow(rows, "a booking of the checkout");
  const sharedId = first.paymentIntentId;
  let afterIntentId: string | undefined;
  if (sharedId && rows.every((r) => r.paymentIntentId === sharedId)) {
    const existing = await callProvider(deps, "retrieve intent", () => deps.payments.retrievePaymentIntent(sharedId));
    if (existing.status === "succeeded") {
      await settlePayment(deps, existing);
      throw refused(ErrorCode.ALREADY_PAID, BookingMessages.ALREADY_PAID);
    }
    if (existing.status === "processing") return checkoutResponse(deps, user, rows, existing);
    if (existing.status !== "canceled" && (await countBookingsOfIntent(deps, sharedId)) === rows.length) {
      const intent =
        existing.amountCents === totalCents
          ? existing
          : await callProvider(deps, "update intent", () =>
              deps.payments.updatePaymentIntentAmount({ paymentIntentId: existing.id, amountCents: totalCents }),
            );
      return checkoutResponse(deps, user, rows, intent);
    }
    afterIntentId = existing.id;
  }
  const ids = rows.map((r) => r.id);
  const intent = await callProvider(deps, "create intent", () =>
    deps.payments.createPaymentIntent({
      amountCents: totalCents,
      idempotencyKey: idempotencyKeys.checkoutIntent(ids, totalCents, afterIntentId),
      description: `Lacrosse training sessions (bookings ${ids.join(", ")})`,
      metadata: {
        bookingId: String(ids[0]),
        bookingIds: ids.join(","),
        studentId: String(user.id),
        coachId: String(first.coachId),
      },
    }),
  );
  for (const row of rows) await attachPaymentIntent(deps, row.id, intent.id);
  return checkoutResponse(deps, user, rows, intent);
}

async function checkoutResponse(deps: AppDeps, user: UserRow, rows: BookingRow[], intent: PaymentIntent): Promise<PaymentIntentResponse> {
  const first = await intentResponse(deps, user, returnedRow(rows, "a booking of the checkout").id, intent);
  const sum = (pick: (r: BookingRow) => number) => centsToDecimal(rows.reduce((s, r) => s + pick(r), 0));
  return {
    ...first,
    bookingIds: rows.map((r) => r.id),
    totalAmount: sum((r) => r.totalCents),
    tipAmount: sum((r) => r.tipCents),
    platformFee: sum((r) => r.platformFeeCents),
    coachEarnings: sum((r) => r.coachEarningsCents),
    rate: sum((r) => r.rateCents),
  };
}

/**
 * The booking's payment intent for its current total: the one it has (its amount brought up to
 * date) or a new one. The idempotency key names the booking and the amount, so retries and
 * concurrent checkouts of one booking share one intent and can never charge twice.
 */
async function ensurePaymentIntent(deps: AppDeps, booking: BookingRow): Promise<PaymentIntent> {
  let afterIntentId: string | undefined;
  const knownIntentId = booking.paymentIntentId;
  if (knownIntentId) {
    const existing = await callProvider(deps, "retrieve intent", () => deps.payments.retrievePaymentIntent(knownIntentId));
    if (existing.status === "succeeded") {
      await settlePayment(deps, existing, booking.id);
      throw refused(ErrorCode.ALREADY_PAID, BookingMessages.ALREADY_PAID);
    }
    if (existing.status === "processing") return existing;
    // An intent shared with other bookings (a family checkout) is not changed for one of them.
    const shared = (await countBookingsOfIntent(deps, existing.id)) > 1;
    if (existing.status !== "canceled" && !shared) {
      if (existing.amountCents === booking.totalCents) return existing;
      return callProvider(deps, "update intent", () =>
        deps.payments.updatePaymentIntentAmount({ paymentIntentId: existing.id, amountCents: booking.totalCents }),
      );
    }
    // The old intent cannot be paid any more; the same key would hand it back.
    afterIntentId = existing.id;
  }
  const intent = await callProvider(deps, "create intent", () =>
    deps.payments.createPaymentIntent({
      amountCents: booking.totalCents,
      idempotencyKey: idempotencyKeys.paymentIntent(booking.id, booking.totalCents, afterIntentId),
      description: `Lacrosse training session (booking ${booking.id})`,
      metadata: {
        bookingId: String(booking.id),
        studentId: String(booking.studentId),
        coachId: String(booking.coachId),
        timeSlotId: String(booking.timeSlotId),
      },
    }),
  );
  await attachPaymentIntent(deps, booking.id, intent.id);
  return intent;
}

/** POST /api/update-payment-intent: a new tip; total and earnings are computed here, never taken from the client. */
export async function updateTip(
  deps: AppDeps,
  user: UserRow,
  input: { bookingId: number; tipAmount: number },
): Promise<PaymentIntentResponse> {
  const booking = await requireOwnBooking(deps, user, input.bookingId);
  requirePayable(booking, deps.clock.now());
  // One payment of several sessions (a weekly series, siblings) keeps its sum: no one week's tip changes it.
  if (booking.paymentIntentId && (await countBookingsOfIntent(deps, booking.paymentIntentId)) > 1) {
    throw conflict(PaymentMessages.TIP_ONE_SESSION);
  }
  const tipCents = input.tipAmount;
  const newTotal = totalCents(booking.rateCents, tipCents);

  const knownIntentId = booking.paymentIntentId;
  if (knownIntentId) {
    // The provider first: if the payment is already under way, nothing changes here either.
    const current = await callProvider(deps, "retrieve intent", () => deps.payments.retrievePaymentIntent(knownIntentId));
    if (current.status === "succeeded") {
      await settlePayment(deps, current, booking.id);
      throw refused(ErrorCode.ALREADY_PAID, BookingMessages.ALREADY_PAID);
    }
    if (current.status === "processing") throw conflict(PaymentMessages.CANNOT_CHANGE);
    if (current.status === "requires_payment_method" && current.amountCents !== newTotal) {
      await callProvider(deps, "update intent", () =>
        deps.payments.updatePaymentIntentAmount({ paymentIntentId: current.id, amountCents: newTotal }),
      );
    }
  }
  const updated = await setTip(deps, booking, tipCents);
  const intent = await ensurePaymentIntent(deps, updated);
  return intentResponse(deps, user, booking.id, intent);
}

async function intentResponse(deps: AppDeps, user: UserRow, bookingId: number, intent: PaymentIntent): Promise<PaymentIntentResponse> {
  // The caller's family's booking (requireOwnBooking, or just booked by the caller).
  const booking = present(await familyBookingFor(deps, user, bookingId), "the booking being paid");
  const response: PaymentIntentResponse = {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    bookingId: booking.id,
    bookingIds: [booking.id],
    totalAmount: booking.totalAmount,
    tipAmount: booking.tipAmount,
    platformFee: booking.platformFee,
    coachEarnings: booking.coachEarnings,
    rate: booking.rate,
    coachName: booking.coachName,
    sessionDate: booking.sessionDate,
    sessionTime: booking.sessionTime,
    duration: booking.duration,
    sessionType: booking.sessionType,
    holdExpiresAt: booking.holdExpiresAt,
    provider: deps.payments.kind,
  };
  if (deps.payments.publishableKey) response.publishableKey = deps.payments.publishableKey;
  if (intent.amountCents !== Math.round(Number(booking.totalAmount) * 100) && (await countBookingsOfIntent(deps, intent.id)) <= 1) {
    // Only a concurrent tip change can cause this; the confirmation records what was charged.
    deps.logger.warn(
      { bookingId, intentAmount: centsToDecimal(intent.amountCents), total: booking.totalAmount },
      "intent amount differs from booking total",
    );
  }
  return response;
}
