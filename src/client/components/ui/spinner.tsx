import { cn } from "../../lib/cn";

/** A spinning ring; with a label it announces itself as a status, decorative inside a busy button. */
export function Spinner({ label, decorative = false, className }: { label?: string; decorative?: boolean; className?: string }) {
  const ring = (
    <span aria-hidden className={cn("size-5 animate-spin rounded-full border-2 border-current border-t-transparent", className)} />
  );
  if (decorative) return ring;
  return (
    <span role="status" className="inline-flex items-center gap-3 text-field-800">
      {ring}
      {label ? <span className="font-medium">{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-6">
      <Spinner label={label} className="size-8 border-[3px] text-field-600" />
    </div>
  );
}
