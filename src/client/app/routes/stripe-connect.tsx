import { ComingSoon } from "./coming-soon";

export function StripeConnectPage() {
  return <ComingSoon title="Stripe Connect" />;
}
