import { Router } from "express";
import {
  CancelSessionRequestSchema,
  ConnectLinkRequestSchema,
  SimulatedOnboardingCompleteRequestSchema,
  SubmitFeedbackRequestSchema,
} from "../../../contract/payouts";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { requireRole } from "../../http/require-session";
import { parseBody, parseIdParam } from "../../http/validate-request";
import {
  cancelSession,
  completeSimulatedOnboarding,
  createAccount,
  dashboardLink,
  getAccountStatus,
  getEarnings,
  onboardingLink,
  submitFeedback,
} from "./payouts.service";

/** Coaches' payout accounts, cancellations with refunds, feedback that releases payment, earnings. */
export function payoutsRouter(deps: AppDeps): Router {
  const router = Router();

  router.get("/stripe/connect/account-status", async (req, res) => {
    const user = requireRole(req, "coach");
    res.json(await getAccountStatus(deps, user));
  });

  router.post("/stripe/connect/create-account", async (req, res) => {
    const user = requireRole(req, "coach");
    const { returnTo } = parseBody(req, ConnectLinkRequestSchema);
    res.json(await createAccount(deps, user, returnTo));
  });

  router.post("/stripe/connect/onboarding-link", async (req, res) => {
    const user = requireRole(req, "coach");
    const { returnTo } = parseBody(req, ConnectLinkRequestSchema);
    res.json(await onboardingLink(deps, user, returnTo));
  });

  router.post("/stripe/connect/dashboard-link", async (req, res) => {
    const user = requireRole(req, "coach");
    const { status, body } = await dashboardLink(deps, user);
    res.status(status).json(body);
  });

  router.post("/payments/simulated/onboarding/complete", async (req, res) => {
    // Not there at all with Stripe: Stripe's hosted onboarding does this.
    if (deps.payments.kind !== "simulated") throw notFound();
    const user = requireRole(req, "coach");
    res.json(await completeSimulatedOnboarding(deps, user, parseBody(req, SimulatedOnboardingCompleteRequestSchema)));
  });

  router.post("/bookings/:id/cancel", async (req, res) => {
    const user = requireRole(req, "coach");
    const id = parseIdParam(req);
    const { reason } = parseBody(req, CancelSessionRequestSchema);
    res.json(await cancelSession(deps, user, id, reason));
  });

  router.post("/bookings/:id/submit-feedback", async (req, res) => {
    const user = requireRole(req, "coach");
    const id = parseIdParam(req);
    res.json(await submitFeedback(deps, user, id, parseBody(req, SubmitFeedbackRequestSchema)));
  });

  router.get("/coaches/me/earnings", async (req, res) => {
    const user = requireRole(req, "coach");
    res.json(await getEarnings(deps, user));
  });

  return router;
}
