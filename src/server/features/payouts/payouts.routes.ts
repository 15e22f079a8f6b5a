import { Router } from "express";
import { ConnectLinkRequestSchema, SimulatedOnboardingCompleteRequestSchema } from "@contract/payouts";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { providerCallRateLimit } from "../../http/rate-limit";
import { requireRole } from "../../http/require-session";
import { parseBody } from "../../http/validate-request";
import { getEarningsCards } from "../progress/earnings.service";
import { completeSimulatedOnboarding, createAccount, dashboardLink, getAccountStatus, onboardingLink } from "./payouts.service";

/** Coaches' payout accounts and earnings (cancellation and feedback are the bookings feature's). */
export function payoutsRouter(deps: AppDeps): Router {
  const router = Router();
  // Each of these calls the payment provider: throttled per user (issue 28).
  const providerCalls = providerCallRateLimit({ db: deps.database.db, clock: deps.clock });

  router.get("/stripe/connect/account-status", providerCalls, async (req, res) => {
    const user = requireRole(req, "coach");
    res.json(await getAccountStatus(deps, user));
  });

  router.post("/stripe/connect/create-account", providerCalls, async (req, res) => {
    const user = requireRole(req, "coach");
    const { returnTo } = parseBody(req, ConnectLinkRequestSchema);
    res.json(await createAccount(deps, user, returnTo));
  });

  router.post("/stripe/connect/onboarding-link", providerCalls, async (req, res) => {
    const user = requireRole(req, "coach");
    const { returnTo } = parseBody(req, ConnectLinkRequestSchema);
    res.json(await onboardingLink(deps, user, returnTo));
  });

  router.post("/stripe/connect/dashboard-link", providerCalls, async (req, res) => {
    const user = requireRole(req, "coach");
    const { status, body } = await dashboardLink(deps, user);
    res.status(status).json(body);
  });

  router.post("/payments/simulated/onboarding/complete", providerCalls, async (req, res) => {
    // Not there at all with Stripe: Stripe's hosted onboarding does this.
    if (!deps.payments.simulated) throw notFound();
    const user = requireRole(req, "coach");
    res.json(await completeSimulatedOnboarding(deps, user, parseBody(req, SimulatedOnboardingCompleteRequestSchema)));
  });

  router.get("/coaches/me/earnings", async (req, res) => {
    const user = requireRole(req, "coach");
    res.json(await getEarningsCards(deps, user));
  });

  return router;
}
