import { randomUUID } from "node:crypto";
import type { CreateSlotRequest, CreateSlotSeriesResponse } from "@contract/slots";
import { addWeeksToDate, MAX_UPCOMING_SLOTS_PER_COACH, SlotMessages } from "@contract/slot-basics";
import { BookingMessages } from "@contract/booking-basics";
import type { AppDeps } from "../../deps";
import { AppError, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./slots.repository";
import { instantToLocal, localToInstant } from "./slot-time";
import { calendarEvents, publishEvents } from "../../realtime/events";
import { toApiSlot } from "./slots.service";
import { checkTimes, coordinatesFor, removeSlot, requireOwnCoach } from "./slot-editing.service";

/**
 * POST /api/time-slots with repeatWeeks (DESIGN.md 11): the same wall-clock time every week for
 * `repeatWeeks` weeks, the first on the given date, made under the coach's lock and sharing one
 * seriesId. A week that would overlap another slot (or whose time does not exist that day) is
 * skipped and named; when none can be made the answer is the overlap refusal.
 */
export async function createSlotSeries(
  deps: AppDeps,
  user: UserRow,
  input: CreateSlotRequest,
  repeatWeeks: number,
): Promise<CreateSlotSeriesResponse> {
  const coach = await requireOwnCoach(deps, user);
  if (input.coachId !== undefined && input.coachId !== coach.id) throw forbidden(SlotMessages.NOT_OWNER);
  const now = deps.clock.now();
  const first = checkTimes(input, coach.timeZone, instantToLocal(now, coach.timeZone), now, "");
  const coordinates = await coordinatesFor(deps, input.locationAddress ?? null, input.locationLat, input.locationLng);
  const seriesId = randomUUID();
  const weeks = Array.from({ length: repeatWeeks }, (_, i) => {
    const date = addWeeksToDate(first.date, i);
    return {
      date,
      startsAt: localToInstant(date, first.startTime, coach.timeZone),
      endsAt: localToInstant(date, first.endTime, coach.timeZone),
    };
  });
  const skipped: string[] = [];
  const rows = await deps.database.db.transaction(async (tx) => {
    await repo.lockCoach(tx, coach.id);
    const values: repo.NewSlotRow[] = [];
    for (const week of weeks) {
      if (!week.startsAt || !week.endsAt || week.endsAt <= week.startsAt) {
        skipped.push(week.date);
        continue;
      }
      if (await repo.hasOverlappingSlot(tx, coach.id, week.startsAt, week.endsAt)) {
        skipped.push(week.date);
        continue;
      }
      values.push({
        coachId: coach.id,
        startsAt: week.startsAt,
        endsAt: week.endsAt,
        isAvailable: true,
        isGroup: first.isGroup,
        capacity: first.capacity,
        locationName: input.locationName ?? null,
        locationAddress: input.locationAddress ?? null,
        locationNotes: input.locationNotes ?? null,
        locationLat: coordinates?.lat ?? null,
        locationLng: coordinates?.lng ?? null,
        seriesId,
      });
    }
    if (values.length === 0) throw conflict(SlotMessages.OVERLAP);
    // The series counts toward the cap on upcoming slots like single slots do (DESIGN.md 10).
    if ((await repo.countUpcomingSlots(tx, coach.id, now)) + values.length > MAX_UPCOMING_SLOTS_PER_COACH) {
      throw conflict(SlotMessages.TOO_MANY_UPCOMING);
    }
    return repo.insertSlots(tx, values);
  });
  const slots = rows.map((row) => toApiSlot({ ...row, bookingCount: 0 }, coach.timeZone, true, true));
  await publishEvents(deps, [
    ...slots.map((slot) => calendarEvents.slotUpdated(coach.id, slot)),
    calendarEvents.availabilityUpdated(coach.id),
  ]);
  return { slots, skipped };
}

/**
 * DELETE /api/time-slots/{id}?scope=following: the slot, then the later open weeks of its series
 * (a week someone holds or paid for stays, as a single delete would keep it). Answers the ids removed.
 */
export async function removeSlotAndFollowing(deps: AppDeps, user: UserRow, slotId: number): Promise<number[]> {
  const coach = await requireOwnCoach(deps, user);
  const slot = await repo.findSlot(deps.database.db, slotId, deps.clock.now());
  if (!slot || slot.coachId !== coach.id) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  await removeSlot(deps, user, slotId);
  const removed = [slotId];
  if (!slot.seriesId) return removed;
  for (const later of await repo.listLaterSlotsOfSeries(deps.database.db, coach.id, slot.seriesId, slot.startsAt)) {
    try {
      await removeSlot(deps, user, later.id);
      removed.push(later.id);
    } catch (err) {
      // A week with a booking stays; the others go.
      if (!(err instanceof AppError)) throw err;
    }
  }
  return removed;
}
