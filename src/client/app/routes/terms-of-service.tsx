import { ComingSoon } from "./coming-soon";

export function TermsOfServicePage() {
  return <ComingSoon title="Terms Of Service" />;
}
