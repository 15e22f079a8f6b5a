import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { simulatedPaymentObjects } from "../../db/schema/index";
import { apiBaseConfig } from "./stripe";

/**
 * What the payment provider itself holds, read back for reconciliation: every payment intent (with
 * its status, amount and currency), every refund and every transfer, each with the metadata the app
 * sent (bookingId). Read from the provider, never from the bookings, so the two can be compared.
 */
export type LedgerCharge = {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  bookingId?: number;
  /** A package purchase's charge (DESIGN.md 11). */
  purchaseId?: number;
};
export type LedgerRefund = { id: string; paymentIntentId: string; amountCents: number; status: string };
export type LedgerTransfer = {
  id: string;
  amountCents: number;
  currency: string;
  destination: string;
  bookingId?: number;
  reversed: boolean;
};
export type ProviderLedger = {
  provider: "simulated" | "stripe";
  charges: LedgerCharge[];
  refunds: LedgerRefund[];
  transfers: LedgerTransfer[];
};

export async function readProviderLedger(config: Config, database: Database): Promise<ProviderLedger> {
  if (config.stripe) return readStripeLedger(config.stripe);
  return readSimulatedLedger(database);
}

function bookingIdOf(metadata: Record<string, string> | null | undefined): number | undefined {
  const id = Number(metadata?.bookingId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The charge's purchase, when it is a package's, as an optional field (absent otherwise). */
function purchaseOf(metadata: Record<string, string> | null | undefined): { purchaseId?: number } {
  const id = Number(metadata?.purchaseId);
  return Number.isInteger(id) && id > 0 ? { purchaseId: id } : {};
}

async function readSimulatedLedger(database: Database): Promise<ProviderLedger> {
  const rows = await database.db.select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.kind, "payment_intent"));
  const charges = rows.map((row) => {
    const data = row.data as { metadata?: Record<string, string> };
    return {
      id: row.id,
      status: row.status,
      amountCents: row.amountCents ?? 0,
      currency: row.currency ?? "usd",
      bookingId: bookingIdOf(data.metadata),
      ...purchaseOf(data.metadata),
    };
  });
  const refundRows = await database.db.select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.kind, "refund"));
  const refunds = refundRows.map((row) => ({
    id: row.id,
    paymentIntentId: String((row.data as { paymentIntentId?: string }).paymentIntentId ?? ""),
    amountCents: row.amountCents ?? 0,
    status: row.status,
  }));
  const transferRows = await database.db.select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.kind, "transfer"));
  const transfers = transferRows.map((row) => {
    const data = row.data as { destination?: string; metadata?: Record<string, string> };
    return {
      id: row.id,
      amountCents: row.amountCents ?? 0,
      currency: row.currency ?? "usd",
      destination: data.destination ?? "",
      bookingId: bookingIdOf(data.metadata),
      reversed: row.status === "reversed",
    };
  });
  return { provider: "simulated", charges, refunds, transfers };
}

/** Every item of a Stripe list, through the SDK's auto-pagination (autoPagingToArray stops at 10,000). */
async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of list) items.push(item);
  return items;
}

async function readStripeLedger(options: NonNullable<Config["stripe"]>): Promise<ProviderLedger> {
  const stripe = new Stripe(options.secretKey, { ...apiBaseConfig(options.apiBase), telemetry: false });
  const intents = await all(stripe.paymentIntents.list({ limit: 100 }));
  const refunds = await all(stripe.refunds.list({ limit: 100 }));
  const transfers = await all(stripe.transfers.list({ limit: 100 }));
  return {
    provider: "stripe",
    charges: intents.map((pi) => ({
      id: pi.id,
      status: pi.status,
      amountCents: pi.amount_received || pi.amount,
      currency: pi.currency,
      bookingId: bookingIdOf(pi.metadata),
      ...purchaseOf(pi.metadata),
    })),
    refunds: refunds.map((re) => ({
      id: re.id,
      paymentIntentId: typeof re.payment_intent === "string" ? re.payment_intent : (re.payment_intent?.id ?? ""),
      amountCents: re.amount,
      status: re.status ?? "pending",
    })),
    transfers: transfers.map((tr) => ({
      id: tr.id,
      amountCents: tr.amount,
      currency: tr.currency,
      destination: typeof tr.destination === "string" ? tr.destination : (tr.destination?.id ?? ""),
      bookingId: bookingIdOf(tr.metadata),
      reversed: tr.reversed,
    })),
  };
}
