import pino from "pino";
import Stripe from "stripe";
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentProviderError, WebhookSignatureError } from "@server/adapters/payments/provider";
import { StripePaymentProvider } from "@server/adapters/payments/stripe";
import { startStripeStandIn, type StripeStandIn } from "@tests/support/stripe-stand-in";
import { startTestApp, type TestApp } from "@tests/support/test-app";

let stand: StripeStandIn;
let stripe: StripePaymentProvider;

beforeAll(async () => {
  stand = await startStripeStandIn();
  stripe = new StripePaymentProvider({
    secretKey: "sk_test_stand_in",
    publishableKey: "pk_test_stand_in",
    webhookSecret: stand.webhookSecret,
    apiBase: stand.url,
    logger: pino({ level: "silent" }),
  });
});

afterAll(async () => {
  await stand?.close();
});

beforeEach(() => stand.clearRequests());

async function newIntent(amountCents = 11_161) {
  return stripe.createPaymentIntent({ amountCents, metadata: { bookingId: "42" }, idempotencyKey: `booking-42-intent-${Math.random()}` });
}

async function readyAccount() {
  const account = await stripe.createConnectedAccount({ email: "coach@example.com", idempotencyKey: `coach-${Math.random()}` });
  stand.completeAccount(account.id);
  return account;
}

