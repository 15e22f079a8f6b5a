// Over 300 lines: creating, changing and deleting slots share their checks of time, place and seats.
import { randomUUID } from "node:crypto";
import type { CreateSlotRequest, CreateSlotSeriesResponse, TimeSlot, UpdateSlotRequest } from "@contract/slots";
import { addWeeksToDate, canDeleteSlot, MAX_UPCOMING_SLOTS_PER_COACH, SlotMessages, validateSlot } from "@contract/slot-basics";
import type { BookingTimeSlot } from "@contract/bookings";
import { BookingMessages } from "@contract/booking-basics";
import type { Geocoder } from "../../adapters/geo";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/client";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./slots.repository";
import { instantToLocal, localToInstant, startOfLocalDate } from "./slot-time";
import { calendarEvents, publishEvents } from "../../realtime/events";
import { geocodeAddresses } from "../geo/geo.service";
import { SLOTS_PAGE_SIZE } from "@contract/paging";
import { badCursor, pageOf, type Page } from "../../http/list-page";
import { present } from "../../present";
import { returnedRow } from "../../db/sql";

type Coordinates = { lat: number; lng: number };

/** The coach profile of a signed-in coach (the routes checked the role): the only calendar they may change. */
async function requireOwnCoach(deps: AppDeps, user: UserRow): Promise<repo.CoachZone> {
  const coach = await repo.findCoachByUserId(deps.database.db, user.id);
  if (!coach) throw forbidden(SlotMessages.NO_PROFILE);
  return coach;
}

/** The coach id of a user (null for players, admins and coaches without a profile). */
export async function coachIdForUser(deps: AppDeps, userId: number): Promise<number | null> {
  const coach = await repo.findCoachByUserId(deps.database.db, userId);
  return coach?.id ?? null;
}

export async function coachExists(deps: AppDeps, coachId: number): Promise<boolean> {
  return (await repo.findCoach(deps.database.db, coachId)) !== undefined;
}

/**
 * GET /api/time-slots/{coachId}: the coach's slots from `fromDate` (default today in the coach's
 * zone), one page of SLOTS_PAGE_SIZE in start order (decision 012); `cursor` continues after the
 * previous page. A coach's calendar is the coach's (DESIGN.md 12): the slots' own coach gets every
 * slot (request-only ones included) and, with `includeBookingCounts`, the counts, states and hold
 * times; anyone else gets the public slots without them and without location notes, whatever the query.
 */
export async function listSlots(
  deps: AppDeps,
  viewer: UserRow | undefined,
  coachId: number,
  options: { fromDate?: string; includeBookingCounts: boolean; cursor?: number },
): Promise<Page<TimeSlot>> {
  const db = deps.database.db;
  const coach = await repo.findCoach(db, coachId);
  if (!coach) throw notFound(SlotMessages.COACH_NOT_FOUND);
  const isOwner = viewer !== undefined && viewer.id === coach.userId;
  const withCounts = isOwner && options.includeBookingCounts;
  if (options.cursor !== undefined && !(await repo.isSlotOfCoach(db, options.cursor, coachId))) throw badCursor();
  const now = deps.clock.now();
  const fromDate = options.fromDate ?? instantToLocal(now, coach.timeZone).date;
  const rows = await repo.listCoachSlots(db, coachId, startOfLocalDate(fromDate, coach.timeZone), now, {
    // The public list leaves out slots made for one student's request.
    includeRequestOnly: isOwner,
    afterId: options.cursor,
    limit: SLOTS_PAGE_SIZE + 1,
  });
  return pageOf(
    rows,
    SLOTS_PAGE_SIZE,
    (row) => row.id,
    ({ bookingStates, paidCount, heldUntil, ...row }) => {
      const slot = toApiSlot(row, coach.timeZone, withCounts, isOwner);
      if (!withCounts) return slot;
      // The coach's own list carries what the delete rule reads, so the client offers Delete exactly where DELETE works.
      return { ...slot, bookingStates, canDelete: canDeleteSlot(slot, bookingStates), paidCount, heldUntil: isoOrNull(heldUntil) };
    },
  );
}

