import { ComingSoon } from "./coming-soon";

export function LoginPage() {
  return <ComingSoon title="Login" />;
}
