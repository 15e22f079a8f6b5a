import { TZDate, tzOffset } from "@date-fns/tz";
import { format } from "date-fns";
import type { LocalDateTime } from "@contract/time";

const DAY_MS = 86_400_000;
/** Offsets of the UTC days a zone did not change its clock during, by `zone|day` (a bound, then emptied). */
const steadyDays = new Map<string, number>();
const MAX_STEADY_DAYS = 20_000;

/**
 * The zone's offset from UTC in minutes at an instant, as @date-fns/tz's tzOffset gives it, asked
 * of Intl once per zone and UTC day: a day whose first and last minute have the same offset has it
 * throughout (a zone changes its clock at most once a day), and a day with a change asks for each
 * instant. NaN for a zone Intl does not know.
 */
function offsetMinutes(ms: number, timeZone: string): number {
  const day = Math.floor(ms / DAY_MS);
  const key = `${timeZone}|${day}`;
  const known = steadyDays.get(key);
  if (known !== undefined) return known;
  const first = tzOffset(timeZone, new Date(day * DAY_MS));
  const last = tzOffset(timeZone, new Date((day + 1) * DAY_MS - 60_000));
  if (first !== last || Number.isNaN(first)) return tzOffset(timeZone, new Date(ms));
  if (steadyDays.size >= MAX_STEADY_DAYS) steadyDays.clear();
  steadyDays.set(key, first);
  return first;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The wall-clock date and time of an instant in a time zone. Read from the instant moved by the
 * zone's offset (every slot of every search and page asks, and a TZDate with date-fns' format
 * asked Intl several times each: a tenth of a busy server's time in bench:peak).
 */
export function instantToLocal(instant: Date, timeZone: string): LocalDateTime {
  const offset = offsetMinutes(instant.getTime(), timeZone);
  if (Number.isNaN(offset) || Number.isNaN(instant.getTime())) {
    // What date-fns says of an unknown zone or an invalid instant (it throws).
    const zoned = new TZDate(instant.getTime(), timeZone);
    return { date: format(zoned, "yyyy-MM-dd"), time: format(zoned, "HH:mm") };
  }
  const local = new Date(instant.getTime() + offset * 60_000);
  const year = local.getUTCFullYear();
  return {
    date: `${year < 1000 ? String(year).padStart(4, "0") : year}-${twoDigits(local.getUTCMonth() + 1)}-${twoDigits(local.getUTCDate())}`,
    time: `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`,
  };
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
