// Over 300 lines: one comparison of the app's records with the provider's ledger (charges, refunds, transfers); its checks share the maps built at its start.
import { centsToDecimal } from "@contract/money";
import type { ProviderLedger } from "../../adapters/payments/ledger";
import { present } from "../../present";

/** One booking as the reconciliation reads it: what the app believes about its money. */
export type LedgerBooking = {
  id: number;
  status: "pending" | "confirmed" | "completed" | "cancelled" | "no_show";
  paymentStatus: string;
  paymentIntentId: string | null;
  totalCents: number;
  coachEarningsCents: number;
  refundId: string | null;
  payoutStatus: string;
  transferId: string | null;
  /** Paid with a package credit (DESIGN.md 11): its money came with the purchase's charge, not its own. */
  packagePurchaseId?: number | null;
};

/** One package purchase as the app holds it, and the refunds it recorded of its charge. */
export type LedgerPurchase = {
  id: number;
  status: "pending" | "paid" | "cancelled";
  paymentIntentId: string | null;
  totalCents: number;
};

export type MismatchKind =
  | "CHARGE_WITHOUT_BOOKING"
  | "CHARGE_KEPT_FOR_UNHONOURED_BOOKING"
  | "DOUBLE_CHARGE"
  | "CHARGE_AMOUNT_DIFFERS"
  | "PARTIAL_REFUND"
  | "CHARGE_IN_OTHER_CURRENCY"
  | "CONFIRMED_WITHOUT_CHARGE"
  | "REFUND_NOT_AT_PROVIDER"
  | "TRANSFER_WITHOUT_BOOKING"
  | "DOUBLE_PAYOUT"
  | "PAYOUT_AMOUNT_DIFFERS"
  | "PAYOUT_FOR_UNHONOURED_BOOKING"
  | "PAYOUT_NOT_AT_PROVIDER"
  | "CHARGE_WITHOUT_PURCHASE"
  | "CHARGE_KEPT_FOR_UNPAID_PURCHASE"
  | "PURCHASE_AMOUNT_DIFFERS"
  | "PAID_PURCHASE_WITHOUT_CHARGE";

export type Mismatch = { kind: MismatchKind; bookingId?: number; providerId?: string; message: string };

/** The refund module's record of a charge to give back (one per payment intent). */
export type RefundRecord = {
  paymentIntentId: string;
  bookingId: number | null;
  purchaseId?: number | null;
  amountCents?: number;
  status: "pending" | "sent" | "failed";
  attempts: number;
};

/** A refund the provider reported that the app did not make (a dashboard refund, recorded from charge.refunded). */
export type OutsideRefundRecord = { id: string; paymentIntentId: string; amountCents: number };

/** A no-show was paid for and is not refunded (DESIGN.md 11): its charge is kept and its coach paid. */
const HONOURED = new Set(["confirmed", "completed", "no_show"]);
/** The sessions whose coach may be paid out: played, or missed by the athlete (no-show). */
const PAYABLE = new Set(["completed", "no_show"]);
/** A refund the provider has accepted: a pending one completes without the app doing anything more. */
const REFUND_COUNTS = new Set(["succeeded", "pending"]);

const dollars = (cents: number) => `$${centsToDecimal(cents)}`;

/**
 * Every way the provider's money and the bookings can disagree (DESIGN.md 10). Each charge must end
 * in exactly one honoured booking, for its total, or be refunded in full; each honoured booking must
 * have such a charge; each payout must be one transfer of the coach's earnings for a completed
 * (or no-show) booking, unless a reversed no-show records it as owed by the coach. Pure: the caller
 * reads both sides.
 */
