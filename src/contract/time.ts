/** Wall-clock time rules shared by client and server: times are "HH:mm", dates "yyyy-MM-dd". */

export const TIME_STEP_MINUTES = 15;

/** A typed wall-clock time refused, in the same words for a slot, a booking's start and a request. */
export const TimeMessages = {
  NONEXISTENT_TIME: "This time does not exist on that date because of the daylight saving time change",
  START_OFF_STEP: "Start times are on 15-minute steps.",
} as const;
export const MINUTES_PER_DAY = 24 * 60;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes since midnight for "HH:mm", or null when the text is not a time of day. */
export function parseTime(value: string): number | null {
  const match = TIME_PATTERN.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** "HH:mm" for minutes since midnight (0..1439). */
export function formatTime(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= MINUTES_PER_DAY) throw new RangeError(`Not a time of day: ${minutes}`);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export const isValidTime = (value: string): boolean => parseTime(value) !== null;

export function isOnQuarterHour(value: string): boolean {
  const minutes = parseTime(value);
  return minutes !== null && minutes % TIME_STEP_MINUTES === 0;
}

/** Every choice a time picker offers: "00:00", "00:15", ... "23:45". */
export const TIME_OPTIONS: readonly string[] = Array.from({ length: MINUTES_PER_DAY / TIME_STEP_MINUTES }, (_, i) =>
  formatTime(i * TIME_STEP_MINUTES),
);

/** Minutes from start to end on the same day (negative when end is earlier); null when either is not a time. */
export function durationMinutes(startTime: string, endTime: string): number | null {
  const start = parseTime(startTime);
  const end = parseTime(endTime);
  if (start === null || end === null) return null;
  return end - start;
}

/** "HH:mm" plus a number of minutes, or null when the result leaves the day. */
export function addMinutesToTime(time: string, minutes: number): string | null {
  const start = parseTime(time);
  if (start === null) return null;
  const total = start + minutes;
  return total >= 0 && total < MINUTES_PER_DAY ? formatTime(total) : null;
}

/** True for a real calendar date written yyyy-MM-dd (2026-02-30 is not one). */
export function isValidDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The calendar date `days` after a yyyy-MM-dd date (pure calendar arithmetic, no time zone). */
export function addDaysToDate(date: string, days: number): string {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return d.toISOString().slice(0, 10);
}

/** A wall-clock moment in some time zone, e.g. the coach's "now". */
export type LocalDateTime = { date: string; time: string };

/** Orders two wall-clock moments of one zone; both strings sort like the moments they name. */
export function compareLocal(a: LocalDateTime, b: LocalDateTime): number {
  const left = `${a.date} ${a.time}`;
  const right = `${b.date} ${b.time}`;
  return left < right ? -1 : left > right ? 1 : 0;
}
