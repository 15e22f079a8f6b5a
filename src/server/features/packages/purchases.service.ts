// Over 300 lines: a package purchase's whole life (checkout, settlement, refund of unused credits, expiry, lapsed checkouts) shares the purchase's checks and the family's e-mails.
import { BOOKING_HOLD_MINUTES } from "@contract/bookings";
import { centsToDecimal, platformFeeCents, totalCents } from "@contract/money";
import {
  CREDIT_EXPIRY_NOTICE_DAYS,
  PackageMessages,
  packageFamilyPrices,
  type Credit,
  type CreditRefundResponse,
  type PurchaseResponse,
} from "@contract/packages";
import { PaymentMessages } from "@contract/payments";
import { idempotencyKeys } from "../../adapters/payments/idempotency-keys";
import type { PaymentIntent, RefundedInFull, SucceededIntent } from "../../adapters/payments/provider";
import { athletesOfFamily, familyAudience, familyIdOfUser } from "../../db/families";
import type { RefundReason } from "../../db/schema/index";
import type { AppDeps } from "../../deps";
import { callProvider } from "../../http/call-provider";
import { ErrorCode } from "@contract/error-basics";
import { conflict, forbidden, notFound, refused } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { scheduleRefund, sendRefund } from "../bookings/refunds.service";
import { creditOfPurchase, requireVisibleCredit, voidCredits } from "../credits/credits.service";
import * as repo from "./packages.repository";
import { fullName } from "@contract/names";
import { present } from "../../present";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const SWEEP_BATCH = 100;

/**
 * Buying a package (DESIGN.md 11): a purchase is paid through the same provider and checkout as a
 * booking (the platform fee on top), and only a succeeded payment, settled while its checkout lasts,
 * grants the credits: the settlement is idempotent (client confirmation, webhook, card form, sweep,
 * in any order, any number of times), and a payment that comes too late, twice, or for the wrong
 * amount is given back in full through the one refund module.
 */

const coachNameOf = (c: { firstName: string | null; lastName: string | null } | undefined) => fullName(c) || "your coach";

/** POST /api/packages/{id}/purchase */
export async function startPurchase(
  deps: AppDeps,
  user: UserRow,
  packageId: number,
  input: { athleteId?: number | null },
): Promise<PurchaseResponse> {
  const db = deps.database.db;
  const pkg = await repo.findPackage(db, packageId);
  if (!pkg || pkg.archivedAt) throw notFound(PackageMessages.PACKAGE_NOT_FOUND);
  const familyId = await familyIdOfUser(db, user.id);
  if (familyId === null) throw forbidden(PackageMessages.PLAYERS_ONLY);
  if (input.athleteId != null) {
    const athletes = await athletesOfFamily(db, familyId);
    if (!athletes.some((a) => a.id === input.athleteId)) throw notFound(PackageMessages.ATHLETE_NOT_FOUND);
  }
  const now = deps.clock.now();
  const purchase = await repo.insertPurchase(db, {
    packageId: pkg.id,
    coachId: pkg.coachId,
    familyId,
    buyerId: user.id,
    athleteId: input.athleteId ?? null,
    title: pkg.title,
    sessionType: pkg.sessionType,
    durationMinutes: pkg.durationMinutes,
    sessionCount: pkg.sessionCount,
    priceCents: pkg.priceCents,
    platformFeeCents: platformFeeCents(pkg.priceCents),
    totalCents: totalCents(pkg.priceCents),
    validDays: pkg.validDays,
    status: "pending",
    payBy: new Date(now.getTime() + BOOKING_HOLD_MINUTES * MINUTE_MS),
    createdAt: now,
    updatedAt: now,
  });
  const [coach, rates] = await Promise.all([repo.findCoach(db, pkg.coachId), repo.listRatesOfCoach(db, pkg.coachId)]);
  const single = rates.find((r) => r.sessionType === pkg.sessionType && r.durationMinutes === pkg.durationMinutes);
  const family = packageFamilyPrices(purchase.priceCents, purchase.sessionCount, single ? single.rateCents : null);
  const intent = await callProvider(deps, "create intent", PaymentMessages.PROVIDER_ERROR, () =>
    deps.payments.createPaymentIntent({
      amountCents: purchase.totalCents,
      idempotencyKey: idempotencyKeys.purchasePaymentIntent(purchase.id, purchase.totalCents),
      description: `Lacrosse training package "${purchase.title}" (purchase ${purchase.id})`,
      metadata: {
        purchaseId: String(purchase.id),
        packageId: String(pkg.id),
        studentId: String(user.id),
        coachId: String(pkg.coachId),
      },
    }),
  );
  await repo.attachIntent(db, purchase.id, intent.id, deps.clock.now());
  const response: PurchaseResponse = {
    purchaseId: purchase.id,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    totalAmount: centsToDecimal(purchase.totalCents),
    price: centsToDecimal(purchase.priceCents),
    platformFee: centsToDecimal(purchase.platformFeeCents),
    title: purchase.title,
    coachName: coachNameOf(coach),
    sessionCount: purchase.sessionCount,
    sessionType: purchase.sessionType,
    duration: purchase.durationMinutes,
    coachId: purchase.coachId,
    familyPricePerSession: centsToDecimal(family.perSessionCents),
    singleSessionFamilyPrice: family.singleSessionCents === null ? null : centsToDecimal(family.singleSessionCents),
    familySaving: family.savingCents === null ? null : centsToDecimal(family.savingCents),
    validDays: purchase.validDays,
    // The credits run validDays from the payment, as settlement sets them (expiresAt).
    validUntil: new Date(now.getTime() + purchase.validDays * DAY_MS).toISOString(),
    payBy: purchase.payBy.toISOString(),
    provider: deps.payments.kind,
  };
  if (deps.payments.publishableKey) response.publishableKey = deps.payments.publishableKey;
  return response;
}

