import { useEffect, useState } from "react";
import { hydratingAt } from "./hydration";

/**
 * The current time, refreshed every `intervalMs` (a minute by default) so time rules on screen stay
 * true; with `isTicking` false it stays put. The one "now" that components re-render on.
 */
export function useNow(intervalMs = 60_000, isTicking = true): Date {
  // A page the server drew is hydrated on the server's clock (lib/hydration.ts), then reads the browser's.
  const [drawnAt] = useState(hydratingAt);
  const [now, setNow] = useState(() => new Date(drawnAt ?? Date.now()));
  useEffect(() => {
    if (drawnAt !== null) setNow(new Date());
  }, [drawnAt]);
  useEffect(() => {
    if (!isTicking) return;
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs, isTicking]);
  return now;
}
