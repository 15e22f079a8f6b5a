import { ComingSoon } from "./coming-soon";

export function ResetPasswordPage() {
  return <ComingSoon title="Reset Password" />;
}
