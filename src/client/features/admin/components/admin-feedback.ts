import { toast } from "@client/components/ui/toast";
import { ApiError, isUnauthorized } from "@client/lib/api-client";

/** coach-side 8: admin changes confirm with "Success" and a description of what happened. */
export function notifySaved(description: string): void {
  toast({ title: "Success", description, variant: "success" });
}

/**
 * coach-side 8: the spec's failure text stays visible and the server's reason (e.g. the duplicate
 * key message) follows it; a 401 instead takes the shared logged-out path.
 */
export function notifyFailed(error: unknown, specMessage: string): void {
  if (isUnauthorized(error)) return;
  const reason = error instanceof ApiError && error.message ? error.message : "";
  toast({ title: "Error", description: reason ? `${specMessage}: ${reason}` : specMessage, variant: "destructive" });
}

/** Order inputs: an empty box means "not set" (the server's default 0), anything else is sent as a JSON number. */
export function numberOrUndefined(value: unknown): number | undefined {
  if (value === "" || value === null || value === undefined) return undefined;
  return typeof value === "number" ? value : Number(value);
}
