import { describe, expect, it } from "vitest";
import type { ProviderLedger } from "../../adapters/payments/ledger";
import { compareLedger, type LedgerBooking } from "./ledger-compare";

const booking = (over: Partial<LedgerBooking> = {}): LedgerBooking => ({
  id: 1,
  status: "confirmed",
  paymentStatus: "completed",
  paymentIntentId: "pi_1",
  totalCents: 9775,
  coachEarningsCents: 8500,
  refundId: null,
  payoutStatus: "none",
  transferId: null,
  ...over,
});
const ledger = (over: Partial<ProviderLedger> = {}): ProviderLedger => ({
  provider: "simulated",
  charges: [{ id: "pi_1", status: "succeeded", amountCents: 9775, currency: "usd", bookingId: 1 }],
  refunds: [],
  transfers: [],
  ...over,
});
const kinds = (l: ProviderLedger, b: LedgerBooking[]) => compareLedger(l, b).map((m) => m.kind);

describe("compareLedger", () => {
  it("accepts a charge that paid one honoured booking in full, and a cancelled booking refunded in full", () => {
    expect(kinds(ledger(), [booking()])).toEqual([]);
    const refunded = ledger({ refunds: [{ id: "re_1", paymentIntentId: "pi_1", amountCents: 9775, status: "succeeded" }] });
    expect(kinds(refunded, [booking({ status: "cancelled", paymentStatus: "refunded", refundId: "re_1" })])).toEqual([]);
  });

  it("ignores intents that never succeeded, and unpaid bookings", () => {
    const l = ledger({ charges: [{ id: "pi_1", status: "canceled", amountCents: 9775, currency: "usd", bookingId: 1 }] });
    expect(kinds(l, [booking({ status: "cancelled", paymentStatus: "unpaid" })])).toEqual([]);
  });

  it("reports a partial refund, an amount that differs and a charge in another currency", () => {
    const partial = ledger({ refunds: [{ id: "re_1", paymentIntentId: "pi_1", amountCents: 1000, status: "succeeded" }] });
    expect(kinds(partial, [booking({ status: "cancelled" })])).toEqual(["PARTIAL_REFUND", "CHARGE_KEPT_FOR_UNHONOURED_BOOKING"]);
    expect(kinds(ledger(), [booking({ totalCents: 10_775 })])).toEqual(["CHARGE_AMOUNT_DIFFERS"]);
    const euros = ledger({ charges: [{ id: "pi_1", status: "succeeded", amountCents: 9775, currency: "eur", bookingId: 1 }] });
    expect(kinds(euros, [booking()])).toEqual(["CHARGE_IN_OTHER_CURRENCY"]);
  });

  it("reports a booking that says refunded when the provider holds no refund, even with the charge gone", () => {
    const l = ledger({ charges: [] });
    expect(kinds(l, [booking({ status: "cancelled", paymentStatus: "refunded", refundId: "re_x" })])).toEqual(["REFUND_NOT_AT_PROVIDER"]);
  });

  it("says what the refund module is doing about a kept charge, and reports a refund recorded as sent that the provider never made", () => {
    const failed = compareLedger(
      ledger(),
      [booking({ status: "cancelled", paymentStatus: "refund_pending" })],
      [{ paymentIntentId: "pi_1", bookingId: 1, status: "failed", attempts: 12 }],
    );
    expect(failed.map((m) => m.message)).toEqual([
      "Charge pi_1 keeps $97.75 for booking 1, which is cancelled (payment refund_pending); its refund failed after 12 attempts",
    ]);
    const sent = compareLedger(
      ledger({ charges: [] }),
      [booking({ status: "cancelled", paymentStatus: "refund_pending" })],
      [{ paymentIntentId: "pi_1", bookingId: 1, status: "sent", attempts: 1 }],
    );
    expect(sent.map((m) => m.kind)).toEqual(["REFUND_NOT_AT_PROVIDER"]);
  });

  it("accepts one payout of the coach's earnings for a completed booking and reports every other payout", () => {
    const completed = booking({ status: "completed", payoutStatus: "paid", transferId: "tr_1" });
    const transfer = { id: "tr_1", amountCents: 8500, currency: "usd", destination: "acct_1", bookingId: 1, reversed: false };
    expect(kinds(ledger({ transfers: [transfer] }), [completed])).toEqual([]);
    expect(kinds(ledger({ transfers: [transfer, { ...transfer, id: "tr_2" }] }), [completed])).toEqual(["DOUBLE_PAYOUT"]);
    expect(kinds(ledger({ transfers: [{ ...transfer, amountCents: 9775 }] }), [completed])).toEqual(["PAYOUT_AMOUNT_DIFFERS"]);
    expect(kinds(ledger({ transfers: [transfer] }), [booking({ payoutStatus: "paid" })])).toEqual(["PAYOUT_FOR_UNHONOURED_BOOKING"]);
    expect(kinds(ledger({ transfers: [{ ...transfer, bookingId: 7 }] }), [booking()])).toEqual(["TRANSFER_WITHOUT_BOOKING"]);
    expect(kinds(ledger(), [completed])).toEqual(["PAYOUT_NOT_AT_PROVIDER"]);
  });

  it("accepts a no-show's kept charge and its payout, a reversed no-show refunded with its payout taken back, and one recorded as owed", () => {
    const transfer = { id: "tr_1", amountCents: 8500, currency: "usd", destination: "acct_1", bookingId: 1, reversed: false };
    const noShow = booking({ status: "no_show", payoutStatus: "paid", transferId: "tr_1" });
    expect(kinds(ledger({ transfers: [transfer] }), [noShow])).toEqual([]);
    const refunded = ledger({
      refunds: [{ id: "re_1", paymentIntentId: "pi_1", amountCents: 9775, status: "succeeded" }],
      transfers: [{ ...transfer, reversed: true }],
    });
    const reversed = booking({
      status: "cancelled",
      paymentStatus: "refunded",
      refundId: "re_1",
      payoutStatus: "reversed",
      transferId: "tr_1",
    });
    expect(kinds(refunded, [reversed])).toEqual([]);
    const owedLedger = ledger({ refunds: refunded.refunds, transfers: [transfer] });
    expect(kinds(owedLedger, [{ ...reversed, payoutStatus: "owed" }])).toEqual([]);
    // Left as paid, the same transfer is a payout for a session that was not honoured.
    expect(kinds(owedLedger, [{ ...reversed, payoutStatus: "paid" }])).toEqual(["PAYOUT_FOR_UNHONOURED_BOOKING"]);
  });
});