/**
 * GET /api/time-slots/single/{id}: a slot's times, place and seats taken (the booking page counts
 * the seats left). A slot made for a request is read only by its coach and the family it was made
 * for (404 to anyone else); its location notes only by its coach and families holding a paid seat.
 */
export async function getSlot(deps: AppDeps, viewer: UserRow | undefined, slotId: number): Promise<TimeSlot> {
  const db = deps.database.db;
  const row = await repo.findSlot(db, slotId, deps.clock.now());
  if (!row) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  const coach = present(await repo.findCoach(db, row.coachId), "the slot's coach");
  const isOwner = viewer !== undefined && viewer.id === coach.userId;
  if (row.requestOnly && !isOwner && (viewer === undefined || !(await repo.familyHasBooking(db, slotId, viewer.id)))) {
    throw notFound(BookingMessages.SLOT_NOT_FOUND);
  }
  const seesNotes = isOwner || (viewer !== undefined && (await repo.familyHoldsPaidSeat(db, slotId, viewer.id)));
  return toApiSlot(row, coach.timeZone, true, seesNotes);
}

/** Creates one or several slots for the signed-in coach: all of them or none. */
export async function createSlots(deps: AppDeps, user: UserRow, inputs: CreateSlotRequest[], fieldPrefix: (i: number) => string) {
  const coach = await requireOwnCoach(deps, user);
  const now = deps.clock.now();
  const localNow = instantToLocal(now, coach.timeZone);

  const planned = inputs.map((input, i) => {
    if (input.coachId !== undefined && input.coachId !== coach.id) throw forbidden(SlotMessages.NOT_OWNER);
    const times = checkTimes(input, coach.timeZone, localNow, now, fieldPrefix(i));
    return { input, ...times };
  });
  const sorted = [...planned].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  sorted.forEach((slot, i) => {
    const previous = sorted[i - 1];
    if (previous && slot.startsAt < previous.endsAt) throw conflict(SlotMessages.OVERLAP);
  });

  // Each distinct address of the batch is looked up once, a few at a time (the slot manager's usual case: one place, many slots).
  const needLookup = planned.filter((p) => p.input.locationLat == null || p.input.locationLng == null).map((p) => p.input.locationAddress);
  const geocoded = deps.geocoder ? await geocodeAddresses(deps.geocoder, needLookup, deps.logger) : new Map<string, null>();
  const values: repo.NewSlotRow[] = planned.map((p) => {
    const { locationLat: lat, locationLng: lng, locationAddress: address } = p.input;
    const found = geocoded.get(address?.trim() ?? "");
    const coordinates = lat != null && lng != null ? { lat, lng } : found ? { lat: found.latitude, lng: found.longitude } : null;
    return {
      coachId: coach.id,
      startsAt: p.startsAt,
      endsAt: p.endsAt,
      isAvailable: true,
      isGroup: p.isGroup,
      capacity: p.capacity,
      locationName: p.input.locationName ?? null,
      locationAddress: address ?? null,
      locationNotes: p.input.locationNotes ?? null,
      locationLat: coordinates?.lat ?? null,
      locationLng: coordinates?.lng ?? null,
    };
  });

  const rows = await deps.database.db.transaction(async (tx) => {
    await repo.lockCoach(tx, coach.id);
    // Under the coach lock, so parallel creates cannot pass the cap together.
    if ((await repo.countUpcomingSlots(tx, coach.id, now)) + values.length > MAX_UPCOMING_SLOTS_PER_COACH) {
      throw conflict(SlotMessages.TOO_MANY_UPCOMING);
    }
    for (const v of values) {
      if (await repo.hasOverlappingSlot(tx, coach.id, v.startsAt, v.endsAt)) throw conflict(SlotMessages.OVERLAP);
    }
    return repo.insertSlots(tx, values);
  });

  const slots = rows.map((row) => toApiSlot({ ...row, bookingCount: 0 }, coach.timeZone, true, true));
  await publishEvents(deps, [
    ...slots.map((slot) => calendarEvents.slotUpdated(coach.id, slot)),
    calendarEvents.availabilityUpdated(coach.id),
  ]);
  return slots;
}

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

