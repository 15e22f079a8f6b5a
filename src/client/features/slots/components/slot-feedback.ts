import { toast } from "@client/components/ui/toast";
import { ApiError, isUnauthorized } from "@client/lib/api-client";

/** coach-side 8: the server's message when it gave one, else the spec's fallback; a 401 takes the logged-out path. */
export function notifySlotFailure(error: unknown, fallback: string, title = "Error"): void {
  if (isUnauthorized(error)) return;
  const message = error instanceof ApiError && error.message ? error.message : fallback;
  toast({ title, description: message, variant: "destructive" });
}
