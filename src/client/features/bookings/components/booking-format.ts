import type { BookingStatus } from "../../../../contract/bookings";
import { parseTime } from "../../../../contract/time";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-11-23" -> "Monday, November 23, 2026"; null when the text is not a date. */
export function formatLongDate(date: string | null | undefined): string | null {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (!MONTHS[month - 1] || Number.isNaN(weekday)) return null;
  return `${WEEKDAYS[weekday]}, ${MONTHS[month - 1]} ${day}, ${year}`;
}

/** "14:30" -> "2:30 PM"; null when the text is not a time of day. */
export function formatClock(time: string | null | undefined): string | null {
  const minutes = time ? parseTime(time) : null;
  if (minutes === null) return null;
  const hours = Math.floor(minutes / 60);
  const suffix = hours < 12 ? "AM" : "PM";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, "0")} ${suffix}`;
}

/** "14:30", "15:30" -> "2:30 PM - 3:30 PM" (either end missing gives null). */
export function formatTimeRange(start: string | null | undefined, end: string | null | undefined): string | null {
  const from = formatClock(start);
  const to = formatClock(end);
  return from && to ? `${from} - ${to}` : null;
}

/** The API's decimal strings are shown as they are: "85.00" -> "$85.00". */
export function dollars(amount: string | null | undefined): string {
  return `$${amount ?? "0.00"}`;
}

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: "Awaiting Payment",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

export function sessionTypeLabel(sessionType: string | null | undefined): string {
  return sessionType === "group" ? "Group" : "Individual";
}

export function personName(person: { firstName: string | null; lastName: string | null } | null | undefined, fallback: string): string {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(" ").trim();
  return name || fallback;
}
