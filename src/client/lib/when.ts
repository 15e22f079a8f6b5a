import type { LocalDateTime } from "../../contract/time";
import { isDrawnAsOnServer } from "./hydration";

/**
 * Every date and time the client shows. A slot belongs to its coach's time zone (DESIGN.md 3), and
 * the API sends its dates and times already in that zone; a viewer elsewhere also sees the zone named
 * ("4:00 PM EST", DESIGN.md 10), so nobody has to guess whose clock a time is on.
 */

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const pad2 = (n: number) => String(n).padStart(2, "0");
/** The API's calendar date, "yyyy-MM-dd", its year, month and day captured. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A wall clock: a Date whose local fields are read as they are (a calendar date), or, from
 * onZoneClock, one whose UTC fields are a zone's clock.
 */
type WallClock = Pick<Date, "getFullYear" | "getMonth" | "getDate" | "getDay" | "getHours" | "getMinutes">;

/**
 * A date in a date-fns pattern, US English. Only the tokens this module uses, written out: date-fns'
 * format and its locale are most of what the first screens of find coaches and a coach profile
 * would load for their dates (docs/PERFORMANCE.md).
 */
function formatAs(date: WallClock, pattern: string): string {
  return pattern.replace(/yyyy|MMMM|MMM|MM|dd|d|EEEE|EEE|HH|h|mm|a/g, (token) => {
    switch (token) {
      case "yyyy":
        return String(date.getFullYear()).padStart(4, "0");
      case "MMMM":
        return MONTHS[date.getMonth()] ?? "";
      case "MMM":
        return (MONTHS[date.getMonth()] ?? "").slice(0, 3);
      case "MM":
        return pad2(date.getMonth() + 1);
      case "dd":
        return pad2(date.getDate());
      case "d":
        return String(date.getDate());
      case "EEEE":
        return WEEKDAYS[date.getDay()] ?? "";
      case "EEE":
        return (WEEKDAYS[date.getDay()] ?? "").slice(0, 3);
      case "HH":
        return pad2(date.getHours());
      case "h":
        return String(date.getHours() % 12 || 12);
      case "mm":
        return pad2(date.getMinutes());
      default:
        return date.getHours() < 12 ? "AM" : "PM";
    }
  });
}

/*
 * Making an Intl.DateTimeFormat costs far more than using one, and a page of slots asks for the
 * same few zones again and again: each answer below is worked out once per zone and kept.
 */
let viewerZone: string | undefined;

/** The viewer's own IANA zone, as the browser knows it. */
export function browserTimeZone(): string {
  if (viewerZone === undefined) {
    try {
      viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
    } catch {
      viewerZone = "UTC";
    }
  }
  return viewerZone;
}

/*
 * A zone's clock from the browser's own time zone data (Intl), as @date-fns/tz reads it (its
 * tzOffset and TZDate, which the server uses): that library and date-fns' addDays were about 2 KB of
 * gzip on every first screen with a date. when.test.ts compares both, minute by minute around every
 * change of clock, so that the server and the browser draw the same times.
 */
const offsetFormats = new Map<string, (at: Date) => string>();

/** Minutes a zone's clock is ahead of UTC at an instant ("GMT-05:00" is -300); NaN for a zone the browser does not know. */
function zoneOffset(timeZone: string, at: Date): number {
  let parts: string[];
  try {
    let format = offsetFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).format;
      offsetFormats.set(timeZone, format);
    }
    parts = (format(at).split("GMT")[1] ?? "").split(":");
  } catch {
    // A zone given as an offset ("+05:30") that Intl does not take is read as one.
    const offset = /([+-]\d\d):?(\d\d)?/.exec(timeZone);
    if (!offset) return NaN;
    parts = offset.slice(1);
  }
  const [hours, minutes, seconds] = [0, 1, 2].map((i) => Number(parts[i] || 0)) as [number, number, number];
  const whole = hours * 60 + minutes;
  return whole > 0 ? whole + seconds / 60 : hours * 60 - minutes - seconds / 60;
}

/** A zone's clock at an instant: its UTC fields read as the zone's wall clock (a known zone only). */
function onZoneClock(instantMs: number, timeZone: string): WallClock {
  const clock = new Date(instantMs + Math.round(zoneOffset(timeZone, new Date(instantMs)) * 60) * 1000);
  return {
    getFullYear: () => clock.getUTCFullYear(),
    getMonth: () => clock.getUTCMonth(),
    getDate: () => clock.getUTCDate(),
    getDay: () => clock.getUTCDay(),
    getHours: () => clock.getUTCHours(),
    getMinutes: () => clock.getUTCMinutes(),
  };
}

