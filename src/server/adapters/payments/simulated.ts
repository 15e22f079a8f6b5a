// Over 300 lines: the simulated provider implements the whole PaymentProvider interface in one place, as the Stripe adapter it stands in for does.
import { randomInt } from "node:crypto";
import type { Logger } from "pino";
import type { Clock } from "../../clock";
import type { Database, Tx } from "../../db/client";
import { present } from "../../present";
import {
  type PaymentEvent,
  type ConnectedAccount,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentProvider,
  type SimulatedAbilities,
  PaymentProviderError,
  type ProviderRefund,
  type Refund,
  type Transfer,
  WebhookSignatureError,
  type ProviderInput,
} from "./provider";
import {
  findByIdempotencyKey,
  findObject,
  findObjectForUpdate,
  findRefundOfIntent,
  listRefundsOfIntent,
  refundedCentsOfIntent,
  findTransferOfGroup,
  insertObject,
  insertObjectUnlessKeyTaken,
  lockIdempotencyKey,
  payIntentIfPayable,
  type NewSimulatedObjectRow,
  type SimulatedObjectKind,
  type SimulatedObjectRow,
  updateObject,
} from "./simulated.repository";

/** What the simulated card form (and POST /api/payments/simulated/confirm) answers. */
export type CardConfirmation = { status: "succeeded" } | { status: "failed"; message: string };

export const CARD_MESSAGES = {
  invalidNumber: "Your card number is invalid.",
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  expired: "Your card has expired.",
  incorrectCvc: "Your card's security code is incorrect.",
  notPayable: "This payment can no longer be completed.",
} as const;

/** Stripe's test cards that fail, with the message Stripe shows for each (docs.stripe.com/testing#declined-payments). */
const FAILING_TEST_CARDS: Record<string, string> = {
  "4000000000000002": CARD_MESSAGES.declined,
  "4000000000009995": CARD_MESSAGES.insufficientFunds,
  "4000000000000069": CARD_MESSAGES.expired,
  "4000000000000127": CARD_MESSAGES.incorrectCvc,
};

/** A new Express account has not told Stripe who the coach is nor where to pay them. */
const INITIAL_REQUIREMENTS = ["individual.verification.document", "external_account"];

/** Stripe refuses USD charges under $0.50; so does the simulation, so that both behave alike. */
const MINIMUM_CHARGE_CENTS = 50;

type IntentData = {
  clientSecret: string;
  metadata: Record<string, string>;
  description?: string;
  receiptEmail?: string;
  lastError?: string;
  cardLast4?: string;
  refundId?: string;
};
type AccountData = {
  email: string;
  metadata: Record<string, string>;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
};
type RefundData = { paymentIntentId: string; metadata: Record<string, string> };
type TransferData = { destination: string; transferGroup: string; metadata: Record<string, string> };

/**
 * Stripe's life cycle kept in the database (DESIGN.md 4 and 8), for every environment without
 * Stripe keys: same ids, idempotency and failure messages, so the services cannot tell the two
 * apart, plus the two things a browser does at Stripe (paying with a card, finishing onboarding).
 */
export class SimulatedPaymentProvider implements PaymentProvider, SimulatedAbilities {
  readonly kind = "simulated" as const;
  readonly simulated: SimulatedAbilities = this;
  readonly publishableKey = undefined;

  constructor(private readonly deps: { database: Database; clock: Clock; logger: Logger; appUrl: string }) {}

