import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentProviderError, WebhookSignatureError } from "@server/adapters/payments/provider";
import { SimulatedPaymentProvider } from "@server/adapters/payments/simulated";
import { simulatedPaymentObjects } from "@server/db/schema/index";
import { startTestApp, type TestApp } from "@tests/support/test-app";

let app: TestApp;
let payments: SimulatedPaymentProvider;

beforeAll(async () => {
  app = await startTestApp();
  if (!(app.deps.payments instanceof SimulatedPaymentProvider)) throw new Error("expected the simulated provider");
  payments = app.deps.payments;
});

afterAll(async () => {
  await app?.close();
});

const key = (label: string) => `${label}-${randomUUID()}`;

async function rowsWithKey(kind: "payment_intent" | "account" | "refund" | "transfer", idempotencyKey: string) {
  return app.deps.database.db
    .select()
    .from(simulatedPaymentObjects)
    .where(and(eq(simulatedPaymentObjects.kind, kind), eq(simulatedPaymentObjects.idempotencyKey, idempotencyKey)));
}

async function newIntent(amountCents = 11_161) {
  return payments.createPaymentIntent({ amountCents, metadata: { bookingId: "42" }, idempotencyKey: key("intent") });
}

async function paidIntent(amountCents = 11_161) {
  const intent = await newIntent(amountCents);
  expect(await payments.confirmWithCard(intent.id, "4242 4242 4242 4242")).toEqual({ status: "succeeded" });
  return intent;
}

async function readyAccount() {
  const account = await payments.createConnectedAccount({ email: "coach@example.com", idempotencyKey: key("account") });
  await payments.completeOnboarding(account.id);
  return account;
}

