import type { TimeSlot } from "@contract/slots";
import { canDeleteSlot, SlotMessages } from "@contract/slot-basics";
import type { BookingTimeSlot } from "@contract/bookings";
import { BookingMessages } from "@contract/booking-basics";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./slots.repository";
import { instantToLocal, startOfLocalDate } from "./slot-time";
import { SLOTS_PAGE_SIZE } from "@contract/paging";
import { badCursor, pageOf, type Page } from "../../http/list-page";
import { present } from "../../present";

// Reading slots and the one API shape of a slot. Making, changing and deleting them:
// slot-editing.service.ts; weekly series: slot-series.service.ts.

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
/** A timestamp a raw SQL subquery returns (a Date from pg, text from PGlite's JSON-less path) as ISO. */
function isoOrNull(value: Date | string | null): string | null {
  if (value === null) return null;
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
