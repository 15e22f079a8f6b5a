import request from "supertest";
import { startStripeStandIn, type SignedWebhook, type StripeStandIn } from "@tests/support/stripe-stand-in";
import { afterAll, beforeAll } from "vitest";
import { standIn } from "@tests/support/stand-in";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * The real app talking to the local Stripe stand-in (tests/support/stripe-stand-in.ts) instead of
 * the simulated provider. `prepare` sets the stand-in up before the app starts; close both after.
 */
export async function startStripeTestApp(
  options: { prepare?: (stripe: StripeStandIn) => void; env?: Record<string, string> } = {},
): Promise<{ stripe: StripeStandIn; t: TestApp }> {
  const stripe = await startStripeStandIn();
  options.prepare?.(stripe);
  const t = await startTestApp({ ...stripe.env(), ...options.env });
  return { stripe, t };
}

/** One test file's app on the Stripe stand-in: both started before its tests and closed after them. */
export function useStripeTestApp(options: Parameters<typeof startStripeTestApp>[0] = {}): { stripe: StripeStandIn; t: TestApp } {
  let current: { stripe: StripeStandIn; t: TestApp } | undefined;
  beforeAll(async () => {
    current = await startStripeTestApp(options);
  });
  afterAll(async () => {
    await current?.t.close();
    await current?.stripe.close();
  });
  return { stripe: standIn(() => current?.stripe, "The Stripe stand-in"), t: standIn(() => current?.t, "The test app") };
}

/** Posts a signed event from the stand-in to the app's Stripe webhook, as Stripe would. */
export function deliverStripeWebhook(t: TestApp, webhook: Pick<SignedWebhook, "payload" | "signature">) {
  return request(t.app)
    .post("/api/stripe/webhook")
    .set("Content-Type", "application/json")
    .set("Stripe-Signature", webhook.signature)
    .send(webhook.payload);
}
