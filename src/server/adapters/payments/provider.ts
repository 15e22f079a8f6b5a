/**
 * The card payment provider behind every money movement (DESIGN.md 4). Two implementations:
 * Stripe (when keys are set) and the simulated provider (the default), chosen in boot.ts.
 * Every call that moves money takes an idempotency key derived from the booking, so a retry can
 * never charge, refund or pay out twice.
 */
export type PaymentIntentStatus = "requires_payment_method" | "processing" | "succeeded" | "canceled";

/** What settling a succeeded payment needs of its intent: which, how much was charged, in what. */
export type SucceededIntent = Pick<PaymentIntent, "id" | "amountCents"> & { currency?: string };

/** A payment that bought nothing (too late, another amount, paid twice), refunded in full: the refund sent, pending (retried) or failed. */
export type RefundedInFull = { kind: "refunded"; paymentIntentId: string; refund: "sent" | "pending" | "failed" };

export type PaymentIntent = {
  id: string;
  clientSecret: string;
  amountCents: number;
  /** As the provider reports it (lower case); the marketplace charges in "usd" only, so anything else is refused. */
  currency: string;
  status: PaymentIntentStatus;
  metadata: Record<string, string>;
  /** The provider's message for the last failed attempt ("Your card was declined."). */
  lastError?: string;
};

export type ConnectedAccount = {
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
};

export type Refund = { id: string; status: "succeeded" | "pending" | "failed" };
export type Transfer = { id: string; amountCents: number; destination: string };

/** A provider event after its signature has been verified. */
export type PaymentEvent =
  | { id: string; type: "payment_intent.succeeded"; paymentIntent: PaymentIntent }
  | { id: string; type: "payment_intent.payment_failed"; paymentIntent: PaymentIntent }
  /** `createdAt`: when the provider made the event; events may arrive out of order, and an older one must not undo a newer one. */
  | { id: string; type: "account.updated"; account: ConnectedAccount; createdAt: Date }
  | { id: string; type: "charge.dispute.created"; dispute: Dispute; createdAt: Date }
  /** A dispute's status changed (evidence, the bank's decision): a payout held back by it follows. */
  | { id: string; type: "charge.dispute.updated" | "charge.dispute.closed"; dispute: Dispute; createdAt: Date }
  /** A charge was refunded, in part or in full, by the app or outside it (the provider's dashboard). */
  | { id: string; type: "charge.refunded"; charge: RefundedCharge; createdAt: Date }
  | { id: string; type: "other"; eventType: string };

/** The charge a `charge.refunded` event names: which payment, and how much of it is refunded so far. */
export type RefundedCharge = {
  id: string;
  paymentIntentId?: string;
  amountCents: number;
  amountRefundedCents: number;
  currency: string;
};

/** One refund of a payment as the provider holds it, with the metadata its maker sent (none from a dashboard). */
export type ProviderRefund = {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  /** succeeded, pending, failed or canceled. */
  status: string;
  metadata: Record<string, string>;
  createdAt: Date;
};

/** A customer disputed a charge with their bank (a chargeback): the money is held until it is decided. */
export type Dispute = {
  id: string;
  chargeId: string;
  paymentIntentId?: string;
  amountCents: number;
  currency: string;
  /** The bank's reason code, e.g. "fraudulent", "product_not_received". */
  reason: string;
  status: string;
};

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** True when the customer can fix it (declined card); false for provider or network faults. */
    readonly isCardError = false,
  ) {
    super(message);
  }
}

export class WebhookSignatureError extends Error {}

/** What only the simulated provider can do (DESIGN.md 8): its own card form and its onboarding page. */
export interface SimulatedAbilities {
  /** Pays an intent with one of Stripe's test card numbers, as the card form would. */
  confirmWithCard(paymentIntentId: string, cardNumber: string): Promise<{ status: "succeeded" } | { status: "failed"; message: string }>;
  /**
   * confirmWithCard, with the intent as this confirmation's payment left it (`paid`, so that it need
   * not be retrieved again); absent when the card failed or the intent was already paid.
   */
  payWithCard(
    paymentIntentId: string,
    cardNumber: string,
  ): Promise<{ result: { status: "succeeded" } | { status: "failed"; message: string }; paid?: PaymentIntent }>;
  /** Completes a connected account's onboarding, as Stripe's hosted page would. */
  completeOnboarding(accountId: string): Promise<ConnectedAccount>;
}

/** The input of a provider method: the adapters take it as the interface says it, in one place. */
export type ProviderInput<M extends keyof PaymentProvider> = PaymentProvider[M] extends (input: infer I) => unknown ? I : never;

export interface PaymentProvider {
  readonly kind: "stripe" | "simulated";
  /** Present only on the simulated provider; the routes that need it answer 404 without it. */
  readonly simulated?: SimulatedAbilities;
  /** For the client: Stripe's publishable key, or undefined for the simulated card form. */
  readonly publishableKey?: string;

  createPaymentIntent(input: {
    amountCents: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
    description?: string;
    receiptEmail?: string;
  }): Promise<PaymentIntent>;
  /** Changes the amount of an unpaid intent (the tip changed). */
  updatePaymentIntentAmount(input: {
    paymentIntentId: string;
    amountCents: number;
    metadata?: Record<string, string>;
  }): Promise<PaymentIntent>;
  retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntent>;
  /** Cancels an unpaid intent (the hold expired); a paid one is left alone. */
  cancelPaymentIntent(paymentIntentId: string): Promise<void>;

  /**
   * Refunds the charge in full, or `amountCents` of it (one booking's share of a shared checkout,
   * a package's unused credits).
   */
  refundPayment(input: {
    paymentIntentId: string;
    idempotencyKey: string;
    amountCents?: number;
    metadata?: Record<string, string>;
  }): Promise<Refund>;

  createConnectedAccount(input: { email: string; idempotencyKey: string; metadata?: Record<string, string> }): Promise<ConnectedAccount>;
  retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount>;
  /** Where the coach completes onboarding. */
  createOnboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  /** The provider's dashboard for a completed account. */
  createDashboardLink(accountId: string): Promise<{ url: string }>;
  /**
   * Pays the coach (rate + tip) into their connected account. `transferGroup` names the payout
   * (transferGroups.payout), so that findTransfer can tell later whether it went out.
   */
  createTransfer(input: {
    amountCents: number;
    destinationAccountId: string;
    idempotencyKey: string;
    transferGroup: string;
    metadata?: Record<string, string>;
    /** The payment whose charge funds the transfer (Stripe: `source_transaction`, the charge of this intent). */
    sourcePaymentIntentId?: string;
  }): Promise<Transfer>;
  /**
   * The transfer made with this `transferGroup`, if any: a payout whose answer was lost (the
   * process died, the network dropped) is looked up before anything is sent again, since the
   * idempotency key alone is forgotten by the provider after about a day.
   */
  findTransfer(transferGroup: string): Promise<Transfer | undefined>;
  /**
   * Takes a sent payout back in full from the coach's account (an admin reversed a no-show).
   * Throws PaymentProviderError when the provider cannot (the coach's balance is short, say).
   */
  reverseTransfer(input: { transferId: string; idempotencyKey: string; metadata?: Record<string, string> }): Promise<{ id: string }>;

  /**
   * Every refund of this payment, whoever made it: a `charge.refunded` event does not list them, and
   * a refund given in the provider's dashboard is known to the app only from here.
   */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;

  /** Verifies a webhook's signature and turns it into a PaymentEvent; throws WebhookSignatureError. */
  parseWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
