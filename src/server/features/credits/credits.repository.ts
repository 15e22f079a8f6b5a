// Credits: a family's prepaid sessions, kept as an append-only ledger per package purchase (DESIGN.md 11).
// Their own feature so bookings can spend and give back credits without depending on packages.
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { bookings, creditLedger, packagePurchases, users } from "../../db/schema/index";
import { type Queryable } from "../../db/sql";
import { joinCoachUser } from "../../db/people";
import { present } from "../../present";

export {
  balanceOf,
  findPurchaseByIntent,
  insertLedgerRow,
  ledgerRowStatement,
  lockPurchase,
  type LedgerRow,
  type PurchaseRow,
} from "../../db/credit-ledger";
import type { LedgerRow, PurchaseRow } from "../../db/credit-ledger";

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