describe("Stripe payment provider against a local Stripe stand-in", () => {
  describe("payment intents", () => {
    it("creates a PaymentIntent in cents and USD with the booking's metadata and idempotency key", async () => {
      const intent = await stripe.createPaymentIntent({
        amountCents: 11_161,
        metadata: { bookingId: "42", studentId: "7" },
        idempotencyKey: "booking-42-intent",
        description: "Lacrosse session with Coach Smith",
        receiptEmail: "player@example.com",
      });
      const [sent] = stand.requestsTo("POST", "/v1/payment_intents");
      assert.exists(sent);
      expect(sent.idempotencyKey).toBe("booking-42-intent");
      expect(sent.form).toMatchObject({
        amount: "11161",
        currency: "usd",
        "metadata[bookingId]": "42",
        "metadata[studentId]": "7",
        "automatic_payment_methods[enabled]": "true",
        description: "Lacrosse session with Coach Smith",
        receipt_email: "player@example.com",
      });
      expect(sent.authorization).toBe("Bearer sk_test_stand_in");
      expect(intent.id).toMatch(/^pi_/);
      expect(intent).toMatchObject({
        amountCents: 11_161,
        currency: "usd",
        status: "requires_payment_method",
        metadata: { bookingId: "42", studentId: "7" },
      });
      expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    });

    it("sends the same idempotency key again on a repeated create and gets the same intent back", async () => {
      const input = { amountCents: 5_750, metadata: { bookingId: "43" }, idempotencyKey: "booking-43-intent" };
      const first = await stripe.createPaymentIntent(input);
      const second = await stripe.createPaymentIntent(input);
      expect(second.id).toBe(first.id);
      const sent = stand.requestsTo("POST", "/v1/payment_intents");
      expect(sent.map((r) => r.idempotencyKey)).toEqual(["booking-43-intent", "booking-43-intent"]);
    });

    it("updates the amount of an intent and retrieves it", async () => {
      const intent = await newIntent(9_775);
      const updated = await stripe.updatePaymentIntentAmount({
        paymentIntentId: intent.id,
        amountCents: 10_775,
        metadata: { tipCents: "1000" },
      });
      const [sent] = stand.requestsTo("POST", `/v1/payment_intents/${intent.id}`);
      assert.exists(sent);
      expect(sent.form).toMatchObject({ amount: "10775", "metadata[tipCents]": "1000" });
      expect(updated.amountCents).toBe(10_775);
      const retrieved = await stripe.retrievePaymentIntent(intent.id);
      expect(stand.requestsTo("GET", `/v1/payment_intents/${intent.id}`)).toHaveLength(1);
      expect(retrieved).toMatchObject({ id: intent.id, amountCents: 10_775, metadata: { bookingId: "42", tipCents: "1000" } });
    });

    it("maps Stripe's statuses and the last payment error", async () => {
      const intent = await newIntent();
      stand.failPaymentIntent(intent.id, "Your card has insufficient funds.");
      expect(await stripe.retrievePaymentIntent(intent.id)).toMatchObject({
        status: "requires_payment_method",
        lastError: "Your card has insufficient funds.",
      });
      stand.succeedPaymentIntent(intent.id);
      const paid = await stripe.retrievePaymentIntent(intent.id);
      expect(paid.status).toBe("succeeded");
      expect(paid.lastError).toBeUndefined();
    });

    it("cancels an unpaid intent and leaves a paid one alone", async () => {
      const unpaid = await newIntent();
      await stripe.cancelPaymentIntent(unpaid.id);
      expect(stand.requestsTo("POST", `/v1/payment_intents/${unpaid.id}/cancel`)).toHaveLength(1);
      expect(stand.paymentIntent(unpaid.id)?.status).toBe("canceled");

      const paid = await newIntent();
      stand.succeedPaymentIntent(paid.id);
      await stripe.cancelPaymentIntent(paid.id);
      expect(stand.requestsTo("POST", `/v1/payment_intents/${paid.id}/cancel`)).toHaveLength(0);
      expect(stand.paymentIntent(paid.id)?.status).toBe("succeeded");
    });

    it("turns a card decline into a card error the customer can fix, with Stripe's message", async () => {
      stand.declineNextPaymentIntent();
      const failure = await newIntent().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PaymentProviderError);
      expect(failure).toMatchObject({ message: "Your card was declined.", isCardError: true });
    });

    it("turns any other Stripe failure into a provider error that is not the customer's", async () => {
      const failure = await stripe.retrievePaymentIntent("pi_missing").catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PaymentProviderError);
      expect(failure).toMatchObject({ message: "No such payment_intent: 'pi_missing'", isCardError: false });
    });
  });

  describe("refunds", () => {
    it("refunds a paid intent with the cancellation's idempotency key, once", async () => {
      const intent = await newIntent();
      stand.succeedPaymentIntent(intent.id);
      const input = { paymentIntentId: intent.id, idempotencyKey: "booking-42-refund", metadata: { bookingId: "42" } };
      const refund = await stripe.refundPayment(input);
      expect(refund.id).toMatch(/^re_/);
      expect(refund.status).toBe("succeeded");
      expect(await stripe.refundPayment(input)).toEqual(refund);
      const sent = stand.requestsTo("POST", "/v1/refunds");
      expect(sent).toHaveLength(2);
      for (const request of sent) {
        expect(request.idempotencyKey).toBe("booking-42-refund");
        expect(request.form).toMatchObject({ payment_intent: intent.id, "metadata[bookingId]": "42" });
      }
    });
  });

  describe("a payment's refunds", () => {
    it("lists every refund of one payment, the app's with its metadata and a dashboard one without, and no other payment's", async () => {
      const intent = await newIntent();
      stand.succeedPaymentIntent(intent.id);
      const other = await newIntent();
      stand.succeedPaymentIntent(other.id);
      await stripe.refundPayment({ paymentIntentId: other.id, idempotencyKey: "booking-7-refund", metadata: { bookingId: "7" } });
      const app = await stripe.refundPayment({
        paymentIntentId: intent.id,
        idempotencyKey: "booking-8-refund",
        amountCents: 500,
        metadata: { bookingId: "8", reason: "student_cancelled" },
      });
      const { refund: dashboard } = stand.refundOutsideApp(intent.id, 700);
      const listed = await stripe.listRefunds(intent.id);
      expect(listed.map((r) => [r.id, r.paymentIntentId, r.amountCents, r.status, r.metadata]).sort()).toEqual(
        [
          [app.id, intent.id, 500, "succeeded", { bookingId: "8", reason: "student_cancelled" }],
          [dashboard.id, intent.id, 700, "succeeded", {}],
        ].sort(),
      );
      expect(stand.requestsTo("GET", "/v1/refunds").at(-1)?.form.payment_intent).toBe(intent.id);
    });
  });

  describe("Connect Express accounts", () => {
    it("creates an Express account asking for card payments and transfers, with an idempotency key", async () => {
      const account = await stripe.createConnectedAccount({
        email: "coach@example.com",
        idempotencyKey: "coach-5-account",
        metadata: { coachId: "5" },
      });
      const [sent] = stand.requestsTo("POST", "/v1/accounts");
      assert.exists(sent);
      expect(sent.idempotencyKey).toBe("coach-5-account");
      expect(sent.form).toMatchObject({
        type: "express",
        email: "coach@example.com",
        "capabilities[card_payments][requested]": "true",
        "capabilities[transfers][requested]": "true",
        "metadata[coachId]": "5",
      });
      expect(account.id).toMatch(/^acct_/);
      expect(account).toMatchObject({ detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false });
      expect(account.requirementsDue).toContain("external_account");
    });

    it("reads an account's onboarding state from details_submitted, charges_enabled, payouts_enabled and requirements", async () => {
      const account = await readyAccount();
      expect(await stripe.retrieveConnectedAccount(account.id)).toEqual({
        id: account.id,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
        requirementsDue: [],
      });
      expect(stand.requestsTo("GET", `/v1/accounts/${account.id}`)).toHaveLength(1);
    });

    it("creates an onboarding account link with the refresh and return addresses", async () => {
      const account = await stripe.createConnectedAccount({ email: "coach@example.com", idempotencyKey: "coach-6-account" });
      const link = await stripe.createOnboardingLink({
        accountId: account.id,
        refreshUrl: "http://localhost:5000/coach-onboarding?stripe=refresh",
        returnUrl: "http://localhost:5000/coach-onboarding?stripe=success",
      });
      const [sent] = stand.requestsTo("POST", "/v1/account_links");
      assert.exists(sent);
      expect(sent.form).toEqual({
        account: account.id,
        type: "account_onboarding",
        refresh_url: "http://localhost:5000/coach-onboarding?stripe=refresh",
        return_url: "http://localhost:5000/coach-onboarding?stripe=success",
      });
      expect(link.url).toBe(`${stand.url}/connect/onboarding/${account.id}`);
    });

    it("completes onboarding in the stand-in when the account link is followed, and sends the coach back", async () => {
      const account = await stripe.createConnectedAccount({ email: "coach@example.com", idempotencyKey: "coach-10-account" });
      const returnUrl = "http://localhost:5000/coach-onboarding?stripe=success";
      const link = await stripe.createOnboardingLink({
        accountId: account.id,
        refreshUrl: "http://localhost:5000/coach-onboarding?stripe=refresh",
        returnUrl,
      });
      const response = await fetch(link.url, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(returnUrl);
      expect((await stripe.retrieveConnectedAccount(account.id)).payoutsEnabled).toBe(true);
    });

    it("creates a dashboard login link for a completed account", async () => {
      const account = await readyAccount();
      const link = await stripe.createDashboardLink(account.id);
      expect(stand.requestsTo("POST", `/v1/accounts/${account.id}/login_links`)).toHaveLength(1);
      expect(link.url).toBe(`${stand.url}/express/${account.id}`);
    });
  });

  describe("transfers", () => {
    it("pays the coach in cents and USD to the connected account, with the payout's idempotency key", async () => {
      const account = await readyAccount();
      const input = {
        amountCents: 9_501,
        destinationAccountId: account.id,
        idempotencyKey: "booking-42-payout",
        transferGroup: "booking_42",
        metadata: { bookingId: "42" },
      };
      const transfer = await stripe.createTransfer(input);
      expect(transfer).toMatchObject({ amountCents: 9_501, destination: account.id });
      expect(transfer.id).toMatch(/^tr_/);
      expect(await stripe.createTransfer(input)).toEqual(transfer);
      const sent = stand.requestsTo("POST", "/v1/transfers");
      expect(sent).toHaveLength(2);
      for (const request of sent) {
        expect(request.idempotencyKey).toBe("booking-42-payout");
        expect(request.form).toEqual({
          amount: "9501",
          currency: "usd",
          destination: account.id,
          transfer_group: "booking_42",
          "metadata[bookingId]": "42",
        });
      }
    });

    it("finds a transfer by its transfer group, and nothing for a group without one", async () => {
      const account = await readyAccount();
      const common = { amountCents: 4_200, destinationAccountId: account.id };
      const mine = await stripe.createTransfer({ ...common, idempotencyKey: "booking-61-payout", transferGroup: "booking_61" });
      await stripe.createTransfer({ ...common, idempotencyKey: "booking-62-payout", transferGroup: "booking_62" });
      expect(await stripe.findTransfer("booking_61")).toEqual(mine);
      expect(await stripe.findTransfer("booking_63")).toBeUndefined();
      expect(stand.requestsTo("GET", "/v1/transfers").map((r) => r.form.transfer_group)).toEqual(["booking_61", "booking_63"]);
    });

    it("reports a refused transfer as a provider error", async () => {
      const account = await stripe.createConnectedAccount({ email: "coach@example.com", idempotencyKey: "coach-7-account" });
      await expect(
        stripe.createTransfer({
          amountCents: 100,
          destinationAccountId: account.id,
          idempotencyKey: "booking-44-payout",
          transferGroup: "booking_44",
        }),
      ).rejects.toMatchObject({
        isCardError: false,
      });
    });
  });

  describe("webhooks", () => {
    it("accepts a signed payment_intent.succeeded event", async () => {
      const intent = await newIntent(11_161);
      const { payload, signature, event } = stand.succeedPaymentIntent(intent.id);
      expect(stripe.parseWebhookEvent(Buffer.from(payload), signature)).toEqual({
        id: event.id,
        type: "payment_intent.succeeded",
        paymentIntent: { ...intent, status: "succeeded" },
      });
    });

    it("accepts a signed payment_intent.payment_failed event with Stripe's message", async () => {
      const intent = await newIntent();
      const { payload, signature } = stand.failPaymentIntent(intent.id, "Your card was declined.");
      const parsed = stripe.parseWebhookEvent(Buffer.from(payload), signature);
      expect(parsed).toMatchObject({
        type: "payment_intent.payment_failed",
        paymentIntent: { id: intent.id, lastError: "Your card was declined." },
      });
    });

    it("accepts a signed account.updated event", async () => {
      const account = await stripe.createConnectedAccount({ email: "coach@example.com", idempotencyKey: "coach-8-account" });
      const { payload, signature } = stand.completeAccount(account.id);
      expect(stripe.parseWebhookEvent(Buffer.from(payload), signature)).toMatchObject({
        type: "account.updated",
        account: { id: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, requirementsDue: [] },
      });
    });

    it("passes on other event types without reading them", () => {
      const { payload, signature, event } = stand.signEvent("customer.created", { id: "cus_1", object: "customer" });
      expect(stripe.parseWebhookEvent(Buffer.from(payload), signature)).toEqual({
        id: event.id,
        type: "other",
        eventType: "customer.created",
      });
    });

    it("reads charge.refunded: the charge, its payment and how much of it is refunded so far", async () => {
      const intent = await newIntent();
      stand.succeedPaymentIntent(intent.id);
      const { webhook } = stand.refundOutsideApp(intent.id, 1234);
      const event = stripe.parseWebhookEvent(Buffer.from(webhook.payload), webhook.signature);
      expect(event).toEqual({
        id: webhook.event.id,
        type: "charge.refunded",
        charge: {
          id: stand.paymentIntent(intent.id)!.latest_charge,
          paymentIntentId: intent.id,
          amountCents: intent.amountCents,
          amountRefundedCents: 1234,
          currency: "usd",
        },
        createdAt: new Date(Number(webhook.event.created) * 1000),
      });
    });

    it("refuses a forged signature, a changed payload and a missing signature", () => {
      const { payload, signature } = stand.signEvent("payment_intent.succeeded", { id: "pi_1", object: "payment_intent" });
      const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_ours" });
      expect(() => stripe.parseWebhookEvent(Buffer.from(payload), forged)).toThrow(WebhookSignatureError);
      expect(() => stripe.parseWebhookEvent(Buffer.from(payload.replace("pi_1", "pi_2")), signature)).toThrow(WebhookSignatureError);
      expect(() => stripe.parseWebhookEvent(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
    });

    it("refuses every webhook when no webhook secret is configured", () => {
      const withoutSecret = new StripePaymentProvider({
        secretKey: "sk_test_x",
        publishableKey: "pk_test_x",
        apiBase: stand.url,
        logger: pino({ level: "silent" }),
      });
      const { payload, signature } = stand.signEvent("payment_intent.succeeded", { id: "pi_1", object: "payment_intent" });
      expect(() => withoutSecret.parseWebhookEvent(Buffer.from(payload), signature)).toThrow(WebhookSignatureError);
    });
  });

  describe("in the app", () => {
    let app: TestApp;
    // Booting the app takes a while on PGlite: a hook has a longer time limit than a test.
    beforeAll(async () => {
      app = await startTestApp(stand.env());
    });
    afterAll(async () => {
      await app?.close();
    });

    it("is chosen when Stripe keys are set, and reaches the API base it is given", async () => {
      expect(app.deps.payments.kind).toBe("stripe");
      expect(app.deps.payments.publishableKey).toBe("pk_test_stand_in");
      const account = await app.deps.payments.createConnectedAccount({ email: "coach@example.com", idempotencyKey: "coach-9-account" });
      expect(stand.requestsTo("POST", "/v1/accounts")).toHaveLength(1);
      expect(stand.account(account.id)).toBeDefined();
    });
  });
});
