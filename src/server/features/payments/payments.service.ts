// Over 300 lines: a booking's payment from its intent to its settlement: creating and updating the intent, confirming, the webhook and the simulated card all end in the one settlePayment and share its provider calls.
import type { Booking } from "@contract/bookings";
import { BookingMessages } from "@contract/booking-basics";
import { centsToDecimal, totalCents } from "@contract/money";
import { PackageMessages } from "@contract/packages";
import { PaymentMessages, type PaymentIntentResponse, type SimulatedConfirmResponse } from "@contract/payments";
import { idempotencyKeys } from "../../adapters/payments/idempotency-keys";
import {
  WebhookSignatureError,
  type ConnectedAccount,
  type PaymentEvent,
  type PaymentIntent,
  type SimulatedAbilities,
} from "../../adapters/payments/provider";
import type { AppDeps } from "../../deps";
import { callProvider as callProviderWith } from "../../http/call-provider";
import { AppError, badRequest, conflict, notFound, refused } from "../../http/errors";
import { ErrorCode } from "@contract/error-basics";
import type { UserRow } from "../accounts/sessions.repository";
import { bookSlotForCheckout } from "../bookings/book-slot.service";
import { listExpiredHoldsWithIntent } from "../bookings/booking-sweeps.service";
import type { BookingRow } from "../bookings/bookings.repository";
import {
  countBookingsOfIntent,
  findBookingByPaymentIntent,
  findBookingsByPaymentIntent,
  findBookingRow,
  getBooking,
  getBookingFor,
  isFamilyBooking,
  requireOwnBooking,
} from "../bookings/bookings.service";
import {
  attachPaymentIntent,
  recordPaymentFailed,
  recordPaymentProcessing,
  requirePayable,
  setTip,
  settlePaidBooking,
  type SettleOutcome,
} from "../bookings/settle-payment.service";
import { recordChargeRefunded, recordDispute, updateDispute } from "../money-issues/money-issues.service";
import {
  findPurchaseOfIntent,
  purchaseConfirmation,
  requireOwnPurchase,
  requirePurchasePayable,
  settlePurchase,
  type PurchaseSettleOutcome,
} from "../packages/purchases.service";
import { applyAccountUpdate } from "../payouts/payouts.service";
import * as repo from "./payments.repository";
import { present } from "../../present";
import { returnedRow } from "../../db/sql";

type CreateIntentInput =
  | { bookingIds: number[] }
  | { bookingId: number }
  | { timeSlotId: number; duration?: number; sessionType?: string; preferredStartTime?: string; notes?: string; athleteId?: number | null };

/** Provider faults become a 502 with the spec's payment error; card errors keep the provider's message. */
function callProvider<T>(deps: AppDeps, what: string, fn: () => Promise<T>): Promise<T> {
  return callProviderWith(deps, what, PaymentMessages.PROVIDER_ERROR, fn);
}

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
  const booking = present(await getBookingFor(deps, user, bookingId), "the booking being paid");
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

/** The caller's booking paid by this intent: by the intent id, else by the intent's metadata. 404 for anyone else's. */
async function requireOwnBookingOfIntent(deps: AppDeps, user: UserRow, paymentIntentId: string): Promise<BookingRow> {
  const booking = await findBookingByPaymentIntent(deps, paymentIntentId);
  if (booking) {
    if (!(await isFamilyBooking(deps, user.id, booking))) throw notFound(PaymentMessages.PAYMENT_NOT_FOUND);
    return booking;
  }
  // Only what looks like a provider's intent id is looked up there.
  if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(paymentIntentId)) throw notFound(PaymentMessages.PAYMENT_NOT_FOUND);
  let intent: PaymentIntent;
  try {
    intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
  } catch {
    throw notFound(PaymentMessages.PAYMENT_NOT_FOUND);
  }
  const bookingId = Number(intent.metadata.bookingId);
  const byMetadata = Number.isInteger(bookingId) && bookingId > 0 ? await findBookingRow(deps, bookingId) : undefined;
  if (!byMetadata || !(await isFamilyBooking(deps, user.id, byMetadata))) throw notFound(PaymentMessages.PAYMENT_NOT_FOUND);
  return byMetadata;
}

