import { ComingSoon } from "./coming-soon";

export function ForgotPasswordPage() {
  return <ComingSoon title="Forgot Password" />;
}