/** The purchase an intent pays: by its id, else by the intent's metadata (an answer lost before it was recorded). */
export async function findPurchaseOfIntent(
  deps: AppDeps,
  paymentIntentId: string,
  metadata?: Record<string, string>,
): Promise<repo.PurchaseRow | undefined> {
  const byIntent = await repo.findPurchaseByIntent(deps.database.db, paymentIntentId);
  if (byIntent) return byIntent;
  const id = Number(metadata?.purchaseId);
  return Number.isInteger(id) && id > 0 ? repo.findPurchase(deps.database.db, id) : undefined;
}

/** The caller's family's purchase paid by this intent; another family's answers 404. */
export async function requireOwnPurchase(deps: AppDeps, user: UserRow, purchase: repo.PurchaseRow): Promise<repo.PurchaseRow> {
  if ((await familyIdOfUser(deps.database.db, user.id)) !== purchase.familyId) throw notFound(PaymentMessages.PAYMENT_NOT_FOUND);
  return purchase;
}

/** The card form refuses a checkout that ran out or was already paid, before any money moves. */
export function requirePurchasePayable(purchase: repo.PurchaseRow, now: Date): void {
  if (purchase.status === "paid") throw refused(ErrorCode.ALREADY_PAID, PackageMessages.ALREADY_PAID);
  if (purchase.status === "cancelled" || purchase.payBy <= now) throw refused(ErrorCode.CHECKOUT_EXPIRED, PackageMessages.CHECKOUT_EXPIRED);
}

export type PurchaseSettleOutcome =
  { kind: "paid"; purchaseId: number } | { kind: "unchanged"; purchaseId: number } | ({ purchaseId: number } & RefundedInFull);

/**
 * A payment of the purchase succeeded. Grants the credits once (the purchase row of the ledger);
 * a payment that came after the checkout ran out, for another amount or currency, or after another
 * payment already bought the package, buys nothing and is refunded in full.
 */
