import type { Db } from "../../db/client";
import { bookings, refunds } from "../../db/schema/index";
import type { LedgerBooking, RefundRecord } from "./ledger-compare";

/** Every booking's money fields; cancelled ones too, since a charge may still be kept for them. */
export async function listBookingMoney(db: Db): Promise<LedgerBooking[]> {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      paymentIntentId: bookings.paymentIntentId,
      totalCents: bookings.totalCents,
      coachEarningsCents: bookings.coachEarningsCents,
      refundId: bookings.refundId,
      payoutStatus: bookings.payoutStatus,
      transferId: bookings.transferId,
    })
    .from(bookings)
    .orderBy(bookings.id);
}

export async function listRefundRecords(db: Db): Promise<RefundRecord[]> {
  return db
    .select({ paymentIntentId: refunds.paymentIntentId, bookingId: refunds.bookingId, status: refunds.status, attempts: refunds.attempts })
    .from(refunds)
    .orderBy(refunds.id);
}
