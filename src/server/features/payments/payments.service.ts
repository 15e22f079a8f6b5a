import type { Booking } from "@contract/bookings";
import { BookingMessages } from "@contract/booking-basics";
import { PackageMessages } from "@contract/packages";
import { PaymentMessages, type SimulatedConfirmResponse } from "@contract/payments";
import type { PaymentIntent, SimulatedAbilities } from "../../adapters/payments/provider";
import type { AppDeps } from "../../deps";
import { callProvider as callProviderWith } from "../../http/call-provider";
import { AppError, notFound } from "../../http/errors";
import { ErrorCode } from "@contract/error-basics";
import type { UserRow } from "../accounts/sessions.repository";
import { listExpiredHoldsWithIntent } from "../bookings/booking-sweeps.service";
import type { BookingRow } from "../bookings/bookings.repository";
import {
  findBookingByPaymentIntent,
  findBookingsByPaymentIntent,
  findBookingsOfIntentForUser,
  findBookingRow,
  getBooking,
  isFamilyBooking,
} from "../bookings/bookings.service";
import {
  recordPaymentFailed,
  recordPaymentProcessing,
  requirePayable,
  settlePaidBooking,
  type SettleOutcome,
} from "../bookings/settle-payment.service";
import {
  findPurchaseOfIntent,
  purchaseConfirmation,
  requireOwnPurchase,
  requirePurchasePayable,
  settlePurchase,
  type PurchaseSettleOutcome,
} from "../packages/purchases.service";

// A payment that succeeded, from whichever path sees it first (the client's confirmation, the
// simulated card, the webhook in payment-webhooks.service.ts, the sweep) ends in the one
// settlePayment. Making and changing the intent: payment-intents.service.ts.

/** Provider faults become a 502 with the spec's payment error; card errors keep the provider's message. */
export function callProvider<T>(deps: AppDeps, what: string, fn: () => Promise<T>): Promise<T> {
  return callProviderWith(deps, what, PaymentMessages.PROVIDER_ERROR, fn);
}
/** The caller's booking paid by this intent: by the intent id, else by the intent's metadata. 404 for anyone else's. */
async function requireOwnBookingOfIntent(deps: AppDeps, user: UserRow, paymentIntentId: string): Promise<BookingRow> {
  return (await requireOwnBookingsOfIntent(deps, user, paymentIntentId)).booking;
}

/**
 * requireOwnBookingOfIntent, with every booking the intent pays when they were read by the intent
 * id (`ofIntent`, what settlePayment reads first, so that it need not read them again).
 */
async function requireOwnBookingsOfIntent(
  deps: AppDeps,
  user: UserRow,
  paymentIntentId: string,
  /** The intent's bookings and whether the first is of the user's family, when just read (findBookingsOfIntentForUser). */
  read?: { rows: BookingRow[]; isFirstOfFamily: boolean },
): Promise<{ booking: BookingRow; ofIntent?: BookingRow[] }> {
  const ofIntent = read?.rows ?? (await findBookingsByPaymentIntent(deps, paymentIntentId));
  const [booking] = ofIntent;
  if (booking) {
    const isOfFamily = read ? read.isFirstOfFamily : await isFamilyBooking(deps, user.id, booking);
    if (!isOfFamily) throw notFound(PaymentMessages.PAYMENT_NOT_FOUND);
    return { booking, ofIntent };
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
  return { booking: byMetadata };
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
  /** The bookings of the intent, when the caller has just read them (findBookingsByPaymentIntent). */
  ofIntent?: BookingRow[],
): Promise<SettleOutcome | PurchaseSettleOutcome | undefined> {
  if (bookingId === undefined) {
    const purchase = await findPurchaseOfIntent(deps, intent.id, intent.metadata);
    if (purchase) return settlePurchase(deps, purchase.id, intent);
  }
  const shared = ofIntent ?? (await findBookingsByPaymentIntent(deps, intent.id));
  if (shared.length > 1) return settleCheckout(deps, intent, shared, bookingId);
  const id = bookingId ?? (await findBookingByPaymentIntent(deps, intent.id))?.id ?? Number(intent.metadata.bookingId);
  // The one booking of the intent was just read: it is not read again (twice) for the settlement.
  const [only] = shared;
  const booking = only?.id === id ? only : Number.isInteger(id) && id > 0 ? await findBookingRow(deps, id) : undefined;
  if (!booking) {
    deps.logger.warn({ paymentIntentId: intent.id }, "a succeeded payment matches no booking");
    return undefined;
  }
  return settlePaidBooking(deps, booking.id, intent, booking);
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
  // One statement reads the intent's bookings and the checks on them; a purchase's intent has none.
  const read = await findBookingsOfIntentForUser(deps, input.paymentIntentId, user.id);
  const purchase = read.rows.length === 0 || read.isPurchaseIntent ? await findPurchaseOfIntent(deps, input.paymentIntentId) : undefined;
  if (purchase) return confirmPurchaseCard(deps, simulated, user, purchase, input);
  const { booking, ofIntent } = await requireOwnBookingsOfIntent(deps, user, input.paymentIntentId, read);
  if (booking.paymentIntentId === input.paymentIntentId && (booking.status === "confirmed" || booking.status === "completed")) {
    return { status: "succeeded" };
  }
  requirePayable(booking, deps.clock.now());
  const { result, paid } = await callProvider(deps, "confirm card", () => simulated.payWithCard(input.paymentIntentId, input.cardNumber));
  if (result.status === "failed") {
    await recordPaymentFailed(deps, input.paymentIntentId);
    return result;
  }
  // The intent as this confirmation paid it; else (paid before) asked for.
  const intent = paid ?? (await callProvider(deps, "retrieve intent", () => deps.payments.retrievePaymentIntent(input.paymentIntentId)));
  const outcome = await settlePayment(deps, intent, booking.id, ofIntent);
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
  const { result, paid } = await callProvider(deps, "confirm card", () => simulated.payWithCard(input.paymentIntentId, input.cardNumber));
  if (result.status === "failed") return result;
  const intent = paid ?? (await callProvider(deps, "retrieve intent", () => deps.payments.retrievePaymentIntent(input.paymentIntentId)));
  const outcome = await settlePurchase(deps, purchase.id, intent);
  if (outcome.kind === "refunded")
    return { status: "failed", message: `${PackageMessages.CHECKOUT_EXPIRED} Your payment has been refunded.` };
  return { status: "succeeded" };
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
