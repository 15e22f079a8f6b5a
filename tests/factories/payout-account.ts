import { expect } from "vitest";
import type { TestApp } from "@tests/support/test-app";
import { post, type BookableCoach } from "./bookings";

/**
 * Creates the coach's payout account with the simulated provider and, unless `complete` is false,
 * finishes onboarding on its local page, as the coach does from the earnings tab. Answers the account id.
 */
export async function connectPayoutAccount(t: TestApp, coach: BookableCoach, options: { complete?: boolean } = {}): Promise<string> {
  const created = await post(t, "/api/stripe/connect/create-account", coach.cookie, {});
  expect(created.status).toBe(200);
  const accountId = new URL(created.body.url as string).searchParams.get("account") ?? "";
  if (options.complete ?? true) {
    expect((await post(t, "/api/payments/simulated/onboarding/complete", coach.cookie, { accountId })).status).toBe(200);
  }
  return accountId;
}
