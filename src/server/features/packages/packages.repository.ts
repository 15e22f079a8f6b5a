import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { coaches, creditLedger, packagePurchases, packages, rates, users } from "../../db/schema/index";
import { instant, rowsOf, type Queryable, returnedRow } from "../../db/sql";

export type PackageRow = typeof packages.$inferSelect;
// The credits' reads and the ledger (features/credits) serve the purchases too.
export { balanceOf, findPurchaseByIntent, insertLedgerRow, lockPurchase, type PurchaseRow } from "../../db/credit-ledger";
import type { PurchaseRow } from "../../db/credit-ledger";

export { coachRowOfUser as findCoachOfUser } from "../../db/coach-of-user";

export async function insertPackage(db: Queryable, values: typeof packages.$inferInsert): Promise<PackageRow> {
  const rows = await db.insert(packages).values(values).returning();
  return returnedRow(rows, "the package");
}

export async function findPackage(db: Queryable, id: number): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1);
  return row;
}

export async function updatePackage(db: Queryable, id: number, patch: Partial<typeof packages.$inferInsert>): Promise<PackageRow> {
  const rows = await db.update(packages).set(patch).where(eq(packages.id, id)).returning();
  return returnedRow(rows, "the package");
}

/** A coach's packages on sale, fewest sessions first; `after` and `limit` page them (the cursor is the last one's count and id). */
export async function listActivePackagesOfCoach(
  db: Queryable,
  coachId: number,
  page: { after?: { sessionCount: number; id: number } | undefined; limit: number },
): Promise<PackageRow[]> {
  const after = page.after;
  return db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.coachId, coachId),
        isNull(packages.archivedAt),
        after ? sql`(${packages.sessionCount}, ${packages.id}) > (${after.sessionCount}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(packages.sessionCount), asc(packages.id))
    .limit(page.limit);
}

export async function listRatesOfCoach(db: Queryable, coachId: number) {
  return db
    .select({ sessionType: rates.sessionType, durationMinutes: rates.durationMinutes, rateCents: rates.rateCents })
    .from(rates)
    .where(eq(rates.coachId, coachId));
}

export async function findCoach(db: Queryable, coachId: number) {
  const [row] = await db
    .select({ id: coaches.id, userId: coaches.userId, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(eq(coaches.id, coachId))
    .limit(1);
  return row;
}

export async function insertPurchase(db: Queryable, values: typeof packagePurchases.$inferInsert): Promise<PurchaseRow> {
  const rows = await db.insert(packagePurchases).values(values).returning();
  return returnedRow(rows, "the purchase");
}

export async function findPurchase(db: Queryable, id: number): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(packagePurchases).where(eq(packagePurchases.id, id)).limit(1);
  return row;
}

/** Records the purchase's intent once; a concurrent call that lost keeps the first. */
export async function attachIntent(db: Queryable, id: number, paymentIntentId: string, now: Date): Promise<void> {
  await db
    .update(packagePurchases)
    .set({ paymentIntentId, updatedAt: now })
    .where(and(eq(packagePurchases.id, id), isNull(packagePurchases.paymentIntentId)));
}

export async function updatePurchase(tx: Tx, id: number, patch: Partial<typeof packagePurchases.$inferInsert>): Promise<PurchaseRow> {
  const rows = await tx.update(packagePurchases).set(patch).where(eq(packagePurchases.id, id)).returning();
  return returnedRow(rows, "the purchase");
}

/** Whether the purchase's unused credits were refunded already (its one refund row). */
export async function hasRefundRow(db: Queryable, purchaseId: number): Promise<boolean> {
  const rows = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.purchaseId, purchaseId), eq(creditLedger.kind, "refund")))
    .limit(1);
  return rows.length > 0;
}

/** Paid purchases past their expiry that still have credits (the expiry sweep's work). */
export async function listExpiredWithCredits(db: Queryable, now: Date, limit: number): Promise<number[]> {
  const rows = await db.execute(sql`
    select p.id from package_purchases p
    where p.status = 'paid' and p.expires_at <= ${instant(now)}
      and (select coalesce(sum(l.credits), 0) from credit_ledger l where l.purchase_id = p.id) > 0
    order by p.expires_at, p.id limit ${limit}`);
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}

/** Claims the 7-day notices due now: each purchase's notice is claimed once (the column is set in the same statement). */
export async function claimExpiryNotices(db: Queryable, now: Date, noticeBefore: Date, limit: number): Promise<PurchaseRow[]> {
  const due = await db
    .select({ id: packagePurchases.id })
    .from(packagePurchases)
    .where(
      and(
        eq(packagePurchases.status, "paid"),
        isNull(packagePurchases.expiryNoticeSentAt),
        gt(packagePurchases.expiresAt, now),
        lte(packagePurchases.expiresAt, noticeBefore),
        sql`(select coalesce(sum(l.credits), 0) from credit_ledger l where l.purchase_id = ${packagePurchases.id}) > 0`,
      ),
    )
    .limit(limit);
  if (due.length === 0) return [];
  return db
    .update(packagePurchases)
    .set({ expiryNoticeSentAt: now })
    .where(
      and(
        inArray(
          packagePurchases.id,
          due.map((d) => d.id),
        ),
        isNull(packagePurchases.expiryNoticeSentAt),
      ),
    )
    .returning();
}

/** Unpaid purchases whose checkout ran out, with an intent to check at the provider. */
export async function listLapsedPurchasesWithIntent(db: Queryable, now: Date, limit: number): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(packagePurchases)
    .where(
      and(eq(packagePurchases.status, "pending"), lte(packagePurchases.payBy, now), sql`${packagePurchases.paymentIntentId} is not null`),
    )
    .orderBy(asc(packagePurchases.payBy))
    .limit(limit);
}

/**
 * Checkouts that ran out before their intent was even recorded (the process died between the two):
 * nothing can pay them, so they close. A payment of their intent that still comes (its metadata
 * names the purchase) finds the purchase cancelled and is given back.
 */
export async function cancelLapsedPurchasesWithoutIntent(db: Queryable, now: Date): Promise<number> {
  const rows = await db
    .update(packagePurchases)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(packagePurchases.status, "pending"), lte(packagePurchases.payBy, now), isNull(packagePurchases.paymentIntentId)))
    .returning({ id: packagePurchases.id });
  return rows.length;
}
