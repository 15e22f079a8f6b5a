import { Suspense, useEffect, useRef, type ReactNode } from "react";
import { Spinner } from "./spinner";

/** What Radix's dialog focuses first when it opens: the first control a Tab would reach. */
const FIRST_CONTROL =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), button:not(:disabled), [href], [tabindex]:not([tabindex="-1"])';

/**
 * A dialog's body whose code loads when the dialog opens (a form with its library and schemas):
 * "Loading..." in the open dialog until it arrives. Radix focuses the first control of a dialog
 * when it opens; a body that arrives later was not there, and Radix focused the Close button, so
 * the body takes the focus from elsewhere in the dialog when it appears. A body that is there at
 * once (its code loaded before) leaves the focus to Radix, as a dialog without a lazy body does.
 */
export function LazyDialogBody({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
      <FocusFirstControl>{children}</FocusFirstControl>
    </Suspense>
  );
}

function FocusFirstControl({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = ref.current;
    const dialog = body?.closest('[role="dialog"], [role="alertdialog"]');
    // Before Radix's own focusing (the body mounted with the dialog), the focus is still outside it.
    if (!body || !dialog?.contains(document.activeElement) || body.contains(document.activeElement)) return;
    body.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
  }, []);
  return (
    <div ref={ref} className="contents">
      {children}
    </div>
  );
}
