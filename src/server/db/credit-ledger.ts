// The credit ledger's shared reads and writes (DESIGN.md 11): a purchase's balance, locking it, and
// appending a line. Both features that move credits use them: packages (buying, refunding, expiring)
// and credits (spending on a session and giving back).
import { eq, sql, type SQL } from "drizzle-orm";
import type { Tx } from "./client";
import { creditLedger, packagePurchases } from "./schema/index";
import type { Queryable } from "./sql";

export type PurchaseRow = typeof packagePurchases.$inferSelect;
export type LedgerRow = typeof creditLedger.$inferSelect;
export type NewLedgerRow = typeof creditLedger.$inferInsert;
export type Balance = { credits: number; valueCents: number; feeCents: number };

export async function findPurchaseByIntent(db: Queryable, paymentIntentId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(packagePurchases).where(eq(packagePurchases.paymentIntentId, paymentIntentId)).limit(1);
  return row;
}

export async function lockPurchase(tx: Tx, id: number): Promise<PurchaseRow | undefined> {
  const [row] = await tx.select().from(packagePurchases).where(eq(packagePurchases.id, id)).for("update");
  return row;
}

export async function insertLedgerRow(tx: Tx, values: NewLedgerRow): Promise<void> {
  await ledgerRowInsert(tx, values);
}

/** insertLedgerRow's statement, to run in another's (a credit booking's last statement). */
export function ledgerRowStatement(tx: Tx, values: NewLedgerRow): SQL {
  return ledgerRowInsert(tx, values).getSQL();
}

const ledgerRowInsert = (tx: Tx, values: NewLedgerRow) => tx.insert(creditLedger).values(values);

export async function balanceOf(db: Queryable, purchaseId: number): Promise<Balance> {
  const [row] = await db
    .select({
      credits: sql<number>`coalesce(sum(${creditLedger.credits}), 0)::int`,
      valueCents: sql<number>`coalesce(sum(${creditLedger.valueCents}), 0)::int`,
      feeCents: sql<number>`coalesce(sum(${creditLedger.feeCents}), 0)::int`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.purchaseId, purchaseId));
  return { credits: Number(row?.credits ?? 0), valueCents: Number(row?.valueCents ?? 0), feeCents: Number(row?.feeCents ?? 0) };
}