const knownZones = new Map<string, boolean>();

/** A zone name the browser cannot use (never expected from the server) falls back to the viewer's own. */
function usableZone(timeZone: string | null | undefined): string {
  if (!timeZone) return browserTimeZone();
  let usable = knownZones.get(timeZone);
  if (usable === undefined) {
    usable = !Number.isNaN(zoneOffset(timeZone, new Date()));
    knownZones.set(timeZone, usable);
  }
  return usable ? timeZone : browserTimeZone();
}

/** The wall-clock date and time in a zone at an instant (default now). */
export function nowIn(timeZone: string | null | undefined, now: Date = new Date()): LocalDateTime {
  const zoned = onZoneClock(now.getTime(), usableZone(timeZone));
  return { date: formatAs(zoned, "yyyy-MM-dd"), time: formatAs(zoned, "HH:mm") };
}

/** Today's date (yyyy-MM-dd) in a zone. */
export const todayIn = (timeZone: string | null | undefined, now: Date = new Date()): string => nowIn(timeZone, now).date;

/** The instant a wall-clock "yyyy-MM-dd" + "HH:mm" names in a zone; null when either text is not one. */
export function zonedInstant(date: string, time: string, timeZone: string | null | undefined): Date | null {
  const day = CALENDAR_DATE.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const zone = usableZone(timeZone);
  // The wall clock read as UTC, less the zone's offset there; where that lands on the other side of
  // a change of clock, the offset found there. A time the clock skips (2:30 when it goes from 2:00
  // to 3:00) comes out as the instant an hour later (3:30), as @date-fns/tz's TZDate gives it.
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]));
  if (Number.isNaN(wall)) return null;
  const offsetMs = (at: number) => Math.round(zoneOffset(zone, new Date(at)) * 60) * 1000;
  const first = wall - offsetMs(wall);
  const second = wall - offsetMs(first);
  return new Date(second === first || wall - offsetMs(second) === second ? second : Math.max(first, second));
}

/** A calendar date (no zone: the API's yyyy-MM-dd is already the coach's date). */
function calendarDate(date: string | null | undefined): Date | null {
  const day = date ? CALENDAR_DATE.exec(date) : null;
  if (!day) return null;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
  const parsed = new Date(2000, 0, 1);
  parsed.setFullYear(year, month, dayOfMonth);
  // A day the month does not have ("2026-02-31") rolls over into the next: not a date.
  return parsed.getMonth() === month && parsed.getDate() === dayOfMonth ? parsed : null;
}

const formatCalendarDate = (pattern: string) => (date: string | null | undefined) => {
  const parsed = calendarDate(date);
  return parsed ? formatAs(parsed, pattern) : null;
};

/** "Monday, November 23, 2026" */
export const formatLongDate = formatCalendarDate("EEEE, MMMM d, yyyy");
/** "Mon, Nov 23, 2026" */
export const formatMediumDate = formatCalendarDate("EEE, MMM d, yyyy");
/** "Mon, Nov 23" */
export const formatDayLabel = formatCalendarDate("EEE, MMM d");
/** "Monday, Nov 23, 2026" */
export const formatWeekdayDate = formatCalendarDate("EEEE, MMM d, yyyy");
/** "Nov 23": the app's short date, as charts' axes show a day. */
export const formatShortDate = formatCalendarDate("MMM d");
/** "Nov 2026": a month, as charts' axes show one. */
export const formatShortMonth = formatCalendarDate("MMM yyyy");

/** "14:30" -> "2:30 PM"; null when the text is not a time of day. */
export function formatClock(time: string | null | undefined): string | null {
  const clock = time ? /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time) : null;
  if (!clock) return null;
  const hours = Number(clock[1]);
  return `${hours % 12 || 12}:${clock[2]} ${hours < 12 ? "AM" : "PM"}`;
}

const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at an instant, as people write it: "EST", "PDT" (or "GMT+1" where there is no common one). */
export function zoneAbbreviation(timeZone: string, at: Date): string {
  const zone = usableZone(timeZone);
  let format = zoneNameFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" });
    zoneNameFormats.set(zone, format);
  }
  return format.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * Whether the drawing knows nothing of the viewer's clock: on the server (a visitor's public page,
 * decision 016) and while the browser hydrates what it drew. Then every time names its zone, the
 * same on both sides; the browser's own later renders leave out the zone of a viewer on the coach's clock.
 */
