// Over 300 lines: the Stripe adapter implements the whole PaymentProvider interface in one class, a method a call, as the simulated provider does.
import type { Logger } from "pino";
import Stripe from "stripe";
import {
  type ConnectedAccount,
  type Dispute,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
  type Refund,
  type RefundedCharge,
  type Transfer,
  WebhookSignatureError,
  type ProviderInput,
} from "./provider";

export type StripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string;
  /** Tests point the SDK at a local stand-in (STRIPE_API_BASE, e.g. http://127.0.0.1:4010). */
  apiBase?: string;
  logger: Logger;
};

/** Stripe PaymentIntents for charges, Connect Express accounts and Transfers for coaches, Refunds on cancellation (DESIGN.md 4). */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = "stripe" as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret?: string;
  private readonly logger: Logger;

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.logger = options.logger;
    this.stripe = new Stripe(options.secretKey, { ...apiBaseConfig(options.apiBase), telemetry: false, timeout: 20_000 });
  }

  async createPaymentIntent(input: ProviderInput<"createPaymentIntent">): Promise<PaymentIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: "usd",
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.receiptEmail !== undefined ? { receipt_email: input.receiptEmail } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toPaymentIntent(intent);
  }

  async updatePaymentIntentAmount(input: ProviderInput<"updatePaymentIntentAmount">): Promise<PaymentIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.update(input.paymentIntentId, {
        amount: input.amountCents,
        ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
      }),
    );
    return toPaymentIntent(intent);
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntent> {
    return toPaymentIntent(await this.call(() => this.stripe.paymentIntents.retrieve(paymentIntentId)));
  }

  async cancelPaymentIntent(paymentIntentId: string): Promise<void> {
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(paymentIntentId));
    if (intent.status === "succeeded" || intent.status === "canceled" || intent.status === "processing") return;
    try {
      await this.stripe.paymentIntents.cancel(paymentIntentId);
    } catch (error) {
      // Paid between our retrieve and the cancel: the paid intent is left alone, as promised.
      if (error instanceof Stripe.errors.StripeError && error.code === "payment_intent_unexpected_state") return;
      throw toProviderError(error);
    }
  }

  async refundPayment(input: ProviderInput<"refundPayment">): Promise<Refund> {
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          ...(input.amountCents !== undefined ? { amount: input.amountCents } : {}),
          ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: refund.id, status: toRefundStatus(refund.status) };
  }

  async createConnectedAccount(input: ProviderInput<"createConnectedAccount">): Promise<ConnectedAccount> {
    const account = await this.call(() =>
      this.stripe.accounts.create(
        {
          type: "express",
          email: input.email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toConnectedAccount(account);
  }

  async retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount> {
    // An empty id would make the SDK fetch the platform's own account instead.
    if (!accountId) throw new PaymentProviderError("No such account: ''");
    return toConnectedAccount(await this.call(() => this.stripe.accounts.retrieve(accountId)));
  }

  async createOnboardingLink(input: ProviderInput<"createOnboardingLink">): Promise<{ url: string }> {
    const link = await this.call(() =>
      this.stripe.accountLinks.create({
        account: input.accountId,
        refresh_url: input.refreshUrl,
        return_url: input.returnUrl,
        type: "account_onboarding",
      }),
    );
    return { url: link.url };
  }

  async createDashboardLink(accountId: string): Promise<{ url: string }> {
    const link = await this.call(() => this.stripe.accounts.createLoginLink(accountId));
    return { url: link.url };
  }

  async createTransfer(input: ProviderInput<"createTransfer">): Promise<Transfer> {
    // source_transaction ties the transfer to the student's charge: it never pays out money the platform has not received.
    const sourceCharge = input.sourcePaymentIntentId ? await this.latestChargeOf(input.sourcePaymentIntentId) : undefined;
    const transfer = await this.call(() =>
      this.stripe.transfers.create(
        {
          amount: input.amountCents,
          currency: "usd",
          destination: input.destinationAccountId,
          transfer_group: input.transferGroup,
          ...(sourceCharge ? { source_transaction: sourceCharge } : {}),
          ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toTransfer(transfer, input.destinationAccountId);
  }

  private async latestChargeOf(paymentIntentId: string): Promise<string | undefined> {
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(paymentIntentId));
    const charge = intent.latest_charge;
    return typeof charge === "string" ? charge : (charge?.id ?? undefined);
  }

  async findTransfer(transferGroup: string): Promise<Transfer | undefined> {
    // A group holds one payout; a reversed transfer (money taken back at Stripe) does not count as paid.
    const found = await this.call(() => this.stripe.transfers.list({ transfer_group: transferGroup, limit: 10 }));
    const transfer = found.data.find((candidate) => !candidate.reversed);
    return transfer ? toTransfer(transfer, "") : undefined;
  }

  async reverseTransfer(input: ProviderInput<"reverseTransfer">): Promise<{ id: string }> {
    const reversal = await this.call(() =>
      this.stripe.transfers.createReversal(
        input.transferId,
        { ...(input.metadata !== undefined ? { metadata: input.metadata } : {}) },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: reversal.id };
  }

  async listRefunds(paymentIntentId: string): Promise<ProviderRefund[]> {
    const refunds: ProviderRefund[] = [];
    await this.call(() =>
      this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }).autoPagingEach((refund) => {
        refunds.push(toProviderRefund(refund, paymentIntentId));
      }),
    );
    return refunds;
  }

  parseWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    if (!this.webhookSecret) throw new WebhookSignatureError("STRIPE_WEBHOOK_SECRET is not set, so webhooks cannot be verified");
    if (!signatureHeader) throw new WebhookSignatureError("No Stripe-Signature header");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid webhook signature");
    }
    // Stripe sends hundreds of event types: the ones acted on are listed, every other one is "other".
    // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- an open set by design
    switch (event.type) {
      case "payment_intent.succeeded":
        return { id: event.id, type: event.type, paymentIntent: toPaymentIntent(event.data.object) };
      case "payment_intent.payment_failed":
        return { id: event.id, type: event.type, paymentIntent: toPaymentIntent(event.data.object) };
      case "account.updated":
        return {
          id: event.id,
          type: event.type,
          account: toConnectedAccount(event.data.object),
          createdAt: new Date(event.created * 1000),
        };
      case "charge.dispute.created":
        return { id: event.id, type: event.type, dispute: toDispute(event.data.object), createdAt: new Date(event.created * 1000) };
      case "charge.dispute.updated":
      case "charge.dispute.closed":
        return { id: event.id, type: event.type, dispute: toDispute(event.data.object), createdAt: new Date(event.created * 1000) };
      case "charge.refunded":
        return { id: event.id, type: event.type, charge: toRefundedCharge(event.data.object), createdAt: new Date(event.created * 1000) };
      default:
        return { id: event.id, type: "other", eventType: event.type };
    }
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const providerError = toProviderError(error);
      if (!providerError.isCardError) this.logger.warn({ err: error }, "stripe request failed");
      throw providerError;
    }
  }
}