describe("simulated payment provider", () => {
  it("is the provider when no Stripe keys are set, with no publishable key for the client", () => {
    expect(payments.kind).toBe("simulated");
    expect(payments.publishableKey).toBeUndefined();
  });

  describe("payment intents", () => {
    it("creates an unpaid intent with Stripe-like ids, the exact amount in cents and its metadata", async () => {
      const intent = await payments.createPaymentIntent({
        amountCents: 11_161,
        metadata: { bookingId: "7", studentId: "3" },
        idempotencyKey: key("intent"),
        description: "Lacrosse session",
        receiptEmail: "player@example.com",
      });
      expect(intent.id).toMatch(/^pi_sim_[A-Za-z0-9]{24}$/);
      expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]+$`));
      expect(intent).toMatchObject({
        amountCents: 11_161,
        currency: "usd",
        status: "requires_payment_method",
        metadata: { bookingId: "7", studentId: "3" },
      });
      expect(intent.lastError).toBeUndefined();
      const [row] = await app.deps.database.db.select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.id, intent.id));
      expect(row).toMatchObject({ kind: "payment_intent", amountCents: 11_161, currency: "usd" });
      expect(await payments.retrievePaymentIntent(intent.id)).toEqual(intent);
    });

    it("answers the same intent, and keeps one row, when a create is repeated with the same idempotency key", async () => {
      const idempotencyKey = key("intent");
      const input = { amountCents: 9_775, metadata: { bookingId: "8" }, idempotencyKey };
      const first = await payments.createPaymentIntent(input);
      const again = await Promise.all(Array.from({ length: 5 }, () => payments.createPaymentIntent(input)));
      for (const intent of again) expect(intent).toEqual(first);
      expect(await rowsWithKey("payment_intent", idempotencyKey)).toHaveLength(1);
    });

    it("keeps one row when creates with the same key race each other", async () => {
      const idempotencyKey = key("race");
      const intents = await Promise.all(
        Array.from({ length: 8 }, () => payments.createPaymentIntent({ amountCents: 5_000, metadata: {}, idempotencyKey })),
      );
      expect(new Set(intents.map((i) => i.id)).size).toBe(1);
      expect(await rowsWithKey("payment_intent", idempotencyKey)).toHaveLength(1);
    });

    it("refuses an amount under $0.50 or not in whole cents", async () => {
      await expect(payments.createPaymentIntent({ amountCents: 49, metadata: {}, idempotencyKey: key("small") })).rejects.toThrow(
        PaymentProviderError,
      );
      await expect(payments.createPaymentIntent({ amountCents: 100.5, metadata: {}, idempotencyKey: key("frac") })).rejects.toThrow(
        PaymentProviderError,
      );
    });

    it("changes the amount of an unpaid intent and merges new metadata", async () => {
      const intent = await newIntent(9_775);
      const updated = await payments.updatePaymentIntentAmount({
        paymentIntentId: intent.id,
        amountCents: 10_775,
        metadata: { tipCents: "1000" },
      });
      expect(updated).toMatchObject({ id: intent.id, amountCents: 10_775, metadata: { bookingId: "42", tipCents: "1000" } });
      expect((await payments.retrievePaymentIntent(intent.id)).amountCents).toBe(10_775);
    });

    it("refuses to change the amount of a paid intent", async () => {
      const intent = await paidIntent(9_775);
      await expect(payments.updatePaymentIntentAmount({ paymentIntentId: intent.id, amountCents: 20_000 })).rejects.toThrow(
        PaymentProviderError,
      );
      expect((await payments.retrievePaymentIntent(intent.id)).amountCents).toBe(9_775);
    });

    it("cancels an unpaid intent and leaves a paid one alone", async () => {
      const unpaid = await newIntent();
      await payments.cancelPaymentIntent(unpaid.id);
      expect((await payments.retrievePaymentIntent(unpaid.id)).status).toBe("canceled");

      const paid = await paidIntent();
      await payments.cancelPaymentIntent(paid.id);
      expect((await payments.retrievePaymentIntent(paid.id)).status).toBe("succeeded");
    });

    it("refuses to retrieve an intent that does not exist", async () => {
      await expect(payments.retrievePaymentIntent("pi_sim_missing")).rejects.toThrow(PaymentProviderError);
    });
  });

  describe("paying with Stripe's test cards", () => {
    it.each([
      ["4242 4242 4242 4242", { status: "succeeded" }],
      ["4242424242424242", { status: "succeeded" }],
      ["5555 5555 5555 4444", { status: "succeeded" }],
      ["4000 0000 0000 0002", { status: "failed", message: "Your card was declined." }],
      ["4000 0000 0000 9995", { status: "failed", message: "Your card has insufficient funds." }],
      ["4000 0000 0000 0069", { status: "failed", message: "Your card has expired." }],
      ["4000 0000 0000 0127", { status: "failed", message: "Your card's security code is incorrect." }],
      ["4242 4242 4242 4241", { status: "failed", message: "Your card number is invalid." }],
      ["1234", { status: "failed", message: "Your card number is invalid." }],
      ["4242-4242-4242-4242", { status: "failed", message: "Your card number is invalid." }],
      ["", { status: "failed", message: "Your card number is invalid." }],
    ] as const)("card %j answers %j", async (cardNumber, expected) => {
      const intent = await newIntent();
      expect(await payments.confirmWithCard(intent.id, cardNumber)).toEqual(expected);
      const after = await payments.retrievePaymentIntent(intent.id);
      if (expected.status === "succeeded") {
        expect(after.status).toBe("succeeded");
        expect(after.lastError).toBeUndefined();
      } else {
        expect(after.status).toBe("requires_payment_method");
        expect(after.lastError).toBe(expected.message);
      }
    });

    it("lets a declined intent be paid with another card, clearing the error", async () => {
      const intent = await newIntent();
      await payments.confirmWithCard(intent.id, "4000000000000002");
      expect(await payments.confirmWithCard(intent.id, "4242424242424242")).toEqual({ status: "succeeded" });
      const after = await payments.retrievePaymentIntent(intent.id);
      expect(after.status).toBe("succeeded");
      expect(after.lastError).toBeUndefined();
    });

    it("answers succeeded again for a paid intent without changing it, whatever card is sent", async () => {
      const intent = await paidIntent(12_345);
      const [before] = await app.deps.database.db.select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.id, intent.id));
      expect(await payments.confirmWithCard(intent.id, "4242424242424242")).toEqual({ status: "succeeded" });
      expect(await payments.confirmWithCard(intent.id, "4000000000000002")).toEqual({ status: "succeeded" });
      const [after] = await app.deps.database.db.select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.id, intent.id));
      expect(after).toEqual(before);
    });

    it("refuses to pay a cancelled intent", async () => {
      const intent = await newIntent();
      await payments.cancelPaymentIntent(intent.id);
      expect(await payments.confirmWithCard(intent.id, "4242424242424242")).toEqual({
        status: "failed",
        message: "This payment can no longer be completed.",
      });
      expect((await payments.retrievePaymentIntent(intent.id)).status).toBe("canceled");
    });
  });

  describe("refunds", () => {
    it("refunds a paid intent in full, once per idempotency key", async () => {
      const intent = await paidIntent(11_161);
      const idempotencyKey = key("refund");
      const refund = await payments.refundPayment({ paymentIntentId: intent.id, idempotencyKey, metadata: { bookingId: "42" } });
      expect(refund.id).toMatch(/^re_sim_/);
      expect(refund.status).toBe("succeeded");
      expect(await payments.refundPayment({ paymentIntentId: intent.id, idempotencyKey })).toEqual(refund);
      const rows = await rowsWithKey("refund", idempotencyKey);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.amountCents).toBe(11_161);
    });

    it("refuses a second refund of the same payment under another key", async () => {
      const intent = await paidIntent();
      await payments.refundPayment({ paymentIntentId: intent.id, idempotencyKey: key("refund") });
      const second = key("refund");
      await expect(payments.refundPayment({ paymentIntentId: intent.id, idempotencyKey: second })).rejects.toThrow(PaymentProviderError);
      expect(await rowsWithKey("refund", second)).toHaveLength(0);
    });

    it("refuses to refund an unpaid intent", async () => {
      const intent = await newIntent();
      const idempotencyKey = key("refund");
      await expect(payments.refundPayment({ paymentIntentId: intent.id, idempotencyKey })).rejects.toThrow(PaymentProviderError);
      expect(await rowsWithKey("refund", idempotencyKey)).toHaveLength(0);
    });
  });

  describe("connected accounts", () => {
    it("starts a new account with onboarding to do, and the same key answers the same account", async () => {
      const idempotencyKey = key("account");
      const account = await payments.createConnectedAccount({ email: "coach@example.com", idempotencyKey, metadata: { coachId: "5" } });
      expect(account.id).toMatch(/^acct_sim_/);
      expect(account).toMatchObject({ detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false });
      expect(account.requirementsDue.length).toBeGreaterThan(0);
      expect(await payments.createConnectedAccount({ email: "coach@example.com", idempotencyKey })).toEqual(account);
      expect(await rowsWithKey("account", idempotencyKey)).toHaveLength(1);
      expect(await payments.retrieveConnectedAccount(account.id)).toEqual(account);
    });

    it("completes onboarding: details submitted, charges and payouts enabled, nothing due", async () => {
      const account = await payments.createConnectedAccount({ email: "coach@example.com", idempotencyKey: key("account") });
      const completed = await payments.completeOnboarding(account.id);
      const expected = { id: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, requirementsDue: [] };
      expect(completed).toEqual(expected);
      expect(await payments.retrieveConnectedAccount(account.id)).toEqual(expected);
    });

    it("links to the local onboarding page with the account, return and refresh addresses", async () => {
      const account = await payments.createConnectedAccount({ email: "coach@example.com", idempotencyKey: key("account") });
      const returnUrl = "http://localhost:5000/coach/stripe-connect?success=true";
      const refreshUrl = "http://localhost:5000/coach-onboarding?stripe=refresh";
      const { url } = await payments.createOnboardingLink({ accountId: account.id, returnUrl, refreshUrl });
      const link = new URL(url);
      expect(`${link.origin}${link.pathname}`).toBe("http://localhost:5000/payments/simulated/onboarding");
      expect(link.searchParams.get("account")).toBe(account.id);
      expect(link.searchParams.get("return")).toBe(returnUrl);
      expect(link.searchParams.get("refresh")).toBe(refreshUrl);
    });

    it("gives a dashboard link only once onboarding is complete", async () => {
      const account = await payments.createConnectedAccount({ email: "coach@example.com", idempotencyKey: key("account") });
      await expect(payments.createDashboardLink(account.id)).rejects.toThrow(PaymentProviderError);
      await payments.completeOnboarding(account.id);
      expect(await payments.createDashboardLink(account.id)).toEqual({
        url: `http://localhost:5000/payments/simulated/dashboard?account=${account.id}`,
      });
    });

    it("refuses an unknown account", async () => {
      await expect(payments.retrieveConnectedAccount("acct_sim_missing")).rejects.toThrow(PaymentProviderError);
      await expect(payments.completeOnboarding("acct_sim_missing")).rejects.toThrow(PaymentProviderError);
    });
  });

  describe("transfers", () => {
    it("refuses a transfer to an account that has not finished onboarding, then sends it once it has", async () => {
      const account = await payments.createConnectedAccount({ email: "coach@example.com", idempotencyKey: key("account") });
      const idempotencyKey = key("transfer");
      const input = {
        amountCents: 9_501,
        destinationAccountId: account.id,
        idempotencyKey,
        transferGroup: "booking_42",
        metadata: { bookingId: "42" },
      };
      await expect(payments.createTransfer(input)).rejects.toThrow(new PaymentProviderError("The payout account is not ready"));
      expect(await rowsWithKey("transfer", idempotencyKey)).toHaveLength(0);

      await payments.completeOnboarding(account.id);
      const transfer = await payments.createTransfer(input);
      expect(transfer.id).toMatch(/^tr_sim_/);
      expect(transfer).toMatchObject({ amountCents: 9_501, destination: account.id });
    });

    it("answers the same transfer, and keeps one row, when repeated with the same idempotency key", async () => {
      const account = await readyAccount();
      const idempotencyKey = key("transfer");
      const input = { amountCents: 8_500, destinationAccountId: account.id, idempotencyKey, transferGroup: key("group") };
      const results = await Promise.all([payments.createTransfer(input), payments.createTransfer(input), payments.createTransfer(input)]);
      expect(new Set(results.map((t) => t.id)).size).toBe(1);
      const rows = await rowsWithKey("transfer", idempotencyKey);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.amountCents).toBe(8_500);
    });

    it("refuses a transfer to an account that does not exist", async () => {
      await expect(
        payments.createTransfer({
          amountCents: 100,
          destinationAccountId: "acct_sim_missing",
          idempotencyKey: key("transfer"),
          transferGroup: key("group"),
        }),
      ).rejects.toThrow("The payout account is not ready");
    });

    it("finds a transfer by its transfer group, and nothing for a group without one", async () => {
      const account = await readyAccount();
      const group = key("group");
      const transfer = await payments.createTransfer({
        amountCents: 4_200,
        destinationAccountId: account.id,
        idempotencyKey: key("transfer"),
        transferGroup: group,
      });
      await payments.createTransfer({
        amountCents: 100,
        destinationAccountId: account.id,
        idempotencyKey: key("transfer"),
        transferGroup: key("group"),
      });
      expect(await payments.findTransfer(group)).toEqual(transfer);
      expect(await payments.findTransfer(key("group"))).toBeUndefined();
    });
  });

  it("refuses every webhook, since the simulated provider sends none", () => {
    expect(() => payments.parseWebhookEvent(Buffer.from("{}"), "t=1,v1=abc")).toThrow(WebhookSignatureError);
  });
});
