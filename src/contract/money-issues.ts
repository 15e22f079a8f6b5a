import { z } from "zod";

/**
 * GET /api/admin/money-issues (admins): what needs a person's attention about money. Disputes
 * (chargebacks) as the provider reported them; refunds and payouts that did not go through and are
 * being retried with backoff, or have stopped after too many attempts.
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
      amount: z.string(),
      /** retrying: failed, tried again later; stopped: gave up after the bound, a person must act; in_flight: sent, outcome unknown. */
      state: z.enum(["retrying", "stopped", "in_flight"]),
      attempts: z.number(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
    }),
  ),
});
export type MoneyIssues = z.infer<typeof MoneyIssuesSchema>;