/** Changes an available slot without bookings; the times are checked again as for a new slot. */
export async function editSlot(deps: AppDeps, user: UserRow, slotId: number, patch: UpdateSlotRequest): Promise<TimeSlot> {
  const coach = await requireOwnCoach(deps, user);
  const existing = await repo.findSlot(deps.database.db, slotId, deps.clock.now());
  if (!existing) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  if (existing.coachId !== coach.id) throw forbidden(SlotMessages.NOT_OWNER);
  if (patch.coachId !== undefined && patch.coachId !== coach.id) throw forbidden(SlotMessages.NOT_OWNER);

  // A new address without coordinates is geocoded again; the old coordinates belonged to the old address.
  const addressChanged = patch.locationAddress !== undefined && patch.locationAddress !== existing.locationAddress;
  const { locationLat: lat, locationLng: lng } = patch;
  let coordinates: Coordinates | null | undefined;
  if (lat != null && lng != null) coordinates = { lat, lng };
  else if (addressChanged) coordinates = await coordinatesFor(deps, patch.locationAddress ?? null, null, null);
  else if (patch.locationLat === null || patch.locationLng === null) coordinates = null;

  const updated = await deps.database.db.transaction(async (tx) => {
    await repo.lockCoach(tx, coach.id);
    const slot = await repo.lockSlot(tx, slotId);
    if (!slot) throw notFound(BookingMessages.SLOT_NOT_FOUND);
    const now = deps.clock.now();
    if (!slot.isAvailable || (await repo.countBlockingBookings(tx, slotId, now)) > 0) throw conflict(SlotMessages.NOT_EDITABLE);

    const start = instantToLocal(slot.startsAt, coach.timeZone);
    const end = instantToLocal(slot.endsAt, coach.timeZone);
    const draft = {
      date: patch.date ?? start.date,
      startTime: patch.startTime ?? start.time,
      endTime: patch.endTime ?? end.time,
      isGroup: patch.isGroup ?? slot.isGroup,
      capacity: patch.capacity ?? slot.capacity,
    };
    const timesChanged = draft.date !== start.date || draft.startTime !== start.time || draft.endTime !== end.time;
    // Editing only the place or the capacity of a slot must not fail because its time has come.
    const times = checkTimes(
      draft,
      coach.timeZone,
      timesChanged ? instantToLocal(now, coach.timeZone) : null,
      timesChanged ? now : null,
      "",
    );
    if (await repo.hasOverlappingSlot(tx, coach.id, times.startsAt, times.endsAt, slotId)) throw conflict(SlotMessages.OVERLAP);

    return repo.updateSlot(tx, slotId, {
      startsAt: times.startsAt,
      endsAt: times.endsAt,
      isGroup: times.isGroup,
      capacity: times.capacity,
      ...(patch.locationName !== undefined ? { locationName: patch.locationName } : {}),
      ...(patch.locationAddress !== undefined ? { locationAddress: patch.locationAddress } : {}),
      ...(patch.locationNotes !== undefined ? { locationNotes: patch.locationNotes } : {}),
      ...(coordinates !== undefined ? { locationLat: coordinates?.lat ?? null, locationLng: coordinates?.lng ?? null } : {}),
    });
  });

  const slot = toApiSlot({ ...updated, bookingCount: 0 }, coach.timeZone, true, true);
  await publishEvents(deps, [
    calendarEvents.slotUpdated(coach.id, slot, updated.requestOnly),
    calendarEvents.availabilityUpdated(coach.id),
  ]);
  return slot;
}

