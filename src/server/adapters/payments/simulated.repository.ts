import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { simulatedPaymentObjects } from "../../db/schema/index";
import { returnedRow, type Queryable } from "../../db/sql";

export type SimulatedObjectKind = "payment_intent" | "account" | "refund" | "transfer";
export type SimulatedObjectRow = typeof simulatedPaymentObjects.$inferSelect;
export type NewSimulatedObjectRow = typeof simulatedPaymentObjects.$inferInsert;

/**
 * Serialises creates that share an idempotency key until the transaction ends, for an object whose
 * making reads and checks others first (a refund, a transfer): the second waits and finds the
 * first's object instead of failing on the unique index. A row lock cannot do this (there is no
 * row yet when two requests race).
 */
export async function lockIdempotencyKey(tx: Tx, kind: SimulatedObjectKind, idempotencyKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`simulated:${kind}:${idempotencyKey}`}, 0))`);
}

export async function findByIdempotencyKey(
  db: Queryable,
  kind: SimulatedObjectKind,
  idempotencyKey: string,
): Promise<SimulatedObjectRow | undefined> {
  const rows = await db
    .select()
    .from(simulatedPaymentObjects)
    .where(and(eq(simulatedPaymentObjects.kind, kind), eq(simulatedPaymentObjects.idempotencyKey, idempotencyKey)))
    .limit(1);
  return rows[0];
}

export async function findObject(db: Queryable, kind: SimulatedObjectKind, id: string): Promise<SimulatedObjectRow | undefined> {
  const rows = await db
    .select()
    .from(simulatedPaymentObjects)
    .where(and(eq(simulatedPaymentObjects.kind, kind), eq(simulatedPaymentObjects.id, id)))
    .limit(1);
  return rows[0];
}

/** The same row, locked until the transaction ends, so two confirmations of one intent run one after the other. */
export async function findObjectForUpdate(tx: Tx, kind: SimulatedObjectKind, id: string): Promise<SimulatedObjectRow | undefined> {
  const rows = await tx
    .select()
    .from(simulatedPaymentObjects)
    .where(and(eq(simulatedPaymentObjects.kind, kind), eq(simulatedPaymentObjects.id, id)))
    .limit(1)
    .for("update");
  return rows[0];
}

export async function findRefundOfIntent(db: Queryable, paymentIntentId: string): Promise<SimulatedObjectRow | undefined> {
  const rows = await db
    .select()
    .from(simulatedPaymentObjects)
    .where(and(eq(simulatedPaymentObjects.kind, "refund"), sql`${simulatedPaymentObjects.data}->>'paymentIntentId' = ${paymentIntentId}`))
    .limit(1);
  return rows[0];
}

/** Every refund of an intent, oldest first. */
export async function listRefundsOfIntent(db: Queryable, paymentIntentId: string): Promise<SimulatedObjectRow[]> {
  return db
    .select()
    .from(simulatedPaymentObjects)
    .where(and(eq(simulatedPaymentObjects.kind, "refund"), sql`${simulatedPaymentObjects.data}->>'paymentIntentId' = ${paymentIntentId}`))
    .orderBy(simulatedPaymentObjects.createdAt, simulatedPaymentObjects.id);
}

/** What the refunds of an intent gave back so far (a shared checkout is refunded booking by booking). */
export async function refundedCentsOfIntent(db: Queryable, paymentIntentId: string): Promise<number> {
  const rows = await db
    .select({ cents: sql<number>`coalesce(sum(${simulatedPaymentObjects.amountCents}), 0)::int` })
    .from(simulatedPaymentObjects)
    .where(and(eq(simulatedPaymentObjects.kind, "refund"), sql`${simulatedPaymentObjects.data}->>'paymentIntentId' = ${paymentIntentId}`));
  return rows[0]?.cents ?? 0;
}

export async function findTransferOfGroup(db: Queryable, transferGroup: string): Promise<SimulatedObjectRow | undefined> {
  const rows = await db
    .select()
    .from(simulatedPaymentObjects)
    // A reversed transfer (taken back) does not count as paid, as at Stripe.
    .where(
      and(
        eq(simulatedPaymentObjects.kind, "transfer"),
        sql`${simulatedPaymentObjects.data}->>'transferGroup' = ${transferGroup}`,
        sql`${simulatedPaymentObjects.status} <> 'reversed'`,
      ),
    )
    .orderBy(simulatedPaymentObjects.createdAt)
    .limit(1);
  return rows[0];
}

export async function insertObject(db: Queryable, values: NewSimulatedObjectRow): Promise<SimulatedObjectRow> {
  return returnedRow(await db.insert(simulatedPaymentObjects).values(values).returning(), "the new payment object");
}

/** The new object, or undefined when its kind and idempotency key are taken: the unique index decides, however many race. */
export async function insertObjectUnlessKeyTaken(db: Queryable, values: NewSimulatedObjectRow): Promise<SimulatedObjectRow | undefined> {
  const rows = await db
    .insert(simulatedPaymentObjects)
    .values(values)
    .onConflictDoNothing({ target: [simulatedPaymentObjects.kind, simulatedPaymentObjects.idempotencyKey] })
    .returning();
  return rows[0];
}

/**
 * An intent neither paid nor cancelled marked paid by a card ending in `cardLast4` (its last error
 * cleared), in one statement; undefined when it is missing, paid or cancelled (the update re-checks
 * that on the row it waited for, so two confirmations of one intent pay it once).
 */
export async function payIntentIfPayable(db: Queryable, id: string, cardLast4: string, now: Date): Promise<SimulatedObjectRow | undefined> {
  const rows = await db
    .update(simulatedPaymentObjects)
    .set({
      status: "succeeded",
      data: sql`(${simulatedPaymentObjects.data} - 'lastError') || jsonb_build_object('cardLast4', ${cardLast4}::text)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(simulatedPaymentObjects.kind, "payment_intent"),
        eq(simulatedPaymentObjects.id, id),
        sql`${simulatedPaymentObjects.status} not in ('succeeded', 'canceled')`,
      ),
    )
    .returning();
  return rows[0];
}

export async function updateObject(
  db: Queryable,
  id: string,
  patch: Partial<Pick<NewSimulatedObjectRow, "status" | "amountCents" | "data" | "updatedAt">>,
): Promise<SimulatedObjectRow> {
  const rows = await db.update(simulatedPaymentObjects).set(patch).where(eq(simulatedPaymentObjects.id, id)).returning();
  return returnedRow(rows, `payment object ${id}`);
}
