import {
  CREDIT_LEDGER_LABELS,
  PackageMessages,
  type Credit,
  type CreditLedger,
  type CreditLedgerLine,
  type CreditState,
} from "@contract/packages";
import { centsToDecimal } from "@contract/money";
import type { SQL } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { familyIdOfUser } from "../../db/families";
import type { AppDeps } from "../../deps";
import { ErrorCode } from "@contract/error-basics";
import { notFound, refused } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./credits.repository";
import { coachRowOfUser as findCoachOfUser } from "../../db/coach-of-user";
import { present } from "../../present";

/**
 * The credits' ledger (DESIGN.md 11). Credits are spent and given back only here, inside the
 * caller's transaction, which already holds the slot's lock; the purchase rows are locked next
 * (slot, then booking, then purchase: the one lock order), and the database's trigger refuses any
 * row that would take a balance out of range, so a credit is never spent twice.
 */

export type CreditSpend = { purchaseId: number; valueCents: number; feeCents: number };

/**
 * The money and state of a booking paid with this credit: the credit's share of the package's
 * price and fee, no tip, the coach earning the price share; confirmed and paid from the package.
 */
export function creditPaidBooking(spend: CreditSpend, now: Date) {
  return {
    rateCents: spend.valueCents,
    platformFeeCents: spend.feeCents,
    tipCents: 0,
    totalCents: spend.valueCents + spend.feeCents,
    coachEarningsCents: spend.valueCents,
    status: "confirmed" as const,
    paymentStatus: "completed" as const,
    packagePurchaseId: spend.purchaseId,
    confirmedAt: now,
    updatedAt: now,
  };
}

/**
 * Picks the family's credit for a session of this coach, kind and duration (the one expiring
 * first) and says what the session carries of it: the package's price and fee divided by its
 * sessions, in cents, the last credit carrying what is left (so the shares add up to the price
 * exactly, whatever was cancelled in between). 409 when none remains.
 */
export async function chooseCredit(
  tx: Tx,
  where: { familyId: number; coachId: number; sessionType: "individual" | "group"; durationMinutes: number; now: Date },
): Promise<CreditSpend> {
  for (const purchase of await repo.lockUsablePurchases(tx, where)) {
    const balance = await repo.balanceOf(tx, purchase.id);
    if (balance.credits <= 0) continue;
    const isLast = balance.credits === 1;
    return {
      purchaseId: purchase.id,
      valueCents: isLast ? balance.valueCents : Math.floor(purchase.priceCents / purchase.sessionCount),
      feeCents: isLast ? balance.feeCents : Math.floor(purchase.platformFeeCents / purchase.sessionCount),
    };
  }
  throw refused(ErrorCode.NO_CREDIT, PackageMessages.NO_CREDIT);
}

/** The credit chosen for a booking is spent: a redeem row naming the booking. */
export async function spendCredit(tx: Tx, spend: CreditSpend, bookingId: number, now: Date): Promise<void> {
  await repo.insertLedgerRow(tx, redeemRow(spend, bookingId, now));
}

/**
 * spendCredit's redeem row as a statement, for the caller to send with its last write in the same
 * transaction (a credit booking's: the slot's availability and the calendar's events).
 */
export function spendCreditStatement(tx: Tx, spend: CreditSpend, bookingId: number, now: Date): SQL {
  return repo.ledgerRowStatement(tx, redeemRow(spend, bookingId, now));
}

const redeemRow = (spend: CreditSpend, bookingId: number, now: Date) => ({
  purchaseId: spend.purchaseId,
  kind: "redeem" as const,
  credits: -1,
  valueCents: -spend.valueCents,
  feeCents: -spend.feeCents,
  bookingId,
  createdAt: now,
});

/**
 * A booking paid with a credit was cancelled under the 24-hour rule or by the coach: its credit goes
 * back (a release row naming the booking), once. A credit given back after its purchase expired is
 * void at once (an expiry row). True when a credit was given back.
 */
