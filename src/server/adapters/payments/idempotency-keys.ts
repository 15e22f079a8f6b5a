/**
 * The one place idempotency keys are built (DESIGN.md 4: every call that moves money carries a key
 * derived from the booking). A retry, a second process or a second path that asks for the same
 * movement sends the same key, so the provider moves the money once. Code never reads a key back
 * to decide anything.
 */
export const idempotencyKeys = {
  /** The booking's payment for this total; `afterIntentId` when the earlier intent was cancelled and a new one is needed. */
  paymentIntent(bookingId: number, totalCents: number, afterIntentId?: string): string {
    const key = `booking-${bookingId}-pi-${totalCents}`;
    return afterIntentId ? `${key}-after-${afterIntentId}` : key;
  },
  /** One checkout's payment of several bookings of a family (DESIGN.md 11), for this total. */
  checkoutIntent(bookingIds: readonly number[], totalCents: number, afterIntentId?: string): string {
    const key = `checkout-${[...bookingIds].sort((a, b) => a - b).join("-")}-pi-${totalCents}`;
    return afterIntentId ? `${key}-after-${afterIntentId}` : key;
  },
  /** The full refund of one charge: the booking's own payment, or another payment of it (paid twice). */
  refund(bookingId: number, paymentIntentId: string, isBookingsPayment: boolean): string {
    return isBookingsPayment ? `booking-${bookingId}-refund` : `booking-${bookingId}-refund-${paymentIntentId}`;
  },
  /** The coach's earnings of one booking. */
  payout(bookingId: number): string {
    return `booking-${bookingId}-payout`;
  },
  /** Taking back the payout of one booking (an admin reversed its no-show). */
  payoutReversal(bookingId: number): string {
    return `booking-${bookingId}-payout-reversal`;
  },
  /** A package purchase's payment (DESIGN.md 11): one purchase, one charge. */
  purchasePaymentIntent(purchaseId: number, totalCents: number): string {
    return `purchase-${purchaseId}-pi-${totalCents}`;
  },
  /** The one refund of a charge of a purchase: its unused credits pro rata, or all of it when the payment bought nothing. */
  purchaseRefund(purchaseId: number, paymentIntentId: string): string {
    return `purchase-${purchaseId}-refund-${paymentIntentId}`;
  },
  /** One connected account per coach. */
  connectedAccount(coachId: number): string {
    return `coach-${coachId}-account`;
  },
};

/**
 * The names a transfer carries at the provider (Stripe's `transfer_group`), one per payout. Unlike
 * an idempotency key, which the provider forgets after about a day, a group is kept with the
 * transfer and can be searched: a payout sent without an answer recorded is looked up by it
 * (payouts.service.ts) before a second transfer could be sent.
 */
export const transferGroups = {
  /** The coach's earnings of one booking. */
  payout(bookingId: number): string {
    return `booking_${bookingId}`;
  },
};
