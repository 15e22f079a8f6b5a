import type { EarningsInterval } from "@contract/earnings";
import { formatMediumDate, formatShortDate, formatShortMonth } from "@client/lib/when";

/**
 * A period of the coach's figures in the app's dates: "Nov 23" (short) or "Mon, Nov 23, 2026" (long)
 * for the week starting that day, "Nov 2026" for a month. The charts' axes take the short one, their
 * tooltips and the table beside them (the charts' text alternative) the long one.
 */
export function periodLabel(start: string, interval: EarningsInterval, length: "short" | "long"): string {
  if (interval === "month") return formatShortMonth(start) ?? start;
  return (length === "short" ? formatShortDate(start) : formatMediumDate(start)) ?? start;
}
