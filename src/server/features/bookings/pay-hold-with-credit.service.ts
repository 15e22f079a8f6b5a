import { SiblingBookingMessages, type PayHoldWithCreditResponse } from "@contract/bookings";
import { BookingMessages } from "@contract/booking-basics";
import { ErrorCode } from "@contract/error-basics";
import { PackageMessages } from "@contract/packages";
import { PaymentMessages } from "@contract/payments";
import { familyIdOfUser, isGuardianOfAthlete } from "../../db/families";
import type { AppDeps } from "../../deps";
import { callProvider } from "../../http/call-provider";
import { AppError, conflict, notFound, refused } from "../../http/errors";
import { calendarEvents } from "../../realtime/events";
import { present } from "../../present";
import type { UserRow } from "../accounts/sessions.repository";
import { chooseCredit, creditPaidBooking, listCredits, spendCredit } from "../credits/credits.service";
import { requireFamilyAthlete } from "../families/families.service";
import { notifyCreditBooked } from "./book-with-credit.service";
import { bookingForItsBooker } from "./bookings.service";
import * as repo from "./bookings.repository";
import * as holdsRepo from "./seat-holds.repository";
import { requirePayable } from "./settle-payment.service";

const isPaidWithCredit = (b: repo.BookingRow) => b.packagePurchaseId !== null && (b.status === "confirmed" || b.status === "completed");

/**
 * POST /api/bookings/{id}/pay-with-credit (DESIGN.md 12, credits first): a family's unpaid hold (one
 * session, siblings in one slot, or a weekly series: every booking of its checkout) is paid with one
 * credit per session instead of a card, all or none, in one transaction under the slots' locks (slot,
 * then booking, then purchase: the one lock order). The card checkout's payment intent is cancelled
 * first, so the card can no longer be charged for it. A retry of a hold already paid with credits
 * answers the same bookings and spends nothing.
 */
export async function payHoldWithCredit(deps: AppDeps, user: UserRow, bookingId: number): Promise<PayHoldWithCreditResponse> {
  const db = deps.database.db;
  const first = await repo.findBooking(db, bookingId);
  if (!first || !(first.studentId === user.id || (await isGuardianOfAthlete(db, user.id, first.athleteId)))) {
    throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  }
  const intentId = first.paymentIntentId;
  const group = intentId ? await repo.findBookingsByPaymentIntent(db, intentId) : [first];
  if (group.every(isPaidWithCredit)) return answer(deps, group);
  const now = deps.clock.now();
  for (const b of group) requirePayable(b, now);

  await requireEnoughCredits(deps, user, first, group.length);
  if (intentId) {
    const intent = await callProvider(deps, "retrieve intent", PaymentMessages.PROVIDER_ERROR, () =>
      deps.payments.retrievePaymentIntent(intentId),
    );
    if (intent.status === "succeeded") throw refused(ErrorCode.ALREADY_PAID, BookingMessages.ALREADY_PAID);
    if (intent.status === "processing") throw conflict(PaymentMessages.CANNOT_CHANGE);
    // The card can no longer pay for these seats once a credit does.
    if (intent.status !== "canceled")
      await callProvider(deps, "cancel intent", PaymentMessages.PROVIDER_ERROR, () => deps.payments.cancelPaymentIntent(intentId));
  }

  const familyIds = new Map<number | null, number>();
  for (const b of group) {
    if (familyIds.has(b.athleteId)) continue;
    const familyId =
      b.athleteId !== null ? (await requireFamilyAthlete(deps, user, b.athleteId)).familyId : await familyIdOfUser(db, user.id);
    if (familyId === null) throw refused(ErrorCode.NO_CREDIT, PackageMessages.NO_CREDIT);
    familyIds.set(b.athleteId, familyId);
  }

  let announce = () => {};
  const paid = await db.transaction(async (tx) => {
    for (const slotId of [...new Set(group.map((b) => b.timeSlotId))].sort((a, b) => a - b)) {
      if (!(await holdsRepo.lockSlot(tx, slotId))) throw notFound(BookingMessages.SLOT_NOT_FOUND);
    }
    const rows: repo.BookingRow[] = [];
    for (const id of group.map((b) => b.id).sort((a, b) => a - b)) {
      rows.push(present(await repo.lockBooking(tx, id), "a booking of the hold"));
    }
    // A concurrent retry paid it first: nothing more to spend.
    if (rows.every(isPaidWithCredit)) return rows;
    const changed: repo.BookingRow[] = [];
    for (const b of rows) {
      requirePayable(b, now);
      const spend = await chooseCreditOrRefuse(tx, group.length, {
        familyId: present(familyIds.get(b.athleteId), "the family of the booking's athlete"),
        coachId: b.coachId,
        sessionType: b.sessionType,
        durationMinutes: b.durationMinutes,
        now,
      });
      const updated = present(
        await repo.updateBooking(tx, b.id, { ...creditPaidBooking(spend, now), paymentIntentId: null, holdExpiresAt: null }),
        "the booking just locked",
      );
      await spendCredit(tx, spend, b.id, now);
      changed.push(updated);
    }
    for (const slotId of new Set(rows.map((b) => b.timeSlotId))) await holdsRepo.refreshSlotAvailability(tx, slotId, now);
    announce = await deps.events.publishInTransaction(tx, [
      ...changed.map((row) => calendarEvents.bookingUpdated(row)),
      calendarEvents.availabilityUpdated(first.coachId),
    ]);
    return changed;
  });
  announce();
  for (const row of paid) await notifyCreditBooked(deps, row.id);
  return answer(deps, paid);
}

async function answer(deps: AppDeps, rows: readonly repo.BookingRow[]): Promise<PayHoldWithCreditResponse> {
  const bookings = [];
  for (const row of [...rows].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)) {
    bookings.push(present(await bookingForItsBooker(deps, row.id), "a booking just paid"));
  }
  return { bookings };
}

/** Before the card's intent is cancelled: the family holds a usable credit for every session of the hold (409 otherwise). */
async function requireEnoughCredits(deps: AppDeps, user: UserRow, b: repo.BookingRow, needed: number): Promise<void> {
  const { credits } = await listCredits(deps, user, { coachId: b.coachId });
  const left = credits
    .filter((c) => c.state === "active" && c.sessionType === b.sessionType && c.duration === b.durationMinutes)
    .reduce((sum, c) => sum + c.remaining, 0);
  if (left < needed) throw refused(ErrorCode.NO_CREDIT, needed > 1 ? SiblingBookingMessages.NOT_ENOUGH_CREDITS : PackageMessages.NO_CREDIT);
}

async function chooseCreditOrRefuse(tx: Parameters<typeof chooseCredit>[0], needed: number, where: Parameters<typeof chooseCredit>[1]) {
  try {
    return await chooseCredit(tx, where);
  } catch (err) {
    if (needed > 1 && err instanceof AppError && err.code === ErrorCode.NO_CREDIT) {
      throw refused(ErrorCode.NO_CREDIT, SiblingBookingMessages.NOT_ENOUGH_CREDITS);
    }
    throw err;
  }
}