  async createPaymentIntent(input: ProviderInput<"createPaymentIntent">): Promise<PaymentIntent> {
    requireChargeableAmount(input.amountCents);
    const row = await this.createOnce("payment_intent", input.idempotencyKey, () => {
      const id = newId("pi_sim_");
      const data: IntentData = {
        clientSecret: `${id}_secret_${randomToken(24)}`,
        metadata: { ...input.metadata },
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.receiptEmail !== undefined ? { receiptEmail: input.receiptEmail } : {}),
      };
      return { id, status: "requires_payment_method", amountCents: input.amountCents, currency: "usd", data };
    });
    return toPaymentIntent(row);
  }

  async updatePaymentIntentAmount(input: ProviderInput<"updatePaymentIntentAmount">): Promise<PaymentIntent> {
    requireChargeableAmount(input.amountCents);
    const row = await this.deps.database.db.transaction(async (tx) => {
      const intent = await requireObjectForUpdate(tx, "payment_intent", input.paymentIntentId);
      if (intent.status !== "requires_payment_method") {
        throw new PaymentProviderError(`This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`);
      }
      const data = intent.data as IntentData;
      // Like Stripe, metadata given on update is merged into what is there.
      const metadata = { ...data.metadata, ...(input.metadata ?? {}) };
      return updateObject(tx, intent.id, { amountCents: input.amountCents, data: { ...data, metadata }, updatedAt: this.deps.clock.now() });
    });
    return toPaymentIntent(row);
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntent> {
    return toPaymentIntent(await requireObject(this.deps.database.db, "payment_intent", paymentIntentId));
  }

  async cancelPaymentIntent(paymentIntentId: string): Promise<void> {
    await this.deps.database.db.transaction(async (tx) => {
      const intent = await requireObjectForUpdate(tx, "payment_intent", paymentIntentId);
      if (intent.status !== "requires_payment_method" && intent.status !== "processing") return;
      await updateObject(tx, intent.id, { status: "canceled", updatedAt: this.deps.clock.now() });
    });
  }

  /**
   * Pays an intent with one of Stripe's test cards; confirming a paid intent again changes nothing.
   * A good card on an intent still to be paid is one statement (issue 46): the update takes the
   * row's lock and re-checks its status on the row it waited for, and answers the paid intent. Any
   * other case (a failing card, an intent paid, cancelled or missing) locks the row first.
   */
  async confirmWithCard(paymentIntentId: string, cardNumber: string): Promise<CardConfirmation> {
    return (await this.payWithCard(paymentIntentId, cardNumber)).result;
  }

  async payWithCard(paymentIntentId: string, cardNumber: string): Promise<{ result: CardConfirmation; paid?: PaymentIntent }> {
    const now = this.deps.clock.now();
    if (simulateCard(cardNumber).status === "succeeded") {
      const paid = await payIntentIfPayable(this.deps.database.db, paymentIntentId, lastFourOf(cardNumber), now);
      if (paid) {
        this.deps.logger.info({ paymentIntentId, status: "succeeded" }, "simulated card payment");
        return { result: { status: "succeeded" }, paid: toPaymentIntent(paid) };
      }
    }
    const outcome = await this.deps.database.db.transaction(async (tx): Promise<CardConfirmation> => {
      const intent = await requireObjectForUpdate(tx, "payment_intent", paymentIntentId);
      if (intent.status === "succeeded") return { status: "succeeded" };
      const data = intent.data as IntentData;
      const result =
        intent.status === "canceled" ? ({ status: "failed", message: CARD_MESSAGES.notPayable } as const) : simulateCard(cardNumber);
      if (result.status === "failed") {
        await updateObject(tx, intent.id, { data: { ...data, lastError: result.message }, updatedAt: now });
        return result;
      }
      const { lastError: _cleared, ...rest } = data;
      await updateObject(tx, intent.id, { status: "succeeded", data: { ...rest, cardLast4: lastFourOf(cardNumber) }, updatedAt: now });
      return result;
    });
    this.deps.logger.info({ paymentIntentId, status: outcome.status }, "simulated card payment");
    return { result: outcome };
  }

  async refundPayment(input: ProviderInput<"refundPayment">): Promise<Refund> {
    const row = await this.createOnceChecked("refund", input.idempotencyKey, async (tx) => {
      const intent = await requireObjectForUpdate(tx, "payment_intent", input.paymentIntentId);
      if (intent.status !== "succeeded") {
        throw new PaymentProviderError(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
      }
      const amountCents = input.amountCents ?? intent.amountCents ?? 0;
      if (amountCents <= 0 || amountCents > (intent.amountCents ?? 0)) {
        throw new PaymentProviderError(`Refund amount must be between $0.01 and the charge's amount.`);
      }
      const refundedCents = await refundedCentsOfIntent(tx, intent.id);
      if (
        (input.amountCents === undefined && (await findRefundOfIntent(tx, intent.id))) ||
        refundedCents + amountCents > (intent.amountCents ?? 0)
      ) {
        throw new PaymentProviderError(`This PaymentIntent (${intent.id}) has already been refunded.`);
      }
      const id = newId("re_sim_");
      await updateObject(tx, intent.id, { data: { ...(intent.data as IntentData), refundId: id }, updatedAt: this.deps.clock.now() });
      const data: RefundData = { paymentIntentId: intent.id, metadata: { ...(input.metadata ?? {}) } };
      return { id, status: "succeeded", amountCents, currency: "usd", data };
    });
    this.deps.logger.info({ refundId: row.id, paymentIntentId: input.paymentIntentId }, "simulated refund");
    return { id: row.id, status: row.status as Refund["status"] };
  }

  async createConnectedAccount(input: ProviderInput<"createConnectedAccount">): Promise<ConnectedAccount> {
    const row = await this.createOnce("account", input.idempotencyKey, () => {
      const data: AccountData = {
        email: input.email,
        metadata: { ...(input.metadata ?? {}) },
        detailsSubmitted: false,
        chargesEnabled: false,
        payoutsEnabled: false,
        requirementsDue: [...INITIAL_REQUIREMENTS],
      };
      return { id: newId("acct_sim_"), status: "restricted", data };
    });
    return toConnectedAccount(row);
  }

  async retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount> {
    return toConnectedAccount(await requireObject(this.deps.database.db, "account", accountId));
  }

  /** What the local onboarding page does when the coach presses "Complete account setup". */
  async completeOnboarding(accountId: string): Promise<ConnectedAccount> {
    const row = await this.deps.database.db.transaction(async (tx) => {
      const account = await requireObjectForUpdate(tx, "account", accountId);
      const data: AccountData = {
        ...(account.data as AccountData),
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
        requirementsDue: [],
      };
      return updateObject(tx, account.id, { status: "enabled", data, updatedAt: this.deps.clock.now() });
    });
    this.deps.logger.info({ accountId }, "simulated onboarding completed");
    return toConnectedAccount(row);
  }

  async createOnboardingLink(input: ProviderInput<"createOnboardingLink">): Promise<{ url: string }> {
    await requireObject(this.deps.database.db, "account", input.accountId);
    const query = new URLSearchParams({ account: input.accountId, return: input.returnUrl, refresh: input.refreshUrl });
    return { url: `${this.deps.appUrl}/payments/simulated/onboarding?${query.toString()}` };
  }

  async createDashboardLink(accountId: string): Promise<{ url: string }> {
    const account = toConnectedAccount(await requireObject(this.deps.database.db, "account", accountId));
    // Stripe only gives Express dashboard links to accounts that finished onboarding.
    if (!account.detailsSubmitted) {
      throw new PaymentProviderError("Cannot create a login link for an account that has not completed onboarding.");
    }
    return { url: `${this.deps.appUrl}/payments/simulated/dashboard?${new URLSearchParams({ account: accountId }).toString()}` };
  }

  async createTransfer(input: ProviderInput<"createTransfer">): Promise<Transfer> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentProviderError("Invalid positive integer");
    }
    const row = await this.createOnceChecked("transfer", input.idempotencyKey, async (tx) => {
      const destination = await findObject(tx, "account", input.destinationAccountId);
      if (!destination || !(destination.data as AccountData).payoutsEnabled) {
        throw new PaymentProviderError("The payout account is not ready");
      }
      const data: TransferData = {
        destination: destination.id,
        transferGroup: input.transferGroup,
        metadata: { ...(input.metadata ?? {}) },
      };
      return { id: newId("tr_sim_"), status: "paid", amountCents: input.amountCents, currency: "usd", data };
    });
    this.deps.logger.info(
      { transferId: row.id, destination: input.destinationAccountId, amountCents: row.amountCents },
      "simulated transfer",
    );
    return toTransfer(row);
  }

  /** The whole transfer taken back: its row reads "reversed" (once, whatever the retries). */
  async reverseTransfer(input: ProviderInput<"reverseTransfer">): Promise<{ id: string }> {
    const row = await this.deps.database.db.transaction(async (tx) => {
      const transfer = await requireObjectForUpdate(tx, "transfer", input.transferId);
      if (transfer.status === "reversed") return transfer;
      const data = {
        ...(transfer.data as TransferData),
        reversal: { idempotencyKey: input.idempotencyKey, metadata: input.metadata ?? {} },
      };
      return updateObject(tx, transfer.id, { status: "reversed", data, updatedAt: this.deps.clock.now() });
    });
    this.deps.logger.info({ transferId: row.id, amountCents: row.amountCents }, "simulated transfer reversed");
    return { id: `trr_sim_${row.id}` };
  }

  async findTransfer(transferGroup: string): Promise<Transfer | undefined> {
    const row = await findTransferOfGroup(this.deps.database.db, transferGroup);
    return row ? toTransfer(row) : undefined;
  }

  async listRefunds(paymentIntentId: string): Promise<ProviderRefund[]> {
    const rows = await listRefundsOfIntent(this.deps.database.db, paymentIntentId);
    return rows.map((row) => ({
      id: row.id,
      paymentIntentId,
      amountCents: row.amountCents ?? 0,
      currency: row.currency ?? "usd",
      status: row.status,
      metadata: { ...((row.data as RefundData).metadata ?? {}) },
      createdAt: row.createdAt,
    }));
  }

  parseWebhookEvent(_rawBody: Buffer, _signatureHeader: string | undefined): PaymentEvent {
    throw new WebhookSignatureError("Webhooks are not used by the simulated payment provider");
  }

  /**
   * Stripe's idempotency: a second create with a key already used answers the object the first one
   * made, never a second object, however many requests race. An object made from its input alone
   * (an intent, an account) is one insert that does nothing when the key is taken (the unique
   * index decides), then, only then, a read of the object the key names.
   */
  private async createOnce(
    kind: SimulatedObjectKind,
    idempotencyKey: string,
    build: () => Omit<NewSimulatedObjectRow, "kind" | "idempotencyKey" | "createdAt" | "updatedAt">,
  ): Promise<SimulatedObjectRow> {
    if (!idempotencyKey) throw new PaymentProviderError("An idempotency key is required");
    const db = this.deps.database.db;
    const now = this.deps.clock.now();
    const made = await insertObjectUnlessKeyTaken(db, { ...build(), kind, idempotencyKey, createdAt: now, updatedAt: now });
    return made ?? present(await findByIdempotencyKey(db, kind, idempotencyKey), "the object its idempotency key names");
  }

  /** The same for an object whose making reads and checks others (a refund, a transfer): in one transaction, the key locked. */
  private async createOnceChecked(
    kind: SimulatedObjectKind,
    idempotencyKey: string,
    build: (tx: Tx) => Promise<Omit<NewSimulatedObjectRow, "kind" | "idempotencyKey" | "createdAt" | "updatedAt">>,
  ): Promise<SimulatedObjectRow> {
    if (!idempotencyKey) throw new PaymentProviderError("An idempotency key is required");
    return this.deps.database.db.transaction(async (tx) => {
      await lockIdempotencyKey(tx, kind, idempotencyKey);
      const existing = await findByIdempotencyKey(tx, kind, idempotencyKey);
      if (existing) return existing;
      const now = this.deps.clock.now();
      return insertObject(tx, { ...(await build(tx)), kind, idempotencyKey, createdAt: now, updatedAt: now });
    });
  }
}