/** POST /api/confirm-payment: the client saw the payment succeed; the provider is asked, never the client. */
export async function confirmPayment(
  deps: AppDeps,
  user: UserRow,
  paymentIntentId: string,
): Promise<Booking | Awaited<ReturnType<typeof purchaseConfirmation>>> {
  // A package purchase is paid through the same checkout (DESIGN.md 11).
  const purchase = await findPurchaseOfIntent(deps, paymentIntentId);
  if (purchase) {
    await requireOwnPurchase(deps, user, purchase);
    const intent = await callProvider(deps, "retrieve intent", () => deps.payments.retrievePaymentIntent(paymentIntentId));
    if (intent.status === "succeeded") await settlePurchase(deps, purchase.id, intent);
    else if (intent.status !== "processing")
      throw new AppError(402, ErrorCode.PAYMENT_FAILED, intent.lastError ?? PaymentMessages.NOT_PAID);
    return purchaseConfirmation(deps, purchase.id);
  }
  const booking = await requireOwnBookingOfIntent(deps, user, paymentIntentId);
  const intent = await callProvider(deps, "retrieve intent", () => deps.payments.retrievePaymentIntent(paymentIntentId));
  if (intent.status === "succeeded") {
    await settlePayment(deps, intent, booking.id);
  } else if (intent.status === "processing") {
    await recordPaymentProcessing(deps, booking.id);
  } else {
    throw new AppError(402, ErrorCode.PAYMENT_FAILED, intent.lastError ?? PaymentMessages.NOT_PAID);
  }
  return getBooking(deps, user, booking.id);
}

/**
 * A succeeded payment, from whichever path saw it first. Confirmation is idempotent; a payment
 * whose seat could not be kept is refunded here (and retried by the refund sweep if that fails).
 */
export async function settlePayment(
  deps: AppDeps,
  intent: PaymentIntent,
  bookingId?: number,
): Promise<SettleOutcome | PurchaseSettleOutcome | undefined> {
  if (bookingId === undefined) {
    const purchase = await findPurchaseOfIntent(deps, intent.id, intent.metadata);
    if (purchase) return settlePurchase(deps, purchase.id, intent);
  }
  const shared = await findBookingsByPaymentIntent(deps, intent.id);
  if (shared.length > 1) return settleCheckout(deps, intent, shared, bookingId);
  const id = bookingId ?? (await findBookingByPaymentIntent(deps, intent.id))?.id ?? Number(intent.metadata.bookingId);
  const booking = Number.isInteger(id) && id > 0 ? await findBookingRow(deps, id) : undefined;
  if (!booking) {
    deps.logger.warn({ paymentIntentId: intent.id }, "a succeeded payment matches no booking");
    return undefined;
  }
  return settlePaidBooking(deps, booking.id, intent);
}

/**
 * A succeeded payment of a family checkout: each booking is settled with its share (its own total;
 * the last takes what is left), so each is confirmed, or refunded its share, on its own.
 */
async function settleCheckout(
  deps: AppDeps,
  intent: PaymentIntent,
  rows: BookingRow[],
  bookingId?: number,
): Promise<SettleOutcome | undefined> {
  let left = intent.amountCents;
  const outcomes: SettleOutcome[] = [];
  for (const [i, row] of rows.entries()) {
    const share = i === rows.length - 1 ? Math.max(left, 0) : Math.min(row.totalCents, Math.max(left, 0));
    left -= share;
    const shareIntent = { id: intent.id, amountCents: share, ...(intent.currency !== undefined ? { currency: intent.currency } : {}) };
    outcomes.push(await settlePaidBooking(deps, row.id, shareIntent));
  }
  return outcomes.find((o) => o.bookingId === bookingId) ?? outcomes[0];
}

/** POST /api/payments/simulated/confirm: the simulated card form pays, and the booking is confirmed as Stripe's webhook would. */
export async function confirmSimulatedCard(
  deps: AppDeps,
  user: UserRow,
  input: { paymentIntentId: string; cardNumber: string },
): Promise<SimulatedConfirmResponse> {
  const simulated = deps.payments.simulated;
  if (!simulated) throw notFound();
  const purchase = await findPurchaseOfIntent(deps, input.paymentIntentId);
  if (purchase) return confirmPurchaseCard(deps, simulated, user, purchase, input);
  const booking = await requireOwnBookingOfIntent(deps, user, input.paymentIntentId);
  if (booking.paymentIntentId === input.paymentIntentId && (booking.status === "confirmed" || booking.status === "completed")) {
    return { status: "succeeded" };
  }
  requirePayable(booking, deps.clock.now());
  const result = await callProvider(deps, "confirm card", () => simulated.confirmWithCard(input.paymentIntentId, input.cardNumber));
  if (result.status === "failed") {
    await recordPaymentFailed(deps, input.paymentIntentId);
    return result;
  }
  const intent = await callProvider(deps, "retrieve intent", () => deps.payments.retrievePaymentIntent(input.paymentIntentId));
  const outcome = await settlePayment(deps, intent, booking.id);
  if (outcome?.kind === "refunded") return { status: "failed", message: `${BookingMessages.HOLD_EXPIRED} Your payment has been refunded.` };
  return { status: "succeeded" };
}

