import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { handleUnauthorized } from "../../../lib/handle-unauthorized";

/** coach-side 8: the server's message when it gave one, else the spec's fallback; a 401 takes the logged-out path. */
export function notifySlotFailure(error: unknown, fallback: string, title = "Error"): void {
  if (handleUnauthorized(error)) return;
  const message = error instanceof ApiError && error.message ? error.message : fallback;
  toast({ title, description: message, variant: "destructive" });
}
