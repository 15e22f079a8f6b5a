import { z } from "zod";

/** No-shows marked (or reversed) this many days back are listed for the admin; owed payouts always are. */
export const NO_SHOW_ISSUE_DAYS = 90;

/**
 * GET /api/admin/money-issues (admins): what needs a person's attention about money. Disputes
 * (chargebacks) as the provider reported them; refunds and payouts that did not go through and are
 * being retried with backoff, or have stopped after too many attempts; payouts a coach owes after a
 * reversed no-show; recent no-shows (an admin may reverse one); refunds made outside the product
 * (in the provider's dashboard), as its `charge.refunded` events reported them.
 */
export const MoneyIssuesSchema = z.object({
  disputes: z.array(
    z.object({
      id: z.string(),
      bookingId: z.number().nullable(),
      paymentIntentId: z.string().nullable(),
      amount: z.string(),
      currency: z.string(),
      reason: z.string(),
      status: z.string(),
      openedAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      bookingId: z.number().nullable(),
      paymentIntentId: z.string().nullable(),
      amount: z.string(),
      state: z.enum(["retrying", "stopped"]),
      attempts: z.number(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
    }),
  ),
  payouts: z.array(
    z.object({
      bookingId: z.number(),
      coachId: z.number(),
      coachName: z.string(),
      amount: z.string(),
      /**
       * retrying: failed, tried again later; stopped: gave up after the bound, a person must act;
       * in_flight: sent, outcome unknown; owed: sent, then its no-show was reversed and the
       * provider could not take it back, so the coach owes it (POST
       * /api/admin/bookings/{id}/reverse-no-show tries the clawback again).
       */
      state: z.enum(["retrying", "stopped", "in_flight", "owed"]),
      attempts: z.number(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
    }),
  ),
  noShows: z.array(
    z.object({
      bookingId: z.number(),
      coachId: z.number(),
      coachName: z.string(),
      athleteName: z.string(),
      sessionStartsAt: z.string(),
      markedAt: z.string(),
      note: z.string(),
      /** What the family paid (refunded in full when reversed). */
      amount: z.string(),
      /** What the coach earns for it (paid out for a no-show, taken back when reversed). */
      payoutAmount: z.string(),
      /** no_show: stands (an admin may reverse it); reversed: an admin reversed it. */
      state: z.enum(["no_show", "reversed"]),
      payoutStatus: z.enum(["none", "pending", "paid", "reversed", "owed"]),
      /** The family's money once reversed: refunded, its refund still pending, or a package credit given back. */
      familyRefund: z.enum(["none", "pending", "refunded", "credit_returned"]),
      reversedAt: z.string().nullable(),
    }),
  ),
  /**
   * Refunds the app did not make (given in the provider's dashboard), recorded from the provider's
   * `charge.refunded` events against the booking (or package purchase) the charge paid. The
   * booking itself is left as it was: a person decides what the refund means for the session.
   */
  outsideRefunds: z.array(
    z.object({
      /** The provider's refund id (re_...). */
      id: z.string(),
      bookingId: z.number().nullable(),
      purchaseId: z.number().nullable(),
      paymentIntentId: z.string(),
      chargeId: z.string(),
      amount: z.string(),
      currency: z.string(),
      /** As the provider reports it: succeeded, pending, failed, canceled. */
      status: z.string(),
      refundedAt: z.string(),
    }),
  ),
});
export type MoneyIssues = z.infer<typeof MoneyIssuesSchema>;
