import { startStripeStandIn, type StripeStandIn } from "@tests/support/stripe-stand-in";
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
