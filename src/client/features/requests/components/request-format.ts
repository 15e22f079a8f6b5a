import { parseTime } from "../../../../contract/time";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-23" -> "Mon, Nov 23, 2026"; the text itself when it is not a date. */
export function formatRequestDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[month - 1] ?? ""} ${day}, ${year}`;
}

/** "14:30" -> "2:30 PM"; the text itself when it is not a time. */
export function formatRequestClock(time: string): string {
  const minutes = parseTime(time);
  if (minutes === null) return time;
  const hours = Math.floor(minutes / 60);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

export const sessionTypeLabel = (type: string) => (type === "group" ? "Group" : "Individual");

export function personName(person: { firstName: string | null; lastName: string | null } | null | undefined, fallback: string): string {
  return [person?.firstName, person?.lastName].filter(Boolean).join(" ").trim() || fallback;
}
