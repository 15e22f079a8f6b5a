import type { CreateSlotRequest, TimeSlot, UpdateSlotRequest } from "@contract/slots";
import { canDeleteSlot, MAX_UPCOMING_SLOTS_PER_COACH, SlotMessages, validateSlot } from "@contract/slot-basics";
import { BookingMessages } from "@contract/booking-basics";
import type { Geocoder } from "../../adapters/geo";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/client";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./slots.repository";
import { instantToLocal, localToInstant } from "./slot-time";
import { calendarEvents, publishEvents } from "../../realtime/events";
import { geocodeAddresses } from "../geo/geo.service";
import { returnedRow } from "../../db/sql";
import { toApiSlot } from "./slots.service";

// Creating, changing and deleting single slots, with the checks of time, place and seats they share
// with the weekly series (slot-series.service.ts).

type Coordinates = { lat: number; lng: number };

/** The coach profile of a signed-in coach (the routes checked the role): the only calendar they may change. */
export async function requireOwnCoach(deps: AppDeps, user: UserRow): Promise<repo.CoachZone> {
  const coach = await repo.findCoachByUserId(deps.database.db, user.id);
  if (!coach) throw forbidden(SlotMessages.NO_PROFILE);
  return coach;
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
export function checkTimes(
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

export async function coordinatesFor(
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