export async function releaseCredit(tx: Tx, bookingId: number, now: Date): Promise<boolean> {
  const redeem = await repo.findLedgerRowOfBooking(tx, bookingId, "redeem");
  if (!redeem) return false;
  const purchase = await repo.lockPurchase(tx, redeem.purchaseId);
  if (!purchase) return false;
  if (await repo.findLedgerRowOfBooking(tx, bookingId, "release")) return false;
  await repo.insertLedgerRow(tx, {
    purchaseId: purchase.id,
    kind: "release",
    credits: 1,
    valueCents: -redeem.valueCents,
    feeCents: -redeem.feeCents,
    bookingId,
    createdAt: now,
  });
  if (purchase.expiresAt && purchase.expiresAt <= now) await voidCredits(tx, purchase.id, now);
  return true;
}

/** Writes the expiry row of whatever is left of a purchase (the caller holds its lock). */
export async function voidCredits(tx: Tx, purchaseId: number, now: Date): Promise<number> {
  const balance = await repo.balanceOf(tx, purchaseId);
  if (balance.credits <= 0) return 0;
  await repo.insertLedgerRow(tx, {
    purchaseId,
    kind: "expiry",
    credits: -balance.credits,
    valueCents: -balance.valueCents,
    feeCents: -balance.feeCents,
    createdAt: now,
  });
  return balance.credits;
}

/**
 * The charge of a package purchase was disputed or refunded outside the app (DESIGN.md 12): its
 * unused credits are void at once (an expiry row), so none is spent on money the bank or the
 * provider's dashboard gave back. Answers how many were voided (0 when the charge paid no package).
 */
export async function voidCreditsOfCharge(deps: AppDeps, paymentIntentId: string): Promise<number> {
  const purchase = await repo.findPurchaseByIntent(deps.database.db, paymentIntentId);
  if (!purchase) return 0;
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    await repo.lockPurchase(tx, purchase.id);
    return voidCredits(tx, purchase.id, now);
  });
}

/** A credit is a paid purchase: its payment time and expiry were set when it was paid. */
function paidPurchase(p: repo.CreditRow["purchase"]): { paidAt: Date; expiresAt: Date } {
  return { paidAt: present(p.paidAt, "the payment time of a credit"), expiresAt: present(p.expiresAt, "the expiry of a credit") };
}

function stateOf(row: repo.CreditRow, now: Date): CreditState {
  if (row.credits > 0) return paidPurchase(row.purchase).expiresAt <= now ? "expired" : "active";
  if (row.refunded) return "refunded";
  if (row.expired) return "expired";
  return "used";
}

const fullName = (first: string | null, last: string | null, fallback: string) =>
  [first, last].filter(Boolean).join(" ").trim() || fallback;

export function toApiCredit(row: repo.CreditRow, now: Date, forCoach = false): Credit {
  const p = row.purchase;
  const credit: Credit = {
    id: p.id,
    packageId: p.packageId,
    title: p.title,
    coachId: p.coachId,
    coachName: fullName(row.coachFirstName, row.coachLastName, "Coach"),
    sessionType: p.sessionType,
    duration: p.durationMinutes,
    total: p.sessionCount,
    remaining: Math.max(0, row.credits),
    expiresAt: paidPurchase(p).expiresAt.toISOString(),
    purchasedAt: paidPurchase(p).paidAt.toISOString(),
    state: stateOf(row, now),
    price: centsToDecimal(p.priceCents),
    totalPaid: centsToDecimal(p.totalCents),
    remainingValue: centsToDecimal(row.credits > 0 ? Math.max(0, row.centsLeft) : 0),
  };
  if (forCoach) credit.familyName = fullName(row.buyerFirstName, row.buyerLastName, "Family");
  return credit;
}

const PAGE_SIZE = 50;

