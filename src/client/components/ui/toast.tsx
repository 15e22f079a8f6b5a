import { Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { getActiveToast, subscribe } from "./toast-store";

// The store lives in toast-store.ts, which the lazily loaded view reads too (no import cycle).
export { dismissToast, getActiveToast, toast } from "./toast-store";

// The toast's look and behaviour (Radix Toast) load after the page, or with the first toast: they
// are not part of the first screen's JavaScript (docs/PERFORMANCE.md, the landing page's budget).
const loadView = () => import("./toaster-view");
const ToasterView = lazyWithReload(async () => ({ default: (await loadView()).ToasterView }));

const noToast = () => null;

export function Toaster() {
  // No toast on a page the server draws (decision 016).
  const active = useSyncExternalStore(subscribe, getActiveToast, noToast);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // Mounted once the page has settled, so its live region is in place before most toasts.
    const timer = window.setTimeout(() => setIdle(true), 3000);
    return () => window.clearTimeout(timer);
  }, []);
  if (!idle && !active) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
