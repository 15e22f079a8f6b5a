import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { PayoutMessages } from "@contract/payouts";
import { NO_PAYMENT_ACCOUNT } from "@contract/payout-basics";
import { coaches } from "@server/db/schema/index";
import { createBookableCoach, createPerson, get, post } from "@tests/factories/bookings";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

const APP = "http://localhost:5000";

function onboardingQuery(url: string) {
  const parsed = new URL(url);
  return {
    path: parsed.pathname,
    account: parsed.searchParams.get("account"),
    return: parsed.searchParams.get("return"),
    refresh: parsed.searchParams.get("refresh"),
  };
}

describe("payment account (simulated provider)", () => {
  it("a coach without an account reads Not Started, whether or not they have a profile yet", async () => {
    const noProfile = await createPerson(t, "coach");
    const withProfile = await createBookableCoach(t);
    const empty = NO_PAYMENT_ACCOUNT;
    expect((await get(t, "/api/stripe/connect/account-status", noProfile.cookie)).body).toEqual(empty);
    expect((await get(t, "/api/stripe/connect/account-status", withProfile.cookie)).body).toEqual(empty);
  });

  it("only coaches reach the payment account calls", async () => {
    const player = await createPerson(t);
    expect((await get(t, "/api/stripe/connect/account-status", player.cookie)).status).toBe(403);
    expect((await post(t, "/api/stripe/connect/create-account", player.cookie, {})).status).toBe(403);
    const signedOut = await request(t.app).get("/api/stripe/connect/account-status");
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ message: "Unauthorized" });
  });

  it("creating an account needs a coach profile", async () => {
    const noProfile = await createPerson(t, "coach");
    const res = await post(t, "/api/stripe/connect/create-account", noProfile.cookie, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PayoutMessages.PROFILE_REQUIRED);
  });

  it("creates one account per coach and answers the onboarding link back to the payment page", async () => {
    const coach = await createBookableCoach(t);
    const first = await post(t, "/api/stripe/connect/create-account", coach.cookie, {});
    expect(first.status).toBe(200);
    const link = onboardingQuery(first.body.url);
    expect(link).toMatchObject({
      path: "/payments/simulated/onboarding",
      return: `${APP}/coach/stripe-connect?success=true`,
      refresh: `${APP}/coach/stripe-connect`,
    });
    expect(link.account).toMatch(/^acct_sim_/);

    const status = await get(t, "/api/stripe/connect/account-status", coach.cookie);
    expect(status.body).toMatchObject({
      hasAccount: true,
      accountId: link.account,
      accountComplete: false,
      onboardingComplete: false,
      detailsSubmitted: false,
      payoutsEnabled: false,
    });
    expect(status.body.requirements.currently_due.length).toBeGreaterThan(0);

    // A second press (another tab, a retry) continues the same account.
    const second = await post(t, "/api/stripe/connect/create-account", coach.cookie, {});
    expect(onboardingQuery(second.body.url).account).toBe(link.account);
    const [row] = await t.deps.database.db.select().from(coaches).where(eq(coaches.id, coach.coachId));
    expect(row!.paymentAccountId).toBe(link.account);
  });

  it("from the onboarding wizard, the provider sends the coach back to the wizard", async () => {
    const coach = await createBookableCoach(t);
    const res = await post(t, "/api/stripe/connect/create-account", coach.cookie, { returnTo: "onboarding" });
    expect(onboardingQuery(res.body.url)).toMatchObject({
      return: `${APP}/coach-onboarding?stripe=success`,
      refresh: `${APP}/coach-onboarding?stripe=refresh`,
    });
    const again = await post(t, "/api/stripe/connect/onboarding-link", coach.cookie, { returnTo: "onboarding" });
    expect(again.status).toBe(200);
    expect(onboardingQuery(again.body.url)).toMatchObject({ return: `${APP}/coach-onboarding?stripe=success` });
  });

  it("an onboarding link needs an account", async () => {
    const coach = await createBookableCoach(t);
    const res = await post(t, "/api/stripe/connect/onboarding-link", coach.cookie, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("No payment account yet");
  });

  it("the dashboard opens only once setup is complete; the local onboarding page completes it", async () => {
    const coach = await createBookableCoach(t);
    const none = await post(t, "/api/stripe/connect/dashboard-link", coach.cookie, {});
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ success: false, message: "Complete your payment account setup first." });

    const created = await post(t, "/api/stripe/connect/create-account", coach.cookie, {});
    const accountId = onboardingQuery(created.body.url).account!;
    const early = await post(t, "/api/stripe/connect/dashboard-link", coach.cookie, {});
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ success: false, message: "Complete your payment account setup first." });

    // Another coach cannot finish someone else's account, nor can a player.
    const other = await createBookableCoach(t);
    const stolen = await post(t, "/api/payments/simulated/onboarding/complete", other.cookie, { accountId });
    expect(stolen.status).toBe(403);
    const player = await createPerson(t);
    expect((await post(t, "/api/payments/simulated/onboarding/complete", player.cookie, { accountId })).status).toBe(403);
    expect((await get(t, "/api/stripe/connect/account-status", coach.cookie)).body.accountComplete).toBe(false);

    const done = await post(t, "/api/payments/simulated/onboarding/complete", coach.cookie, { accountId });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, returnUrl: `${APP}/coach/stripe-connect?success=true` });
    expect((await get(t, "/api/stripe/connect/account-status", coach.cookie)).body).toEqual({
      hasAccount: true,
      accountId,
      accountComplete: true,
      onboardingComplete: true,
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      requirements: { currently_due: [] },
    });
    const [row] = await t.deps.database.db.select().from(coaches).where(eq(coaches.id, coach.coachId));
    expect(row).toMatchObject({ paymentDetailsSubmitted: true, paymentPayoutsEnabled: true, paymentRequirementsDue: [] });

    const dashboard = await post(t, "/api/stripe/connect/dashboard-link", coach.cookie, {});
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.success).toBe(true);
    expect(dashboard.body.url).toContain("/payments/simulated/dashboard?account=");
  });

  it("the local onboarding completion needs an account id", async () => {
    const coach = await createBookableCoach(t);
    const res = await post(t, "/api/payments/simulated/onboarding/complete", coach.cookie, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("accountId is required");
  });
});