/** The simulated card form on a package's checkout: refused once it ran out, so a late card is never charged. */
async function confirmPurchaseCard(
  deps: AppDeps,
  simulated: SimulatedAbilities,
  user: UserRow,
  purchase: Awaited<ReturnType<typeof findPurchaseOfIntent>> & object,
  input: { paymentIntentId: string; cardNumber: string },
): Promise<SimulatedConfirmResponse> {
  await requireOwnPurchase(deps, user, purchase);
  if (purchase.status === "paid" && purchase.paymentIntentId === input.paymentIntentId) return { status: "succeeded" };
  requirePurchasePayable(purchase, deps.clock.now());
  const result = await callProvider(deps, "confirm card", () => simulated.confirmWithCard(input.paymentIntentId, input.cardNumber));
  if (result.status === "failed") return result;
  const intent = await callProvider(deps, "retrieve intent", () => deps.payments.retrievePaymentIntent(input.paymentIntentId));
  const outcome = await settlePurchase(deps, purchase.id, intent);
  if (outcome.kind === "refunded")
    return { status: "failed", message: `${PackageMessages.CHECKOUT_EXPIRED} Your payment has been refunded.` };
  return { status: "succeeded" };
}

/** POST /api/stripe/webhook: verified, deduplicated by event id, then handled like the client's confirmation. */
export async function handleWebhook(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  let event: PaymentEvent;
  try {
    event = deps.payments.parseWebhookEvent(rawBody, signature);
  } catch (err) {
    // Every refusal is logged with its reason: a wrong secret or a forged call must not go unseen.
    const reason = err instanceof WebhookSignatureError ? err.message : "the event could not be read";
    deps.logger.warn({ reason, ...(err instanceof WebhookSignatureError ? {} : { err }) }, "webhook refused");
    throw badRequest(PaymentMessages.INVALID_SIGNATURE);
  }
  const db = deps.database.db;
  if (await repo.isEventHandled(db, event.id)) return;
  switch (event.type) {
    case "payment_intent.succeeded":
      await settlePayment(deps, event.paymentIntent);
      break;
    case "payment_intent.payment_failed":
      await recordPaymentFailed(deps, event.paymentIntent.id);
      break;
    case "account.updated":
      await onPaymentAccountUpdated(deps, event.account, event.createdAt);
      break;
    case "charge.dispute.created":
      await recordDispute(deps, event.dispute, event.createdAt);
      break;
    case "charge.dispute.updated":
    case "charge.dispute.closed":
      await updateDispute(deps, event.dispute, event.createdAt);
      break;
    case "charge.refunded":
      await recordChargeRefunded(deps, event.charge);
      break;
    case "other":
      // Recorded as handled below, so a retry of it is skipped too.
      break;
  }
  // Recorded only once handled: if handling fails, the provider's retry is handled again (idempotently).
  await repo.recordEventHandled(db, event.id, event.type === "other" ? event.eventType : event.type, deps.clock.now());
}

/** Stripe's account.updated: the payouts feature stores the state and sends payouts that were waiting for it. */
export async function onPaymentAccountUpdated(deps: AppDeps, account: ConnectedAccount, asOf?: Date): Promise<void> {
  await applyAccountUpdate(deps, account, asOf);
}

/** POST /api/stripe/session-details: the payment reference of one of the caller's bookings. */
export async function sessionDetails(deps: AppDeps, user: UserRow, sessionId: string): Promise<{ paymentIntentId: string }> {
  if (/^\d{1,9}$/.test(sessionId)) {
    const booking = await findBookingRow(deps, Number(sessionId));
    if (booking && (await isFamilyBooking(deps, user.id, booking)) && booking.paymentIntentId) {
      return { paymentIntentId: booking.paymentIntentId };
    }
    throw notFound(PaymentMessages.PAYMENT_NOT_FOUND);
  }
  const booking = await findBookingByPaymentIntent(deps, sessionId);
  if (!booking || !(await isFamilyBooking(deps, user.id, booking))) throw notFound(PaymentMessages.PAYMENT_NOT_FOUND);
  return { paymentIntentId: sessionId };
}

/** Sweep: asks the provider about expired holds that have an intent, so a payment made at the last second is kept, not lost. */
export async function settleExpiredHoldsPaidMeanwhile(deps: AppDeps): Promise<void> {
  const holds = await listExpiredHoldsWithIntent(deps, 100);
  for (const hold of holds) {
    try {
      const intent = await deps.payments.retrievePaymentIntent(hold.paymentIntentId);
      if (intent.status === "succeeded") await settlePayment(deps, intent, hold.id);
    } catch (err) {
      deps.logger.warn({ err, bookingId: hold.id }, "could not check the payment of an expired hold");
    }
  }
}