/** The outcome Stripe gives each test card: spaces are ignored, an invalid number never reaches the bank. */
const lastFourOf = (cardNumber: string) => cardNumber.replace(/\s+/g, "").slice(-4);

export function simulateCard(cardNumber: string): CardConfirmation {
  const digits = cardNumber.replace(/\s+/g, "");
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { status: "failed", message: CARD_MESSAGES.invalidNumber };
  const failure = FAILING_TEST_CARDS[digits];
  return failure ? { status: "failed", message: failure } : { status: "succeeded" };
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function requireChargeableAmount(amountCents: number): void {
  if (!Number.isInteger(amountCents) || amountCents < MINIMUM_CHARGE_CENTS) {
    throw new PaymentProviderError("Amount must be at least $0.50 usd");
  }
}

async function requireObject(db: Database["db"], kind: SimulatedObjectKind, id: string): Promise<SimulatedObjectRow> {
  const row = await findObject(db, kind, id);
  if (!row) throw new PaymentProviderError(`No such ${kind}: '${id}'`);
  return row;
}

async function requireObjectForUpdate(tx: Tx, kind: SimulatedObjectKind, id: string): Promise<SimulatedObjectRow> {
  const row = await findObjectForUpdate(tx, kind, id);
  if (!row) throw new PaymentProviderError(`No such ${kind}: '${id}'`);
  return row;
}

function toPaymentIntent(row: SimulatedObjectRow): PaymentIntent {
  const data = row.data as IntentData;
  return {
    id: row.id,
    clientSecret: data.clientSecret,
    amountCents: row.amountCents ?? 0,
    currency: row.currency ?? "usd",
    status: row.status as PaymentIntentStatus,
    metadata: { ...data.metadata },
    ...(data.lastError !== undefined ? { lastError: data.lastError } : {}),
  };
}

function toTransfer(row: SimulatedObjectRow): Transfer {
  return { id: row.id, amountCents: row.amountCents ?? 0, destination: (row.data as TransferData).destination };
}

function toConnectedAccount(row: SimulatedObjectRow): ConnectedAccount {
  const data = row.data as AccountData;
  return {
    id: row.id,
    detailsSubmitted: data.detailsSubmitted,
    chargesEnabled: data.chargesEnabled,
    payoutsEnabled: data.payoutsEnabled,
    requirementsDue: [...data.requirementsDue],
  };
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomToken(length: number): string {
  let token = "";
  for (let i = 0; i < length; i++) token += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return token;
}

function newId(prefix: string): string {
  return `${prefix}${randomToken(24)}`;
}
