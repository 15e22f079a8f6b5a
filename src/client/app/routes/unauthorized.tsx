import { RedirectNotice, SIGNED_OUT_REDIRECT_DELAY_MS } from "../role-guard";

/** A signed-in-only path opened while signed out. */
export function UnauthorizedRedirect() {
  return <RedirectNotice title="Unauthorized" message="Please sign in to continue." to="/login" delayMs={SIGNED_OUT_REDIRECT_DELAY_MS} />;
}