const viewerUnknown = isDrawnAsOnServer;

/** Whether a viewer's clock reads differently from the coach's at that instant (then the zone is named). */
export function isOtherZone(timeZone: string, at: Date, viewerTimeZone?: string): boolean {
  if (viewerTimeZone === undefined) {
    if (viewerUnknown()) return true;
    viewerTimeZone = browserTimeZone();
  }
  return zoneOffset(usableZone(timeZone), at) !== zoneOffset(usableZone(viewerTimeZone), at);
}

type SessionClock = { date: string; timeZone: string | null | undefined; viewerTimeZone?: string };

/** The zone label for a session time, or "" when the viewer shares the coach's clock. */
function zoneSuffix({ date, timeZone, viewerTimeZone }: SessionClock, time: string): string {
  if (!timeZone) return "";
  const at = zonedInstant(date, time, timeZone);
  if (!at || !isOtherZone(timeZone, at, viewerTimeZone)) return "";
  return ` ${zoneAbbreviation(timeZone, at)}`;
}

/** "4:00 PM", or "4:00 PM EST" for a viewer in another zone; null when the time is not one. */
export function formatSessionTime(time: string | null | undefined, clock: SessionClock): string | null {
  const text = formatClock(time);
  return text && time ? text + zoneSuffix(clock, time) : null;
}

/** "4:00 PM - 5:00 PM", or "4:00 PM - 5:00 PM EST" for a viewer in another zone; null if either end is missing. */
export function formatSessionRange(start: string | null | undefined, end: string | null | undefined, clock: SessionClock): string | null {
  const from = formatClock(start);
  const to = formatClock(end);
  return from && to && start ? `${from} - ${to}${zoneSuffix(clock, start)}` : null;
}

/** The Sunday that starts the week of a date (US calendars start on Sunday). */
export function startOfWeekDate(date: string): string {
  const parsed = calendarDate(date);
  if (!parsed) return date;
  return addDaysTo(date, -parsed.getDay());
}

/** A calendar date `days` later (or earlier), yyyy-MM-dd. */
export function addDaysTo(date: string, days: number): string {
  const parsed = calendarDate(date);
  if (!parsed) return date;
  parsed.setDate(parsed.getDate() + days);
  return formatAs(parsed, "yyyy-MM-dd");
}

/** An instant read on a zone's clock (the viewer's own when no zone is given). */
function instantIn(iso: string, timeZone: string | null | undefined): { clock: WallClock; at: Date } | null {
  // The API's instants are ISO 8601 with their offset ("2026-11-23T21:30:00.000Z"), which every
  // browser reads the same way; any other text is not one.
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(iso) ? Date.parse(iso) : NaN;
  return Number.isNaN(at) ? null : { clock: onZoneClock(at, usableZone(timeZone)), at: new Date(at) };
}

/** "November 23, 2026": the calendar date of an instant on the viewer's clock (or a zone's); null when it is not an instant. */
export function formatInstantDate(iso: string, timeZone?: string | null): string | null {
  const zoned = instantIn(iso, timeZone);
  return zoned ? formatAs(zoned.clock, "MMMM d, yyyy") : null;
}

/**
 * "4:00 PM" on the coach's clock, or "4:00 PM EST" for a viewer in another zone (a deadline such
 * as a held seat's); null when it is not an instant.
 */
export function formatInstantTime(iso: string, timeZone: string, viewerTimeZone?: string): string | null {
  const zoned = instantIn(iso, timeZone);
  if (!zoned) return null;
  const { clock, at } = zoned;
  return formatAs(clock, "h:mm a") + (isOtherZone(timeZone, at, viewerTimeZone) ? ` ${zoneAbbreviation(timeZone, at)}` : "");
}

/**
 * "Nov 23, 2026, 4:00 PM EST": an instant that belongs to no session (a retry time, when a dispute
 * was opened) on the viewer's clock, its zone always named; null when it is not an instant.
 */
export function formatInstant(iso: string | null | undefined, viewerTimeZone: string = browserTimeZone()): string | null {
  const zoned = iso ? instantIn(iso, viewerTimeZone) : null;
  if (!zoned) return null;
  return `${formatAs(zoned.clock, "MMM d, yyyy, h:mm a")} ${zoneAbbreviation(viewerTimeZone, zoned.at)}`;
}

/** The calendar date (yyyy-MM-dd) on a zone's clock at an instant given in milliseconds. */
export const dateInZone = (instantMs: number, timeZone: string | null | undefined): string => todayIn(timeZone, new Date(instantMs));
