import { addDaysToDate, type LocalDateTime } from "../../../../contract/time";
import { MAX_GROUP_CAPACITY, MIN_GROUP_CAPACITY } from "../../../../contract/slots";

/**
 * The current wall-clock date and time in a time zone: slots belong to the coach's zone
 * (DESIGN.md 3), so "in the past" and "this week" are judged there, not in the browser's zone.
 */
export function localNow(timeZone: string, now: Date = new Date()): LocalDateTime {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(now);
  } catch {
    // An unknown zone name (never expected from the server) falls back to the browser's zone.
    parts = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(now);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

/** 0 = Sunday ... 6 = Saturday, for a yyyy-MM-dd date (calendar arithmetic, no time zone). */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The Sunday that starts the week of a date (US calendars start on Sunday). */
export function startOfWeek(date: string): string {
  return addDaysToDate(date, -dayOfWeek(date));
}

export function weekDates(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDaysToDate(weekStart, i));
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Mon, Nov 23" */
export function shortDateLabel(date: string): string {
  const [, month, day] = date.split("-").map(Number);
  return `${WEEKDAYS[dayOfWeek(date)]}, ${MONTHS[month! - 1]} ${day}`;
}

/** "Monday, Nov 23, 2026" */
export function longDateLabel(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${LONG_WEEKDAYS[dayOfWeek(date)]}, ${MONTHS[month! - 1]} ${day}, ${year}`;
}

/** "9:00 AM" for "09:00". */
export function timeLabel(time: string): string {
  const [h, m] = time.split(":").map(Number);
  const suffix = h! < 12 ? "AM" : "PM";
  const hour = h! % 12 === 0 ? 12 : h! % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/**
 * coach-side 5: the capacity field keeps digits only while typing and is clamped to 2..10 when it
 * loses focus (an empty field becomes the minimum).
 */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, "").slice(0, 3);
}

export function clampCapacity(text: string): string {
  const value = Number(digitsOnly(text));
  if (!text.trim() || !Number.isFinite(value)) return String(MIN_GROUP_CAPACITY);
  return String(Math.min(MAX_GROUP_CAPACITY, Math.max(MIN_GROUP_CAPACITY, value)));
}
