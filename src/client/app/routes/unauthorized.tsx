import { useLocation, useSearch } from "wouter";
import { RedirectNotice, SIGNED_OUT_REDIRECT_DELAY_MS } from "../role-guard";

/** A signed-in-only path opened while signed out: to the login, and back to this page once signed in. */
export function UnauthorizedRedirect() {
  const [location] = useLocation();
  const search = useSearch();
  const next = `${location}${search ? `?${search}` : ""}`;
  return (
    <RedirectNotice
      title="Unauthorized"
      message="Please sign in to continue."
      to={`/login?${new URLSearchParams({ next }).toString()}`}
      delayMs={SIGNED_OUT_REDIRECT_DELAY_MS}
    />
  );
}