/**
 * Deletes a slot by the one delete rule (canDeleteSlot in the contract). Ownership is checked first,
 * before anything else (the payment provider included). A slot whose bookings never reached the
 * provider is deleted with them; one whose bookings carry payment history is closed instead (see
 * closeSlot), and the intents of its abandoned holds are cancelled so a late payment cannot land.
 */
export async function removeSlot(deps: AppDeps, user: UserRow, slotId: number): Promise<void> {
  const coach = await requireOwnCoach(deps, user);
  const abandonedIntents = await deps.database.db.transaction(async (tx) => {
    await repo.lockCoach(tx, coach.id);
    const slot = await repo.lockSlot(tx, slotId);
    if (!slot || slot.removedAt) throw notFound(BookingMessages.SLOT_NOT_FOUND);
    if (slot.coachId !== coach.id) throw forbidden(SlotMessages.NOT_OWNER);
    const states = await repo.listBookingStates(tx, slotId);
    if (!canDeleteSlot({ status: slot.cancelledAt ? "cancelled" : "available" }, states)) throw conflict(SlotMessages.HAS_BOOKINGS);
    if ((await repo.countBookingsKeepingSlot(tx, slotId)) > 0) {
      await repo.closeSlot(tx, slotId, deps.clock.now());
      return repo.listUnpaidCancelledIntents(tx, slotId);
    }
    await repo.deleteMoneylessCancelledBookings(tx, slotId);
    await repo.deleteSlot(tx, slotId);
    return [];
  });
  for (const id of abandonedIntents) {
    // An intent already cancelled refuses the cancel; one paid meanwhile is refunded when it settles (its slot is cancelled).
    await deps.payments.cancelPaymentIntent(id).catch((err: unknown) => {
      deps.logger.info({ err, paymentIntentId: id, slotId }, "the intent of an abandoned hold was not cancelled");
    });
  }
  await publishEvents(deps, [calendarEvents.slotDeleted(coach.id, slotId), calendarEvents.availabilityUpdated(coach.id)]);
}

/** The contract rules, then the instants in the coach's zone (a time skipped by daylight saving time has none). */
function checkTimes(
  draft: { date?: string; startTime?: string; endTime?: string; isGroup?: boolean | null; capacity?: number | null },
  timeZone: string,
  localNow: { date: string; time: string } | null,
  now: Date | null,
  prefix: string,
) {
  const result = validateSlot(draft, localNow);
  if (!result.ok) throw badRequest(result.message, prefix + result.field);
  const { date, startTime, endTime } = result.slot;
  const startsAt = localToInstant(date, startTime, timeZone);
  if (!startsAt) throw badRequest(SlotMessages.NONEXISTENT_TIME, `${prefix}startTime`);
  const endsAt = localToInstant(date, endTime, timeZone);
  if (!endsAt) throw badRequest(SlotMessages.NONEXISTENT_TIME, `${prefix}endTime`);
  // Wall-clock order can differ from instant order inside the hour repeated when daylight saving time ends.
  if (endsAt <= startsAt) throw badRequest(SlotMessages.END_BEFORE_START, `${prefix}endTime`);
  // Whole minutes, as the coach sees the clock: a slot starting this very minute is not yet past.
  if (now && startsAt.getTime() < Math.floor(now.getTime() / 60_000) * 60_000) throw badRequest(SlotMessages.IN_PAST, `${prefix}date`);
  return { ...result.slot, startsAt, endsAt };
}

async function coordinatesFor(
  deps: AppDeps,
  address: string | null,
  lat: number | null | undefined,
  lng: number | null | undefined,
): Promise<Coordinates | null> {
  if (lat != null && lng != null) return { lat, lng };
  // Without GEOCODER_URL the geocoder finds nothing and slots keep no coordinates.
  const geocoder: Geocoder | undefined = deps.geocoder;
  if (!address || !geocoder) return null;
  try {
    const found = await geocoder.geocode(address);
    return found ? { lat: found.latitude, lng: found.longitude } : null;
  } catch (err) {
    // coach-side 5: a failed geocode is only logged; the slot is saved without coordinates.
    deps.logger.warn({ err }, "could not geocode a time slot address");
    return null;
  }
}

