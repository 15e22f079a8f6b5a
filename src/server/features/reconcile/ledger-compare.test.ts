import { describe, expect, it } from "vitest";
import type { ProviderLedger } from "@server/adapters/payments/ledger";
import { compareLedger, type LedgerBooking, type LedgerPurchase, type RefundRecord } from "./ledger-compare";

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

describe("compareLedger on package purchases (DESIGN.md 11)", () => {
  // 200.00 + 15% fee: one charge of 230.00 buys three credits.
  const purchase = (over: Partial<LedgerPurchase> = {}): LedgerPurchase => ({
    id: 5,
    status: "paid",
    paymentIntentId: "pi_p",
    totalCents: 23_000,
    ...over,
  });
  const charge = { id: "pi_p", status: "succeeded", amountCents: 23_000, currency: "usd", purchaseId: 5 };
  const creditRefund = (over: Partial<RefundRecord> = {}): RefundRecord => ({
    paymentIntentId: "pi_p",
    bookingId: null,
    purchaseId: 5,
    amountCents: 15_334,
    status: "sent",
    attempts: 1,
    ...over,
  });
  const purchaseKinds = (l: ProviderLedger, p: LedgerPurchase[], records: RefundRecord[] = [], b: LedgerBooking[] = []) =>
    compareLedger(l, b, records, p).map((m) => m.kind);
  const onlyPurchase = (over: Partial<ProviderLedger> = {}) => ledger({ charges: [charge], ...over });

  it("accepts a paid purchase's charge, and the sessions booked with its credits need no charge of their own", () => {
    const creditBooking = booking({ id: 9, paymentIntentId: null, totalCents: 7666, packagePurchaseId: 5 });
    expect(purchaseKinds(onlyPurchase(), [purchase()], [], [creditBooking])).toEqual([]);
    // The same booking without its purchase is a confirmed session nobody paid for.
    expect(purchaseKinds(onlyPurchase(), [purchase()], [], [{ ...creditBooking, packagePurchaseId: null }])).toEqual([
      "CONFIRMED_WITHOUT_CHARGE",
    ]);
  });

  it("accepts the pro rata refund of unused credits, and reports one the provider made for another amount or not at all", () => {
    const refunded = onlyPurchase({ refunds: [{ id: "re_p", paymentIntentId: "pi_p", amountCents: 15_334, status: "succeeded" }] });
    expect(purchaseKinds(refunded, [purchase()], [creditRefund()])).toEqual([]);
    const short = onlyPurchase({ refunds: [{ id: "re_p", paymentIntentId: "pi_p", amountCents: 15_000, status: "succeeded" }] });
    expect(purchaseKinds(short, [purchase()], [creditRefund()])).toEqual(["PURCHASE_AMOUNT_DIFFERS"]);
    // Recorded as sent, never made: the charge keeps it all, and the refund is missing at the provider.
    expect(purchaseKinds(onlyPurchase(), [purchase()], [creditRefund()])).toEqual(["PURCHASE_AMOUNT_DIFFERS", "REFUND_NOT_AT_PROVIDER"]);
    // A refund made behind the app's back, with no record of it.
    expect(purchaseKinds(short, [purchase()])).toEqual(["PURCHASE_AMOUNT_DIFFERS"]);
  });

  it("a purchase that never became paid keeps nothing: a late payment refunded in full is fine, one kept is reported", () => {
    const late = purchase({ status: "cancelled" });
    const refundedInFull = onlyPurchase({ refunds: [{ id: "re_p", paymentIntentId: "pi_p", amountCents: 23_000, status: "succeeded" }] });
    expect(purchaseKinds(refundedInFull, [late], [creditRefund({ amountCents: 23_000 })])).toEqual([]);
    expect(purchaseKinds(onlyPurchase(), [late])).toEqual(["CHARGE_KEPT_FOR_UNPAID_PURCHASE"]);
    // A second charge of a paid purchase is kept for nothing.
    const twice = ledger({ charges: [charge, { ...charge, id: "pi_q" }] });
    expect(purchaseKinds(twice, [purchase()])).toEqual(["CHARGE_KEPT_FOR_UNPAID_PURCHASE"]);
  });

  it("reports a paid purchase without a charge and a purchase's charge that matches no purchase", () => {
    expect(purchaseKinds(ledger({ charges: [] }), [purchase()])).toEqual(["PAID_PURCHASE_WITHOUT_CHARGE"]);
    expect(purchaseKinds(onlyPurchase(), [])).toEqual(["CHARGE_WITHOUT_PURCHASE"]);
    const messages = compareLedger(onlyPurchase(), [], [], [purchase({ totalCents: 24_000 })]).map((m) => m.message);
    expect(messages).toEqual(["Package purchase 5 should keep $240.00 of its charge pi_p, which keeps $230.00"]);
  });
});
