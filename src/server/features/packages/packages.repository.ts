import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { bookings, coaches, creditLedger, packagePurchases, packages, rates, users } from "../../db/schema/index";
import { instant, rowsOf, type Queryable, returnedRow } from "../../db/sql";
import { joinCoachUser } from "../../db/people";
import { present } from "../../present";

export type PackageRow = typeof packages.$inferSelect;
export type PurchaseRow = typeof packagePurchases.$inferSelect;
export type LedgerRow = typeof creditLedger.$inferSelect;
export type NewLedgerRow = typeof creditLedger.$inferInsert;
export type Balance = { credits: number; valueCents: number; feeCents: number };

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

export async function findPurchaseByIntent(db: Queryable, paymentIntentId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(packagePurchases).where(eq(packagePurchases.paymentIntentId, paymentIntentId)).limit(1);
  return row;
}

export async function lockPurchase(tx: Tx, id: number): Promise<PurchaseRow | undefined> {
  const [row] = await tx.select().from(packagePurchases).where(eq(packagePurchases.id, id)).for("update");
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

export async function insertLedgerRow(tx: Tx, values: NewLedgerRow): Promise<void> {
  await tx.insert(creditLedger).values(values);
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

/**
 * The family's paid, unexpired purchases that credits of this coach, kind and duration can come
 * from, locked in id order (so two bookings of one family never lock them the other way round),
 * the soonest to expire first.
 */
export async function lockUsablePurchases(
  tx: Tx,
  where: { familyId: number; coachId: number; sessionType: "individual" | "group"; durationMinutes: number; now: Date },
): Promise<PurchaseRow[]> {
  const rows = await tx
    .select()
    .from(packagePurchases)
    .where(
      and(
        eq(packagePurchases.familyId, where.familyId),
        eq(packagePurchases.coachId, where.coachId),
        eq(packagePurchases.sessionType, where.sessionType),
        eq(packagePurchases.durationMinutes, where.durationMinutes),
        eq(packagePurchases.status, "paid"),
        gt(packagePurchases.expiresAt, where.now),
      ),
    )
    .orderBy(asc(packagePurchases.id))
    .for("update");
  const expiry = (p: PurchaseRow) => present(p.expiresAt, "the expiry of a paid purchase").getTime();
  return rows.sort((a, b) => expiry(a) - expiry(b) || a.id - b.id);
}

export async function findLedgerRowOfBooking(db: Queryable, bookingId: number, kind: "redeem" | "release"): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.bookingId, bookingId), eq(creditLedger.kind, kind)))
    .limit(1);
  return row;
}

const coachUser = alias(users, "coach_user");
const buyer = alias(users, "buyer");

const creditColumns = {
  purchase: packagePurchases,
  coachFirstName: coachUser.firstName,
  coachLastName: coachUser.lastName,
  buyerFirstName: buyer.firstName,
  buyerLastName: buyer.lastName,
  credits: sql<number>`(select coalesce(sum(l.credits), 0)::int from credit_ledger l where l.purchase_id = ${packagePurchases.id})`,
  expired: sql<boolean>`exists (select 1 from credit_ledger l where l.purchase_id = ${packagePurchases.id} and l.kind = 'expiry')`,
  refunded: sql<boolean>`exists (select 1 from credit_ledger l where l.purchase_id = ${packagePurchases.id} and l.kind = 'refund')`,
  /** What the unused credits still carry of the price and fee: a refund now gives back exactly this. */
  centsLeft: sql<number>`(select coalesce(sum(l.value_cents + l.fee_cents), 0)::int from credit_ledger l where l.purchase_id = ${packagePurchases.id})`,
};
/** Every read of a credit: the paid purchase with its coach's and its buyer's names. */
const selectCredits = (db: Queryable) =>
  joinCoachUser(db.select(creditColumns).from(packagePurchases).$dynamic(), packagePurchases.coachId, coachUser).innerJoin(
    buyer,
    eq(buyer.id, packagePurchases.buyerId),
  );

export type CreditRow = {
  purchase: PurchaseRow;
  coachFirstName: string | null;
  coachLastName: string | null;
  buyerFirstName: string | null;
  buyerLastName: string | null;
  credits: number;
  expired: boolean;
  refunded: boolean;
  centsLeft: number;
};

/** Paid purchases of a family (or sold by a coach), newest first, `limit` after the cursor id. */
export async function listCredits(
  db: Queryable,
  owner: { familyId: number } | { coachId: number } | "everyone",
  options: { beforeId?: number; limit: number; coachId?: number },
): Promise<CreditRow[]> {
  const rows = await selectCredits(db)
    .where(
      and(
        owner === "everyone"
          ? undefined
          : "familyId" in owner
            ? eq(packagePurchases.familyId, owner.familyId)
            : eq(packagePurchases.coachId, owner.coachId),
        eq(packagePurchases.status, "paid"),
        options.coachId !== undefined ? eq(packagePurchases.coachId, options.coachId) : undefined,
        options.beforeId !== undefined ? lt(packagePurchases.id, options.beforeId) : undefined,
      ),
    )
    .orderBy(desc(packagePurchases.id))
    .limit(options.limit);
  return rows.map((r) => ({ ...r, credits: Number(r.credits), centsLeft: Number(r.centsLeft) }));
}

export async function findCredit(db: Queryable, purchaseId: number): Promise<CreditRow | undefined> {
  const [row] = await selectCredits(db)
    .where(and(eq(packagePurchases.id, purchaseId), eq(packagePurchases.status, "paid")))
    .limit(1);
  return row ? { ...row, credits: Number(row.credits), centsLeft: Number(row.centsLeft) } : undefined;
}

export async function listLedger(db: Queryable, purchaseId: number) {
  return db
    .select({ line: creditLedger, sessionStartsAt: bookings.startsAt })
    .from(creditLedger)
    .leftJoin(bookings, eq(bookings.id, creditLedger.bookingId))
    .where(eq(creditLedger.purchaseId, purchaseId))
    .orderBy(asc(creditLedger.id));
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
