import { addMinutesToTime, durationMinutes, formatTime, parseTime } from "@contract/time";

/** coach-side 2 and 9: the weekly calendar shows 6:00 to 20:00 at 60 px per hour. */
export const CALENDAR_START_HOUR = 6;
export const CALENDAR_END_HOUR = 20;
export const PIXELS_PER_HOUR = 60;
export const CALENDAR_HEIGHT = (CALENDAR_END_HOUR - CALENDAR_START_HOUR) * PIXELS_PER_HOUR;
export const CALENDAR_HOURS = Array.from({ length: CALENDAR_END_HOUR - CALENDAR_START_HOUR }, (_, i) => CALENDAR_START_HOUR + i);

/** Where a slot sits in a day column, cut to the visible hours; null when it lies wholly outside them. */
export function slotBox(startTime: string, endTime: string): { top: number; height: number } | null {
  const start = parseTime(startTime);
  const end = parseTime(endTime);
  if (start === null || end === null) return null;
  const from = Math.max(start, CALENDAR_START_HOUR * 60);
  const to = Math.min(end, CALENDAR_END_HOUR * 60);
  if (to <= from) return null;
  const pxPerMinute = PIXELS_PER_HOUR / 60;
  return { top: (from - CALENDAR_START_HOUR * 60) * pxPerMinute, height: Math.max((to - from) * pxPerMinute, 18) };
}

/** The calendar hour under a vertical offset (px from the top of a day column), kept inside the grid. */
export function hourAtOffset(offsetY: number): number {
  const hour = CALENDAR_START_HOUR + Math.floor(offsetY / PIXELS_PER_HOUR);
  return Math.min(CALENDAR_END_HOUR - 1, Math.max(CALENDAR_START_HOUR, hour));
}

/**
 * coach-side 2: a dragged slot moves to the target date and hour, keeping its duration and the
 * minutes of its original start (09:30-10:15 dropped on 14:00 becomes 14:30-15:15). Null when the
 * moved slot would run past midnight.
 */
export function movedSlotTimes(
  slot: { startTime: string; endTime: string },
  targetDate: string,
  targetHour: number,
): { date: string; startTime: string; endTime: string } | null {
  const start = parseTime(slot.startTime);
  const length = durationMinutes(slot.startTime, slot.endTime);
  if (start === null || length === null || length <= 0 || targetHour < 0 || targetHour > 23) return null;
  const startTime = formatTime(targetHour * 60 + (start % 60));
  const endTime = addMinutesToTime(startTime, length);
  if (!endTime) return null;
  return { date: targetDate, startTime, endTime };
}

export function startHourOf(time: string): number {
  return Math.floor((parseTime(time) ?? 0) / 60);
}