export async function settlePurchase(deps: AppDeps, purchaseId: number, intent: SucceededIntent): Promise<PurchaseSettleOutcome> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const outcome = await db.transaction(async (tx): Promise<PurchaseSettleOutcome> => {
    const purchase = await repo.lockPurchase(tx, purchaseId);
    if (!purchase) throw notFound(PackageMessages.PURCHASE_NOT_FOUND);
    const giveBack = async (reason: RefundReason, cancel: boolean): Promise<PurchaseSettleOutcome> => {
      if (cancel) await repo.updatePurchase(tx, purchaseId, { status: "cancelled", paymentIntentId: intent.id, updatedAt: now });
      await scheduleRefund(tx, { purchaseId, paymentIntentId: intent.id, amountCents: intent.amountCents, reason }, now);
      return { kind: "refunded", purchaseId, paymentIntentId: intent.id, refund: "pending" };
    };
    if (purchase.status === "paid") {
      return purchase.paymentIntentId === intent.id ? { kind: "unchanged", purchaseId } : giveBack("duplicate_payment", false);
    }
    if (purchase.status === "cancelled") {
      // Its payment was already given back (or is this one, seen again): nothing more to do.
      return purchase.paymentIntentId === intent.id ? { kind: "unchanged", purchaseId } : giveBack("not_honoured", false);
    }
    if (purchase.paymentIntentId && purchase.paymentIntentId !== intent.id) return giveBack("duplicate_payment", false);
    if ((intent.currency !== undefined && intent.currency.toLowerCase() !== "usd") || intent.amountCents !== purchase.totalCents) {
      return giveBack("amount_mismatch", true);
    }
    if (purchase.payBy <= now) return giveBack("not_honoured", true);
    await repo.updatePurchase(tx, purchaseId, {
      status: "paid",
      paymentIntentId: intent.id,
      paidAt: now,
      expiresAt: new Date(now.getTime() + purchase.validDays * DAY_MS),
      updatedAt: now,
    });
    await repo.insertLedgerRow(tx, {
      purchaseId,
      kind: "purchase",
      credits: purchase.sessionCount,
      valueCents: purchase.priceCents,
      feeCents: purchase.platformFeeCents,
      paymentIntentId: intent.id,
      createdAt: now,
    });
    return { kind: "paid", purchaseId };
  });
  if (outcome.kind === "refunded") return { ...outcome, refund: await sendRefund(deps, outcome.paymentIntentId, null) };
  if (outcome.kind === "paid") await notifyPurchased(deps, purchaseId);
  return outcome;
}

/** Every guardian of the family (and a minor holder's parent), by the one audience rule (DESIGN.md 11). */
async function mailFamily(deps: AppDeps, familyId: number, subject: string, text: string): Promise<void> {
  const { emails } = await familyAudience(deps.database.db, { familyId }, deps.clock.now());
  for (const to of emails) {
    try {
      await deps.mailer.send({ to, subject, text });
    } catch (err) {
      deps.logger.error({ err, familyId }, "could not send a credits e-mail");
    }
  }
}

/** The day a paid purchase's credits expire, as the e-mails write it. */
function expiryDay(purchase: repo.PurchaseRow): string {
  return present(purchase.expiresAt, "the expiry of a paid purchase").toISOString().slice(0, 10);
}

async function notifyPurchased(deps: AppDeps, purchaseId: number): Promise<void> {
  const purchase = present(await repo.findPurchase(deps.database.db, purchaseId), "the purchase just paid");
  const coach = await repo.findCoach(deps.database.db, purchase.coachId);
  await mailFamily(
    deps,
    purchase.familyId,
    `Your package with ${coachNameOf(coach)}: ${purchase.sessionCount} sessions`,
    [
      `Thank you! "${purchase.title}" is paid: $${centsToDecimal(purchase.totalCents)}.`,
      `You have ${purchase.sessionCount} credits for ${purchase.durationMinutes}-minute ${purchase.sessionType} sessions with ${coachNameOf(coach)}, valid until ${expiryDay(purchase)}.`,
      `Book with a credit: ${deps.config.appUrl}/book-coach/${purchase.coachId}`,
    ].join("\n"),
  );
}

/** What the family's checkout sees after a payment call: the credit once granted. */
export async function purchaseConfirmation(
  deps: AppDeps,
  purchaseId: number,
): Promise<{ purchaseId: number; status: "paid" | "pending" | "cancelled"; credit: Credit | null }> {
  const purchase = present(await repo.findPurchase(deps.database.db, purchaseId), "the purchase just paid");
  const credit = purchase.status === "paid" ? await creditOfPurchase(deps, purchaseId) : undefined;
  return { purchaseId, status: purchase.status, credit: credit ?? null };
}

/**
 * POST /api/credits/{id}/refund (the coach who sold it, or an admin): the unused credits are given
 * back pro rata, fee included: exactly the price and fee those credits still carry in the ledger
 * (the refund row), through the refund module, once.
 */
