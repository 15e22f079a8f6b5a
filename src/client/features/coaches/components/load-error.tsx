import { AlertTriangle } from "lucide-react";
import { Button } from "@client/components/ui/button";

/** A page whose data could not be read: say so and offer a retry (a 401 takes the query client's logged-out path). */
export function LoadError({ onRetry, text }: { onRetry: () => void; text: string }) {
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
