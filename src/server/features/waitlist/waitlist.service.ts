import type { WaitlistEntry } from "@contract/waitlist";
import { WAITLIST_HOLD_MINUTES, WaitlistMessages } from "@contract/waitlist-basics";
import type { Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { ErrorCode } from "@contract/error-basics";
import { BookingMessages } from "@contract/booking-basics";
import { conflict, forbidden, notFound, refused } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { announceBooking, hasActiveBookingInSlot, heldSeats, holdSeatForWaitlist } from "../bookings/waitlist-hold.service";
import { placeSms } from "../../notice-texts/session-text";
import { sessionStartText } from "../calendar/session-events";
import { instantToLocal } from "../slots/slot-time";
import { familyAudience, isGuardianOfAthlete } from "../../db/families";
import { chooseAthlete } from "../families/families.service";
import * as repo from "./waitlist.repository";
import { present } from "../../present";

/** POST /api/time-slots/{id}/waitlist: a player queues for a full group slot. */
export async function joinWaitlist(deps: AppDeps, user: UserRow, slotId: number, athleteId?: number | null): Promise<WaitlistEntry> {
  if (user.userType !== "player") throw forbidden(WaitlistMessages.ONLY_PLAYERS);
  const athlete = await chooseAthlete(deps, user, athleteId);
  const db = deps.database.db;
  const now = deps.clock.now();
  const found = await repo.findSlot(db, slotId);
  if (!found) throw notFound(BookingMessages.SLOT_NOT_FOUND);
  const { slot } = found;
  if (!slot.isGroup) throw conflict(WaitlistMessages.ONLY_GROUP);
  if (slot.cancelledAt || slot.requestOnly || slot.startsAt <= now) throw refused(ErrorCode.SLOT_CLOSED, WaitlistMessages.SLOT_CLOSED);
  if ((await heldSeats(deps, slot.id)) < slot.capacity) throw conflict(WaitlistMessages.NOT_FULL);
  if (await hasActiveBookingInSlot(deps, slot.id, athlete.id)) throw refused(ErrorCode.ALREADY_BOOKED, WaitlistMessages.ALREADY_BOOKED);
  let entry: repo.WaitlistRow;
  try {
    entry = await repo.insertEntry(db, { timeSlotId: slot.id, studentId: user.id, athleteId: athlete.id, now });
  } catch (err) {
    if (err instanceof repo.DuplicateWaitlistError) throw refused(ErrorCode.ALREADY_WAITING, WaitlistMessages.ALREADY_WAITING);
    throw err;
  }
  return present(
    (await listMine(deps, user)).find((e) => e.id === entry.id),
    "the entry just made",
  );
}

/** DELETE /api/waitlist/{id}: the player leaves the queue (an offered seat they hold stays theirs to pay or let lapse). */
export async function leaveWaitlist(deps: AppDeps, user: UserRow, entryId: number): Promise<void> {
  const entry = await repo.findEntry(deps.database.db, entryId);
  if (!entry || !(await isGuardianOfAthlete(deps.database.db, user.id, entry.athleteId))) throw notFound(WaitlistMessages.ENTRY_NOT_FOUND);
  if (entry.status !== "waiting") throw conflict("This waitlist place is no longer waiting.");
  await repo.setStatus(deps.database.db, entryId, "left", deps.clock.now());
}

/** GET /api/waitlist/mine: the player's live places, with their position in each queue. */
export async function listMine(deps: AppDeps, user: UserRow): Promise<WaitlistEntry[]> {
  const rows = await repo.listOfStudent(deps.database.db, user.id);
  return rows.map(
    ({ entry, slot, timeZone, coachFirstName, coachLastName, holdExpiresAt, position, athleteFirstName, athleteLastName }) => {
      const start = instantToLocal(slot.startsAt, timeZone);
      const end = instantToLocal(slot.endsAt, timeZone);
      return {
        id: entry.id,
        athleteId: entry.athleteId,
        athleteName: [athleteFirstName, athleteLastName].filter(Boolean).join(" "),
        timeSlotId: slot.id,
        coachId: slot.coachId,
        coachName: [coachFirstName, coachLastName].filter(Boolean).join(" ") || "Your coach",
        status: entry.status,
        position: position === null ? null : Number(position),
        bookingId: entry.status === "offered" ? entry.bookingId : null,
        holdExpiresAt: entry.status === "offered" && holdExpiresAt ? holdExpiresAt.toISOString() : null,
        date: start.date,
        startTime: start.time,
        endTime: end.time,
        timeZone,
        startsAt: slot.startsAt.toISOString(),
        locationName: slot.locationName,
        createdAt: entry.createdAt.toISOString(),
      };
    },
  );
}

/**
 * Sweep (and right after a player cancels): every freed seat of a slot with a waitlist is offered
 * to the first player waiting, as a pending booking held for them for 30 minutes; when that hold
 * runs out the seat frees again and the next player gets it. Offers that were paid or lapsed are
 * settled first, so the queue moves on.
 */
export async function offerFreedSeats(deps: AppDeps, onlySlotId?: number): Promise<number> {
  const db = deps.database.db;
  const now = deps.clock.now();
  await repo.settleOffers(db, now);
  await repo.closeStaleEntries(db, now);
  const slotIds = onlySlotId === undefined ? await repo.slotsWithWaiting(db, now, 200) : [onlySlotId];
  let offered = 0;
  for (const slotId of slotIds) {
    for (let seat = 0; seat < 10; seat++) {
      const outcome = await db.transaction((tx) => holdSeatForWaitlistOfSlot(tx, slotId, now));
      if (!outcome) break;
      offered++;
      await announceBooking(deps, outcome.booking);
      await tellOffered(deps, outcome.booking, slotId);
    }
  }
  return offered;
}

/** One seat to the first waiting player who can take it; undefined when there is no seat or no one. */
async function holdSeatForWaitlistOfSlot(tx: Tx, slotId: number, now: Date) {
  // Players passed over this time (at their cap of unpaid holds) keep their place for the next seat.
  const passedOver: number[] = [];
  for (let tries = 0; tries < 20; tries++) {
    const entry = await repo.lockFirstWaiting(tx, slotId, passedOver);
    if (!entry) return undefined;
    const hold = await holdSeatForWaitlist(tx, slotId, entry.studentId, entry.athleteId, now, WAITLIST_HOLD_MINUTES);
    if ("booking" in hold) {
      await repo.markOffered(tx, entry.id, hold.booking.id, now);
      return { booking: hold.booking };
    }
    if (hold.skipped === "already_booked") {
      // They booked a seat themselves meanwhile: their place is done, the next player is asked.
      await repo.setStatus(tx, entry.id, "booked", now);
      continue;
    }
    if (hold.skipped === "too_many_holds") {
      passedOver.push(entry.id);
      continue;
    }
    return undefined;
  }
  return undefined;
}

/** Every guardian of the athlete's family hears of the offer, by e-mail and by text on their own opt-in (DESIGN.md 11). */
async function tellOffered(
  deps: AppDeps,
  booking: { id: number; studentId: number; athleteId: number | null },
  slotId: number,
): Promise<void> {
  const db = deps.database.db;
  const found = await repo.findSlot(db, slotId);
  if (!found) return;
  const audience = await familyAudience(db, { athleteId: booking.athleteId, userId: booking.studentId }, deps.clock.now());
  const athlete = await repo.findAthleteName(db, booking.athleteId);
  const bookingId = booking.id;
  const when = sessionStartText(found.slot.startsAt, found.timeZone);
  const link = `${deps.config.appUrl}/booking-checkout/${bookingId}`;
  const text = `A seat opened up${athlete ? ` for ${athlete}` : ""} in the group session on ${when}.${placeSms(found.slot)} It is held for you for ${WAITLIST_HOLD_MINUTES} minutes: pay to keep it at ${link}`;
  for (const to of audience.emails) {
    try {
      await deps.mailer.send({
        to,
        subject: `A seat opened up: group session on ${when}`,
        text: ["Hi,", "", text, "", "If you do not pay in time, the seat goes to the next player on the waitlist."].join("\n"),
      });
    } catch (err) {
      deps.logger.error({ err, bookingId }, "could not send the waitlist offer e-mail");
    }
  }
  for (const phone of audience.phones) {
    try {
      await deps.sms.send(phone, text);
    } catch (err) {
      deps.logger.error({ err, bookingId }, "could not send the waitlist offer SMS");
    }
  }
}
