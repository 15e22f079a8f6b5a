import { readProviderLedger } from "../../adapters/payments/ledger";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { compareLedger, type Mismatch } from "./ledger-compare";
import { listBookingMoney, listOutsideRefundRecords, listPurchaseMoney, listRefundRecords } from "./reconcile.repository";

export type ReconcileReport = {
  provider: "simulated" | "stripe";
  charges: number;
  refunds: number;
  transfers: number;
  bookings: number;
  purchases: number;
  mismatches: Mismatch[];
};

/** `npm run reconcile` (DESIGN.md 10): the provider's charges, refunds and transfers against the bookings. */
export async function reconcilePayments(deps: { config: Config; database: Database }): Promise<ReconcileReport> {
  // The provider first: a booking settled between the two reads then shows as paid on both sides.
  const ledger = await readProviderLedger(deps.config, deps.database);
  const bookings = await listBookingMoney(deps.database.db);
  const refundRecords = await listRefundRecords(deps.database.db);
  const purchases = await listPurchaseMoney(deps.database.db);
  const outsideRefunds = await listOutsideRefundRecords(deps.database.db);
  return {
    provider: ledger.provider,
    charges: ledger.charges.filter((c) => c.status === "succeeded").length,
    refunds: ledger.refunds.length,
    transfers: ledger.transfers.length,
    bookings: bookings.length,
    purchases: purchases.length,
    mismatches: compareLedger(ledger, bookings, refundRecords, purchases, outsideRefunds),
  };
}