/** Splits STRIPE_API_BASE into the SDK's host, port and protocol settings. */
export function apiBaseConfig(apiBase: string | undefined): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  const port = url.port ? Number(url.port) : protocol === "http" ? 80 : 443;
  return { host: url.hostname, port, protocol };
}

function toProviderError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    return new PaymentProviderError(error.message, error.type === "StripeCardError");
  }
  return new PaymentProviderError(error instanceof Error ? error.message : "The payment provider could not be reached");
}

function toPaymentIntentStatus(status: Stripe.PaymentIntent.Status): PaymentIntentStatus {
  switch (status) {
    case "succeeded":
      return "succeeded";
    case "canceled":
      return "canceled";
    case "processing":
    case "requires_capture":
      return "processing";
    case "requires_payment_method":
    case "requires_confirmation":
    case "requires_action":
    default:
      // The customer still has to act (also for a status newer than this SDK: Stripe's type is open).
      return "requires_payment_method";
  }
}

function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const lastError = intent.last_payment_error?.message;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    amountCents: intent.amount,
    currency: String(intent.currency ?? "").toLowerCase(),
    status: toPaymentIntentStatus(intent.status),
    metadata: { ...(intent.metadata ?? {}) },
    ...(lastError ? { lastError } : {}),
  };
}

function toDispute(dispute: Stripe.Dispute): Dispute {
  const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);
  const paymentIntentId = idOf(dispute.payment_intent);
  return {
    id: dispute.id,
    chargeId: idOf(dispute.charge) ?? "",
    ...(paymentIntentId ? { paymentIntentId } : {}),
    amountCents: dispute.amount,
    currency: String(dispute.currency ?? "").toLowerCase(),
    reason: String(dispute.reason ?? ""),
    status: String(dispute.status ?? ""),
  };
}

function toRefundedCharge(charge: Stripe.Charge): RefundedCharge {
  const intent = charge.payment_intent;
  const paymentIntentId = typeof intent === "string" ? intent : intent?.id;
  return {
    id: charge.id,
    ...(paymentIntentId ? { paymentIntentId } : {}),
    amountCents: charge.amount,
    amountRefundedCents: charge.amount_refunded ?? 0,
    currency: String(charge.currency ?? "").toLowerCase(),
  };
}

function toProviderRefund(refund: Stripe.Refund, paymentIntentId: string): ProviderRefund {
  const intent = refund.payment_intent;
  return {
    id: refund.id,
    paymentIntentId: (typeof intent === "string" ? intent : intent?.id) ?? paymentIntentId,
    amountCents: refund.amount,
    currency: String(refund.currency ?? "").toLowerCase(),
    status: String(refund.status ?? "pending"),
    metadata: { ...(refund.metadata ?? {}) },
    createdAt: new Date(refund.created * 1000),
  };
}

function toConnectedAccount(account: Stripe.Account): ConnectedAccount {
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...(account.requirements?.currently_due ?? [])],
  };
}

function toTransfer(transfer: Stripe.Transfer, requestedDestination: string): Transfer {
  const destination = typeof transfer.destination === "string" ? transfer.destination : (transfer.destination?.id ?? requestedDestination);
  return { id: transfer.id, amountCents: transfer.amount, destination };
}

function toRefundStatus(status: string | null): Refund["status"] {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}