/** A slot row in the API shape: date and times in the coach's time zone (also used by search). */
/**
 * A slot as the API answers it. `includeBookingCount`: the seats held; `includeLocationNotes`: the
 * gate code and the like, only for the slot's coach and families holding a paid seat (DESIGN.md 12).
 */
export function toApiSlot(
  row: repo.SlotRowWithCount,
  timeZone: string,
  includeBookingCount: boolean,
  includeLocationNotes: boolean,
): TimeSlot {
  const start = instantToLocal(row.startsAt, timeZone);
  const end = instantToLocal(row.endsAt, timeZone);
  return {
    id: row.id,
    coachId: row.coachId,
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    timeZone,
    status: row.cancelledAt ? "cancelled" : row.isAvailable ? "available" : "booked",
    isAvailable: row.isAvailable,
    isGroup: row.isGroup,
    capacity: row.capacity,
    ...(includeBookingCount ? { bookingCount: row.bookingCount } : {}),
    locationName: row.locationName,
    locationAddress: row.locationAddress,
    locationLat: row.locationLat,
    locationLng: row.locationLng,
    locationNotes: includeLocationNotes ? row.locationNotes : null,
    ...(row.seriesId ? { seriesId: row.seriesId } : {}),
  };
}

/** The slot of a booking as the booking shows it: the API slot's place and times, without its status, zone and counts. */
export function toBookingTimeSlot(row: repo.SlotRow, timeZone: string, withLocationNotes: boolean): BookingTimeSlot {
  const { id, coachId, date, startTime, endTime, isAvailable, isGroup, capacity } = toApiSlot(
    { ...row, bookingCount: 0 },
    timeZone,
    false,
    false,
  );
  const { locationName, locationAddress, locationLat, locationLng, locationNotes } = row;
  return {
    id,
    coachId,
    date,
    startTime,
    endTime,
    isAvailable,
    isGroup,
    capacity,
    locationName,
    locationAddress,
    locationLat,
    locationLng,
    locationNotes: withLocationNotes ? locationNotes : null,
  };
}

/**
 * One slot created inside the caller's transaction (an accepted session request creates its slot
 * and its booking together): the same coach lock and overlap rule as createSlots.
 */
export async function insertSlotInTransaction(
  tx: Tx,
  slot: { coachId: number; startsAt: Date; endsAt: Date; isGroup: boolean; capacity: number },
  now: Date,
): Promise<repo.SlotRow> {
  await repo.lockCoach(tx, slot.coachId);
  if ((await repo.countUpcomingSlots(tx, slot.coachId, now)) >= MAX_UPCOMING_SLOTS_PER_COACH)
    throw conflict(SlotMessages.TOO_MANY_UPCOMING);
  if (await repo.hasOverlappingSlot(tx, slot.coachId, slot.startsAt, slot.endsAt)) throw conflict(SlotMessages.OVERLAP);
  // Only for the student who asked: never open to others (issue 28).
  return returnedRow(await repo.insertSlots(tx, [{ ...slot, isAvailable: false, requestOnly: true }]), "the slot");
}

/** Tells the calendars about a slot made by insertSlotInTransaction, once its transaction has committed. */
export async function publishSlotCreated(deps: AppDeps, slotId: number, timeZone: string): Promise<void> {
  const row = await repo.findSlot(deps.database.db, slotId, deps.clock.now());
  if (!row) return;
  await publishEvents(deps, [
    calendarEvents.slotUpdated(row.coachId, toApiSlot(row, timeZone, true, true), row.requestOnly),
    calendarEvents.availabilityUpdated(row.coachId),
  ]);
}

/** A timestamp a raw SQL subquery returns (a Date from pg, text from PGlite's JSON-less path) as ISO. */
function isoOrNull(value: Date | string | null): string | null {
  if (value === null) return null;
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
