import { Clock } from "lucide-react";
import { useEffect } from "react";
import { useNow } from "@client/lib/use-now";

const pad2 = (n: number) => String(n).padStart(2, "0");

/** "mm:ss" of the time left, "h:mm:ss" from an hour on (a day's hold reads "23:59:59", not "1439:59"); never negative. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours}:${pad2(minutes)}:${pad2(seconds % 60)}` : `${pad2(minutes)}:${pad2(seconds % 60)}`;
}

/** Milliseconds until the hold ends, ticking every second; calls onExpired once when it reaches 0. */
export function useHoldRemaining(holdExpiresAt: string | null | undefined, onExpired: () => void): number | null {
  const target = holdExpiresAt ? new Date(holdExpiresAt).getTime() : NaN;
  const now = useNow(1000, !Number.isNaN(target)).getTime();
  const remaining = Number.isNaN(target) ? null : target - now;
  const expired = remaining !== null && remaining <= 0;
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);
  return remaining;
}

export function HoldCountdown({ remainingMs, text = "Your spot is held for" }: { remainingMs: number; text?: string }) {
  return (
    <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="timer" aria-live="off">
      <Clock aria-hidden className="size-4 shrink-0" />
      {text} {formatRemaining(remainingMs)}
    </p>
  );
}