/**
 * GET /api/credits: a family's credits (any guardian sees the same), for a coach the credits
 * families bought of them, for an admin every family's (`coachId` narrows it); newest first, paged
 * by `cursor` (the last id of the page before).
 */
export async function listCredits(
  deps: AppDeps,
  user: UserRow,
  options: { cursor?: number; coachId?: number },
): Promise<{ credits: Credit[]; nextCursor: string | null }> {
  const db = deps.database.db;
  const now = deps.clock.now();
  let rows: repo.CreditRow[];
  let forCoach = false;
  if (user.userType === "admin") {
    forCoach = true;
    rows = await repo.listCredits(db, "everyone", { beforeId: options.cursor, limit: PAGE_SIZE + 1, coachId: options.coachId });
  } else if (user.userType === "coach") {
    const coach = await findCoachOfUser(db, user.id);
    if (!coach) return { credits: [], nextCursor: null };
    forCoach = true;
    rows = await repo.listCredits(db, { coachId: coach.id }, { beforeId: options.cursor, limit: PAGE_SIZE + 1 });
  } else {
    const familyId = await familyIdOfUser(db, user.id);
    // An admin has no family (and no credits of their own).
    if (familyId === null) return { credits: [], nextCursor: null };
    rows = await repo.listCredits(db, { familyId }, { beforeId: options.cursor, limit: PAGE_SIZE + 1, coachId: options.coachId });
  }
  const page = rows.slice(0, PAGE_SIZE);
  return {
    credits: page.map((r) => toApiCredit(r, now, forCoach)),
    nextCursor: rows.length > PAGE_SIZE && page.length > 0 ? String(present(page.at(-1), "the last credit of the page").purchase.id) : null,
  };
}

/** A paid purchase's credit as the API shows it, or undefined when the purchase is not paid. */
export async function creditOfPurchase(deps: AppDeps, purchaseId: number, forCoach = false): Promise<Credit | undefined> {
  const row = await repo.findCredit(deps.database.db, purchaseId);
  return row ? toApiCredit(row, deps.clock.now(), forCoach) : undefined;
}

/** The purchase's credit as the caller may see it: its family, its coach, or an admin; anyone else 404. */
export async function requireVisibleCredit(deps: AppDeps, user: UserRow, purchaseId: number): Promise<repo.CreditRow> {
  const db = deps.database.db;
  const row = await repo.findCredit(db, purchaseId);
  if (!row) throw notFound(PackageMessages.CREDIT_NOT_FOUND);
  if (user.userType === "admin") return row;
  if (user.userType === "coach") {
    const coach = await findCoachOfUser(db, user.id);
    if (coach?.id === row.purchase.coachId) return row;
    throw notFound(PackageMessages.CREDIT_NOT_FOUND);
  }
  if ((await familyIdOfUser(db, user.id)) !== row.purchase.familyId) throw notFound(PackageMessages.CREDIT_NOT_FOUND);
  return row;
}

/** GET /api/credits/{id}/ledger: every line with the balance after it ("balance and why"). */
export async function getCreditLedger(deps: AppDeps, user: UserRow, purchaseId: number): Promise<CreditLedger> {
  const row = await requireVisibleCredit(deps, user, purchaseId);
  const lines = await repo.listLedger(deps.database.db, purchaseId);
  let balance = 0;
  const out: CreditLedgerLine[] = lines.map(({ line, sessionStartsAt }) => {
    balance += line.credits;
    return {
      id: line.id,
      kind: line.kind,
      label: CREDIT_LEDGER_LABELS[line.kind],
      change: line.credits,
      balance,
      amount: centsToDecimal(line.valueCents + line.feeCents),
      bookingId: line.bookingId,
      sessionStartsAt: sessionStartsAt?.toISOString() ?? null,
      paymentIntentId: line.paymentIntentId,
      createdAt: line.createdAt.toISOString(),
    };
  });
  return { credit: toApiCredit(row, deps.clock.now(), user.userType !== "player"), lines: out };
}
