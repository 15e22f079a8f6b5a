import type { SeriesPreview, SeriesWeekState } from "@contract/bookings";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { instantToLocal } from "../slots/slot-time";
import { planBooking } from "./booking-plan";
import { readSeries } from "./book-series.service";
import * as holdsRepo from "./seat-holds.repository";

/**
 * GET /api/bookings/series/preview (DESIGN.md 11): the weeks POST /api/bookings/series would take
 * from this slot (up to `weeks`), each open, full, already the athlete's, or closed, read with the
 * same rules and without holding anything, so the family sees them before paying. The booking
 * itself decides again under the slots' locks.
 */
export async function previewSeries(
  deps: AppDeps,
  user: UserRow,
  input: { timeSlotId: number; weeks: number; athleteId?: number | null | undefined; duration?: number | undefined },
): Promise<SeriesPreview> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const { athlete, first, timeZone, coachRates, kind, duration, rate, weeks: slots } = await readSeries(deps, user, input, now);

  const weeks = await db.transaction(async (tx) => {
    const out: SeriesPreview["weeks"] = [];
    for (const slot of slots) {
      const start = instantToLocal(slot.startsAt, timeZone);
      const end = instantToLocal(new Date(slot.startsAt.getTime() + duration * 60_000), timeZone);
      let state: SeriesWeekState = "open";
      try {
        planBooking(slot, timeZone, coachRates, { ...planInput, timeSlotId: slot.id, rateId: rate.id, sessionType: kind, duration }, now);
        if (await holdsRepo.hasActiveBooking(tx, slot.id, athlete.id)) state = "booked";
        else if ((await holdsRepo.countHeldSeats(tx, slot.id, now)) >= slot.capacity) state = "full";
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        state = "closed";
      }
      out.push({ timeSlotId: slot.id, date: start.date, startTime: start.time, endTime: end.time, state });
    }
    return out;
  });
  return { seriesId: first.seriesId ?? null, weeks, open: weeks.filter((w) => w.state === "open").length, timeZone };
}

const planInput = {
  rate: undefined,
  notes: null,
  preferredStartTime: undefined,
  studentId: undefined,
  coachId: undefined,
  payWith: undefined,
};
