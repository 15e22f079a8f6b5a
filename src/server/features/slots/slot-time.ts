import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { LocalDateTime } from "@contract/time";

/** The wall-clock date and time of an instant in a time zone. */
export function instantToLocal(instant: Date, timeZone: string): LocalDateTime {
  const zoned = new TZDate(instant.getTime(), timeZone);
  return { date: format(zoned, "yyyy-MM-dd"), time: format(zoned, "HH:mm") };
}

/**
 * The instant of a wall-clock date and time in a time zone; null when that time does not exist
 * there (the hour skipped when daylight saving time starts). In the repeated hour when it ends,
 * the first occurrence is taken.
 */
export function localToInstant(date: string, time: string, timeZone: string): Date | null {
  const [year, month, day] = date.split("-").map(Number);
  const [hours, minutes] = time.split(":").map(Number);
  const zoned = new TZDate(year ?? NaN, (month ?? NaN) - 1, day ?? NaN, hours ?? NaN, minutes ?? NaN, 0, timeZone);
  const instant = new Date(zoned.getTime());
  if (Number.isNaN(instant.getTime())) return null;
  const back = instantToLocal(instant, timeZone);
  return back.date === date && back.time === time ? instant : null;
}

/** Midnight at the start of a date in the zone (or the first moment of that date when midnight is skipped). */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(new TZDate(year ?? NaN, (month ?? NaN) - 1, day ?? NaN, 0, 0, 0, timeZone).getTime());
}
