import { notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookings, outsideRefunds, packagePurchases, refunds } from "../../db/schema/index";
import type { LedgerBooking, LedgerPurchase, OutsideRefundRecord, RefundRecord } from "./ledger-compare";

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
      packagePurchaseId: bookings.packagePurchaseId,
    })
    .from(bookings)
    .orderBy(bookings.id);
}

export async function listRefundRecords(db: Db): Promise<RefundRecord[]> {
  return db
    .select({
      paymentIntentId: refunds.paymentIntentId,
      bookingId: refunds.bookingId,
      purchaseId: refunds.purchaseId,
      amountCents: refunds.amountCents,
      status: refunds.status,
      attempts: refunds.attempts,
    })
    .from(refunds)
    .orderBy(refunds.id);
}

/** Every package purchase's money as the app holds it (DESIGN.md 11). */
export async function listPurchaseMoney(db: Db): Promise<LedgerPurchase[]> {
  return db
    .select({
      id: packagePurchases.id,
      status: packagePurchases.status,
      paymentIntentId: packagePurchases.paymentIntentId,
      totalCents: packagePurchases.totalCents,
    })
    .from(packagePurchases)
    .orderBy(packagePurchases.id);
}

/** Refunds given outside the app, as charge.refunded recorded them (issue 28). */
export async function listOutsideRefundRecords(db: Db): Promise<OutsideRefundRecord[]> {
  return db
    .select({ id: outsideRefunds.id, paymentIntentId: outsideRefunds.paymentIntentId, amountCents: outsideRefunds.amountCents })
    .from(outsideRefunds)
    .where(notInArray(outsideRefunds.status, ["failed", "canceled"]))
    .orderBy(outsideRefunds.refundedAt, outsideRefunds.id);
}
