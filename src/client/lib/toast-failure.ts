import { toast } from "../components/ui/toast";
import { isUnauthorized } from "./api-client";

// Not in handle-unauthorized.ts: that module rides in the signed-in shell's chunk ("account"),
// which pages without the shell (the setup wizards) do not load.

/** The spec's "server message, else fallback" rule for toasts. */
export function messageOr(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * A failed call's toast, unless the failure was a 401: the query client has already said "You are
 * logged out" and is sending the browser to sign in. `description` is the text to show, or
 * `{ fallback }` for the server's message when it sent one, else the fallback.
 */
export function toastFailure(error: unknown, title: string, description: string | { fallback: string }): void {
  if (isUnauthorized(error)) return;
  toast({
    title,
    description: typeof description === "string" ? description : messageOr(error, description.fallback),
    variant: "destructive",
  });
}
