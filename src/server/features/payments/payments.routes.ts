import express, { Router, type Request } from "express";
import {
  ConfirmPaymentRequestSchema,
  PaymentMessages,
  CreatePaymentIntentRequestSchema,
  SessionDetailsRequestSchema,
  SimulatedConfirmRequestSchema,
  UpdatePaymentIntentRequestSchema,
} from "@contract/payments";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { clientIp } from "../../http/rate-limit";
import { providerCallRateLimit } from "../../http/rate-limit";
import { requireRole, requireUser } from "../../http/require-session";
import { parseBody } from "../../http/validate-request";
import { SeriesBookingRequestSchema } from "@contract/bookings";
import { BookingMessages } from "@contract/booking-basics";
import { bookSeriesWithCheckout } from "./series-checkout.service";
import { confirmPayment, confirmSimulatedCard, sessionDetails } from "./payments.service";
import { createPaymentIntent, updateTip } from "./payment-intents.service";
import { handleWebhook } from "./payment-webhooks.service";

/** Bookings and their payments are made by players (DESIGN.md 5); checked before the body is read. */
const requirePlayer = (req: Request) => requireRole(req, "player", PaymentMessages.ONLY_PLAYERS);

export function paymentsRouter(deps: AppDeps): Router {
  const router = Router();
  // Each of these calls the payment provider: throttled per user (issue 28).
  const providerCalls = providerCallRateLimit({ db: deps.database.db, clock: deps.clock });

  // DESIGN.md 11: by card, a series' weeks are held and answered with one checkout's payment fields.
  router.post("/bookings/series", providerCalls, async (req, res) => {
    const user = requireRole(req, "player", BookingMessages.ONLY_PLAYERS);
    res.status(201).json(await bookSeriesWithCheckout(deps, user, parseBody(req, SeriesBookingRequestSchema), clientIp(req)));
  });

  router.post("/create-payment-intent", providerCalls, async (req, res) => {
    const user = requirePlayer(req);
    res.json(await createPaymentIntent(deps, user, parseBody(req, CreatePaymentIntentRequestSchema), clientIp(req)));
  });

  router.post("/update-payment-intent", providerCalls, async (req, res) => {
    const user = requirePlayer(req);
    res.json(await updateTip(deps, user, parseBody(req, UpdatePaymentIntentRequestSchema)));
  });

  router.post("/confirm-payment", providerCalls, async (req, res) => {
    const user = requirePlayer(req);
    const { paymentIntentId } = parseBody(req, ConfirmPaymentRequestSchema);
    res.json(await confirmPayment(deps, user, paymentIntentId));
  });

  router.post("/payments/simulated/confirm", providerCalls, async (req, res) => {
    // Not there at all with Stripe: the card form exists only for the simulated provider.
    if (!deps.payments.simulated) throw notFound();
    const user = requirePlayer(req);
    res.json(await confirmSimulatedCard(deps, user, parseBody(req, SimulatedConfirmRequestSchema)));
  });

  router.post("/stripe/session-details", providerCalls, async (req, res) => {
    const user = requireUser(req);
    const { sessionId } = parseBody(req, SessionDetailsRequestSchema);
    res.json(await sessionDetails(deps, user, sessionId));
  });

  return router;
}

/**
 * POST /api/stripe/webhook. Mounted before the JSON parser: the signature covers the exact bytes
 * the provider sent, so the body must stay raw.
 */
export function paymentWebhookRouter(deps: AppDeps): Router {
  const router = Router();
  router.post("/stripe/webhook", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await handleWebhook(deps, body, req.header("stripe-signature"));
    res.json({ received: true });
  });
  return router;
}
