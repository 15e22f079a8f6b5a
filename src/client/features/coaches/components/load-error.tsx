import { AlertTriangle } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@client/components/ui/button";
import { handleUnauthorized } from "@client/lib/handle-unauthorized";

/** A page whose data could not be read: say so, offer a retry, and take the logged-out path on a 401. */
export function LoadError({ error, onRetry, text }: { error: unknown; onRetry: () => void; text: string }) {
  useEffect(() => void handleUnauthorized(error), [error]);
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-16 text-center">
      <AlertTriangle aria-hidden className="size-10 text-amber-600" />
      <p className="text-slate-800">{text}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