export function compareLedger(
  ledger: ProviderLedger,
  bookings: LedgerBooking[],
  refundRecords: RefundRecord[] = [],
  purchases: LedgerPurchase[] = [],
  outsideRefunds: OutsideRefundRecord[] = [],
): Mismatch[] {
  const mismatches: Mismatch[] = [];
  const recordByIntent = new Map(refundRecords.map((r) => [r.paymentIntentId, r]));
  const outsideByIntent = new Map<string, OutsideRefundRecord[]>();
  for (const refund of outsideRefunds)
    outsideByIntent.set(refund.paymentIntentId, [...(outsideByIntent.get(refund.paymentIntentId) ?? []), refund]);
  /** Refunds given outside the app (the provider's dashboard), which explain a charge that keeps less than it should. */
  const outsideNote = (paymentIntentId: string | null | undefined) => {
    const list = paymentIntentId ? outsideByIntent.get(paymentIntentId) : undefined;
    if (!list) return "";
    return `; refunded outside the app: ${list.map((r) => `${r.id} (${dollars(r.amountCents)})`).join(", ")}`;
  };
  /** What the app is doing about a kept charge, for the message. */
  const refundNote = (paymentIntentId: string) => appRefundNote(paymentIntentId) + outsideNote(paymentIntentId);
  const appRefundNote = (paymentIntentId: string) => {
    const record = recordByIntent.get(paymentIntentId);
    if (!record) return "";
    if (record.status === "failed") return `; its refund failed after ${record.attempts} attempts`;
    if (record.status === "pending") return `; its refund is pending (${record.attempts} attempts so far)`;
    return "; the app recorded its refund as sent";
  };
  const bookingById = new Map(bookings.map((b) => [b.id, b]));
  const bookingByIntent = new Map(bookings.flatMap((b) => (b.paymentIntentId ? [[b.paymentIntentId, b] as const] : [])));
  const refundedCents = new Map<string, number>();
  for (const refund of ledger.refunds) {
    if (!REFUND_COUNTS.has(refund.status)) continue;
    refundedCents.set(refund.paymentIntentId, (refundedCents.get(refund.paymentIntentId) ?? 0) + refund.amountCents);
  }

  /** Per booking, the charges it keeps money from. */
  const keptByBooking = new Map<number, { id: string; keptCents: number }[]>();
  const purchaseById = new Map(purchases.map((p) => [p.id, p]));
  const purchaseByIntent = new Map(purchases.flatMap((p) => (p.paymentIntentId ? [[p.paymentIntentId, p] as const] : [])));
  const chargedPurchases = new Set<number>();
  for (const charge of ledger.charges) {
    if (charge.status !== "succeeded") continue;
    const refunded = refundedCents.get(charge.id) ?? 0;
    const kept = charge.amountCents - refunded;
    if (charge.purchaseId !== undefined || purchaseByIntent.has(charge.id)) {
      const purchase =
        purchaseByIntent.get(charge.id) ?? (charge.purchaseId === undefined ? undefined : purchaseById.get(charge.purchaseId));
      if (purchase?.paymentIntentId === charge.id && purchase.status === "paid") chargedPurchases.add(purchase.id);
      mismatches.push(...comparePurchaseCharge(charge, kept, purchase, recordByIntent.get(charge.id), refundNote(charge.id)));
      continue;
    }
    const booking = bookingByIntent.get(charge.id) ?? (charge.bookingId !== undefined ? bookingById.get(charge.bookingId) : undefined);
    const bookingId = booking?.id ?? charge.bookingId;
    if (charge.currency.toLowerCase() !== "usd") {
      mismatches.push({
        kind: "CHARGE_IN_OTHER_CURRENCY",
        bookingId,
        providerId: charge.id,
        message: `Charge ${charge.id} is in ${charge.currency}, not usd`,
      });
    }
    if (kept <= 0) continue;
    if (refunded > 0) {
      mismatches.push({
        kind: "PARTIAL_REFUND",
        bookingId,
        providerId: charge.id,
        message: `Charge ${charge.id} of ${dollars(charge.amountCents)} was refunded ${dollars(refunded)} only${outsideNote(charge.id)}`,
      });
    }
    if (!booking) {
      mismatches.push({
        kind: "CHARGE_WITHOUT_BOOKING",
        bookingId,
        providerId: charge.id,
        message: `Charge ${charge.id} keeps ${dollars(kept)} and matches no booking${charge.bookingId ? ` (its metadata names booking ${charge.bookingId})` : ""}${refundNote(charge.id)}`,
      });
      continue;
    }
    if (!HONOURED.has(booking.status)) {
      mismatches.push({
        kind: "CHARGE_KEPT_FOR_UNHONOURED_BOOKING",
        bookingId: booking.id,
        providerId: charge.id,
        message: `Charge ${charge.id} keeps ${dollars(kept)} for booking ${booking.id}, which is ${booking.status} (payment ${booking.paymentStatus})${refundNote(charge.id)}`,
      });
      continue;
    }
    const list = keptByBooking.get(booking.id) ?? [];
    list.push({ id: charge.id, keptCents: kept });
    keptByBooking.set(booking.id, list);
  }

  for (const booking of bookings) {
    const kept = keptByBooking.get(booking.id) ?? [];
    const [charge] = kept;
    if (HONOURED.has(booking.status) && !booking.packagePurchaseId) {
      if (charge === undefined) {
        mismatches.push({
          kind: "CONFIRMED_WITHOUT_CHARGE",
          bookingId: booking.id,
          providerId: booking.paymentIntentId ?? undefined,
          message: `Booking ${booking.id} is ${booking.status} but the provider holds no charge for it${booking.paymentIntentId ? ` (its payment ${booking.paymentIntentId} is not a kept charge)` : ""}${outsideNote(booking.paymentIntentId)}`,
        });
      } else if (kept.length > 1) {
        mismatches.push({
          kind: "DOUBLE_CHARGE",
          bookingId: booking.id,
          message: `Booking ${booking.id} is paid by ${kept.length} charges: ${kept.map((c) => `${c.id} (${dollars(c.keptCents)})`).join(", ")}`,
        });
      } else if (charge.keptCents !== booking.totalCents) {
        mismatches.push({
          kind: "CHARGE_AMOUNT_DIFFERS",
          bookingId: booking.id,
          providerId: charge.id,
          message: `Booking ${booking.id} totals ${dollars(booking.totalCents)} but its charge ${charge.id} keeps ${dollars(charge.keptCents)}${outsideNote(charge.id)}`,
        });
      }
    }
    if (booking.paymentStatus === "refunded" && booking.paymentIntentId && !refundedCents.has(booking.paymentIntentId)) {
      mismatches.push({
        kind: "REFUND_NOT_AT_PROVIDER",
        bookingId: booking.id,
        providerId: booking.paymentIntentId,
        message: `Booking ${booking.id} says refunded${booking.refundId ? ` (${booking.refundId})` : ""} but the provider holds no refund of ${booking.paymentIntentId}`,
      });
    }
  }

  for (const purchase of purchases) {
    if (purchase.status === "paid" && !chargedPurchases.has(purchase.id)) {
      mismatches.push({
        kind: "PAID_PURCHASE_WITHOUT_CHARGE",
        providerId: purchase.paymentIntentId ?? undefined,
        message: `Package purchase ${purchase.id} is paid but the provider holds no succeeded charge ${purchase.paymentIntentId ?? ""} for it`,
      });
    }
  }

  for (const record of refundRecords) {
    if (record.bookingId === null) {
      if (record.status === "sent" && !refundedCents.has(record.paymentIntentId)) {
        mismatches.push({
          kind: "REFUND_NOT_AT_PROVIDER",
          providerId: record.paymentIntentId,
          message: `The refund of ${record.paymentIntentId} (package purchase ${record.purchaseId}) is recorded as sent but the provider holds no refund of it`,
        });
      }
      continue;
    }
    const booking = bookingById.get(record.bookingId);
    // Already reported above when the booking itself says refunded.
    if (record.status !== "sent" || refundedCents.has(record.paymentIntentId) || booking?.paymentStatus === "refunded") continue;
    mismatches.push({
      kind: "REFUND_NOT_AT_PROVIDER",
      bookingId: record.bookingId,
      providerId: record.paymentIntentId,
      message: `The refund of ${record.paymentIntentId} (booking ${record.bookingId}) is recorded as sent but the provider holds no refund of it`,
    });
  }

  const transfersByBooking = new Map<number, typeof ledger.transfers>();
  for (const transfer of ledger.transfers) {
    if (transfer.reversed) continue;
    const booking = transfer.bookingId !== undefined ? bookingById.get(transfer.bookingId) : undefined;
    if (!booking) {
      mismatches.push({
        kind: "TRANSFER_WITHOUT_BOOKING",
        bookingId: transfer.bookingId,
        providerId: transfer.id,
        message: `Transfer ${transfer.id} of ${dollars(transfer.amountCents)} to ${transfer.destination} matches no booking`,
      });
      continue;
    }
    const list = transfersByBooking.get(booking.id) ?? [];
    list.push(transfer);
    transfersByBooking.set(booking.id, list);
  }
  for (const [bookingId, transfers] of transfersByBooking) {
    const booking = present(bookingById.get(bookingId), `booking ${bookingId}`);
    if (transfers.length > 1) {
      mismatches.push({
        kind: "DOUBLE_PAYOUT",
        bookingId,
        message: `Booking ${bookingId} was paid out ${transfers.length} times: ${transfers.map((t) => t.id).join(", ")}`,
      });
    }
    // A reversed no-show whose payout could not be taken back is recorded as owed by the coach: accounted for.
    if (!PAYABLE.has(booking.status) && booking.payoutStatus !== "owed") {
      mismatches.push({
        kind: "PAYOUT_FOR_UNHONOURED_BOOKING",
        bookingId,
        providerId: transfers[0]?.id,
        message: `Booking ${bookingId} was paid out but is ${booking.status}`,
      });
    }
    for (const transfer of transfers) {
      if (transfer.amountCents !== booking.coachEarningsCents) {
        mismatches.push({
          kind: "PAYOUT_AMOUNT_DIFFERS",
          bookingId,
          providerId: transfer.id,
          message: `Transfer ${transfer.id} of ${dollars(transfer.amountCents)} for booking ${bookingId}, whose coach earns ${dollars(booking.coachEarningsCents)}`,
        });
      }
    }
  }
  for (const booking of bookings) {
    if (booking.payoutStatus === "paid" && !transfersByBooking.has(booking.id)) {
      mismatches.push({
        kind: "PAYOUT_NOT_AT_PROVIDER",
        bookingId: booking.id,
        providerId: booking.transferId ?? undefined,
        message: `Booking ${booking.id} says paid out${booking.transferId ? ` (${booking.transferId})` : ""} but the provider holds no transfer for it`,
      });
    }
  }
  return mismatches;
}