export async function refundUnusedCredits(deps: AppDeps, user: UserRow, purchaseId: number): Promise<CreditRefundResponse> {
  const row = await requireVisibleCredit(deps, user, purchaseId);
  if (user.userType === "player") throw notFound(PackageMessages.CREDIT_NOT_FOUND);
  const now = deps.clock.now();
  const refund = await deps.database.db.transaction(async (tx) => {
    const purchase = present(await repo.lockPurchase(tx, purchaseId), "the purchase of a visible credit");
    // One refund per purchase (its charge is refunded once): a credit given back after it (a
    // cancelled credit session) stays usable but is not refunded a second time.
    if (await repo.hasRefundRow(tx, purchaseId)) throw conflict(PackageMessages.ALREADY_REFUNDED);
    const balance = await repo.balanceOf(tx, purchaseId);
    if (balance.credits <= 0 || (purchase.expiresAt && purchase.expiresAt <= now)) throw conflict(PackageMessages.NOTHING_TO_REFUND);
    const amountCents = balance.valueCents + balance.feeCents;
    const paymentIntentId = present(purchase.paymentIntentId, "the payment of a paid purchase");
    await repo.insertLedgerRow(tx, {
      purchaseId,
      kind: "refund",
      credits: -balance.credits,
      valueCents: -balance.valueCents,
      feeCents: -balance.feeCents,
      paymentIntentId,
      createdAt: now,
    });
    await scheduleRefund(tx, { purchaseId, paymentIntentId, amountCents, reason: "credits_refunded" }, now);
    return { amountCents, credits: balance.credits, paymentIntentId };
  });
  const status = await sendRefund(deps, refund.paymentIntentId, null);
  await mailFamily(
    deps,
    row.purchase.familyId,
    `Refund of your unused credits: $${centsToDecimal(refund.amountCents)}`,
    `${refund.credits} unused credit(s) of "${row.purchase.title}" were refunded: $${centsToDecimal(refund.amountCents)} back to your card, fee included.`,
  );
  const after = present(await creditOfPurchase(deps, purchaseId, true), "the credit just refunded");
  return {
    success: true,
    message: PackageMessages.REFUNDED,
    refundAmount: centsToDecimal(refund.amountCents),
    refundStatus: status === "sent" ? "refunded" : "pending",
    credit: after,
  };
}

/** Sweep: credits past their expiry are void (an expiry row each); the family was told a week before. */
export async function expireCredits(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  for (const id of await repo.listExpiredWithCredits(deps.database.db, now, SWEEP_BATCH)) {
    await deps.database.db.transaction(async (tx) => {
      const purchase = await repo.lockPurchase(tx, id);
      if (purchase?.expiresAt && purchase.expiresAt <= now) await voidCredits(tx, id, now);
    });
  }
}

/** Sweep: each purchase with unused credits is announced once, 7 days before they expire. */
export async function sendExpiryNotices(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  const noticeBefore = new Date(now.getTime() + CREDIT_EXPIRY_NOTICE_DAYS * DAY_MS);
  for (const purchase of await repo.claimExpiryNotices(deps.database.db, now, noticeBefore, SWEEP_BATCH)) {
    const balance = await repo.balanceOf(deps.database.db, purchase.id);
    const coach = await repo.findCoach(deps.database.db, purchase.coachId);
    await mailFamily(
      deps,
      purchase.familyId,
      `Your credits with ${coachNameOf(coach)} expire on ${expiryDay(purchase)}`,
      [
        `You have ${balance.credits} unused credit(s) of "${purchase.title}". They expire on ${expiryDay(purchase)} and cannot be used after that.`,
        `Book a session now: ${deps.config.appUrl}/book-coach/${purchase.coachId}`,
      ].join("\n"),
    );
  }
}

/**
 * Sweep: checkouts that ran out. The intent is cancelled at the provider so it can no longer be
 * paid; one paid at the last moment is settled (and, being late, refunded), never kept unseen.
 */
export async function closeLapsedPurchases(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  for (const purchase of await repo.listLapsedPurchasesWithIntent(deps.database.db, now, SWEEP_BATCH)) {
    try {
      const paymentIntentId = present(purchase.paymentIntentId, "the intent of a lapsed checkout (the query asks for one)");
      await deps.payments.cancelPaymentIntent(paymentIntentId);
      const intent: PaymentIntent = await deps.payments.retrievePaymentIntent(paymentIntentId);
      if (intent.status === "succeeded") {
        await settlePurchase(deps, purchase.id, intent);
      } else if (intent.status === "canceled") {
        await deps.database.db.transaction(async (tx) => {
          const locked = await repo.lockPurchase(tx, purchase.id);
          if (locked?.status === "pending") await repo.updatePurchase(tx, purchase.id, { status: "cancelled", updatedAt: now });
        });
      }
    } catch (err) {
      deps.logger.warn({ err, purchaseId: purchase.id }, "could not close a lapsed package checkout");
    }
  }
  await repo.cancelLapsedPurchasesWithoutIntent(deps.database.db, now);
}
