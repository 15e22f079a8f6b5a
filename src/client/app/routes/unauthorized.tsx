import { useLocation, useSearch } from "wouter";
import type { UserType } from "@contract/accounts";
import { RedirectNotice, SIGNED_OUT_REDIRECT_DELAY_MS, WRONG_ROLE_REDIRECT_DELAY_MS } from "../role-guard";

/** A signed-in-only path opened while signed out: to the login, and back to this page once signed in. */
export function UnauthorizedPage() {
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

/**
 * The role guard (player-side 2) of a page restricted to one user type (contract/pages.ts `roles`),
 * opened by another: "Access Denied", then / after 1 s. The router shows it in place of the page.
 */
export function AccessDenied({ allow }: { allow: UserType }) {
  return (
    <RedirectNotice
      title="Access Denied"
      message={`This page is only available for ${allow}s.`}
      to="/"
      delayMs={WRONG_ROLE_REDIRECT_DELAY_MS}
    />
  );
}
