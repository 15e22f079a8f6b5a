import { toast } from "../components/ui/toast";
import { isUnauthorized } from "./api-client";

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/**
 * player-side 8: any 401 on a query or mutation tells the user they are logged out and sends the
 * browser to /api/login after 0.5 s. Returns true when it handled the error, so callers can fall
 * back to their own message otherwise.
 */
export function handleUnauthorized(error: unknown, loginUrl = "/api/login"): boolean {
  if (!isUnauthorized(error)) return false;
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  window.setTimeout(() => {
    window.location.href = loginUrl;
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
  return true;
}

/** The spec's "server message, else fallback" rule for toasts. */
export function messageOr(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
