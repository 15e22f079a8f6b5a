import { toast } from "../components/ui/toast";

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/**
 * player-side 8: a 401 tells the user they are logged out and sends the browser to /api/login after
 * 0.5 s. Only the query client calls it (query-client.ts), for every query and mutation.
 */
export function handleUnauthorized(loginUrl = "/api/login"): void {
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  window.setTimeout(() => {
    window.location.href = loginUrl;
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

export { messageOr } from "./toast-failure";
