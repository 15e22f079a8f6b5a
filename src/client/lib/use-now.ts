import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `intervalMs` (a minute by default) so time rules on screen stay
 * true; with `isTicking` false it stays put. The one "now" that components re-render on.
 */
export function useNow(intervalMs = 60_000, isTicking = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!isTicking) return;
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs, isTicking]);
  return now;
}
