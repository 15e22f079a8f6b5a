import { Wifi, WifiOff } from "lucide-react";
import { cn } from "@client/lib/cn";
import type { CalendarSocketState } from "../use-calendar-socket";

/** Issue 29: the pill says what it means, not just "Live". */
const labels: Record<CalendarSocketState, string> = {
  connected: "Live updates on",
  connecting: "Connecting to live updates...",
  disconnected: "Offline: reconnecting",
};

/** Shows whether calendar changes arrive live (coach-side 2). */
export function LiveIndicator({ state, className }: { state: CalendarSocketState; className?: string }) {
  const live = state === "connected";
  return (
    <span
      role="status"
      aria-live="polite"
      data-state={state}
      title={live ? "Changes appear here as they happen" : "Not receiving live updates; reconnecting"}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold",
        live ? "bg-emerald-100 text-emerald-900" : state === "connecting" ? "bg-amber-100 text-amber-900" : "bg-slate-200 text-slate-700",
        className,
      )}
    >
      {live ? <Wifi aria-hidden className="size-3.5" /> : <WifiOff aria-hidden className="size-3.5" />}
      <span className={cn("size-2 rounded-full", live ? "animate-pulse bg-emerald-600" : "bg-slate-400")} aria-hidden />
      {labels[state]}
    </span>
  );
}