/**
 * A package purchase's charge (DESIGN.md 11): a paid purchase keeps its total less the refund it
 * recorded of its unused credits (pro rata, so a partial refund is right here); a purchase that
 * never became paid, or a second charge of one, keeps nothing.
 */
function comparePurchaseCharge(
  charge: ProviderLedger["charges"][number],
  keptCents: number,
  purchase: LedgerPurchase | undefined,
  record: RefundRecord | undefined,
  note: string,
): Mismatch[] {
  if (!purchase) {
    if (keptCents <= 0) return [];
    return [
      {
        kind: "CHARGE_WITHOUT_PURCHASE",
        providerId: charge.id,
        message: `Charge ${charge.id} keeps ${dollars(keptCents)} and matches no package purchase${note}`,
      },
    ];
  }
  if (purchase.status !== "paid" || purchase.paymentIntentId !== charge.id) {
    if (keptCents <= 0) return [];
    return [
      {
        kind: "CHARGE_KEPT_FOR_UNPAID_PURCHASE",
        providerId: charge.id,
        message: `Charge ${charge.id} keeps ${dollars(keptCents)} for package purchase ${purchase.id}, which is ${purchase.status}${purchase.paymentIntentId !== charge.id ? " and paid by another charge" : ""}${note}`,
      },
    ];
  }
  const expected = purchase.totalCents - (record ? (record.amountCents ?? 0) : 0);
  if (keptCents === expected) return [];
  return [
    {
      kind: "PURCHASE_AMOUNT_DIFFERS",
      providerId: charge.id,
      message: `Package purchase ${purchase.id} should keep ${dollars(expected)} of its charge ${charge.id}, which keeps ${dollars(keptCents)}${note}`,
    },
  ];
}
