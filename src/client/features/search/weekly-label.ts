import { formatSessionTime } from "@client/lib/when";

/** A slot as search cards and the profile carry it, marked when it is a week of a weekly series (DESIGN.md 11). */
export type MaybeWeeklySlot = {
  date: string;
  startTime: string;
  timeZone?: string | null;
  /** Search's slots (SearchSlot). */
  weekly?: boolean;
  /** The profile's slots (TimeSlot). */
  seriesId?: string;
};

const WEEKDAYS = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"] as const;

/** The weekday of a calendar date (the coach's, as the API writes it), or undefined when it is not one. */
function weekdayOf(date: string): (typeof WEEKDAYS)[number] | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!day) return undefined;
  return WEEKDAYS[new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))).getUTCDay()];
}

/**
 * "Weekly on Tuesdays, 6 PM" for each weekly session among the slots (the coach's weekday and
 * time, with the coach's zone named for a viewer in another one, as the app writes every session
 * time: "Weekly on Tuesdays, 6:30 PM EST"), soonest first, each once.
 */
export function weeklyLabels(slots: readonly MaybeWeeklySlot[], viewerTimeZone?: string): string[] {
  const labels: string[] = [];
  for (const slot of slots) {
    if (!slot.weekly && !slot.seriesId) continue;
    const weekday = weekdayOf(slot.date);
    const time = formatSessionTime(slot.startTime, { date: slot.date, timeZone: slot.timeZone, viewerTimeZone });
    if (!weekday || !time) continue;
    // Whole hours read as people say them: "6 PM", not "6:00 PM".
    const label = `Weekly on ${weekday}, ${time.replace(/:00(?= [AP]M)/, "")}`;
    if (!labels.includes(label)) labels.push(label);
  }
  return labels;
}
