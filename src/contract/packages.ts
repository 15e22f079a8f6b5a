import { z } from "zod";
import { SESSION_TYPES, type SessionType } from "./coach-basics";
import { decimalToCents, totalCents as withFeeCents } from "./money";
import { ATHLETE_NOT_FOUND_MESSAGE, numberOrDigits, requiredTextField, wholeNumberField } from "./fields";
import { RATE_DURATION_MESSAGE, RateDurationSchema } from "./coaches";

/**
 * Packages and credits (DESIGN.md 11): a coach sells N sessions of one kind and duration for one
 * price; a family's purchase gives N credits, valid for `validDays`, that any of its athletes can
 * spend on that coach's sessions of that kind and duration. Money is cents inside, decimal strings
 * in the API ("350.00").
 */
export const PACKAGE_SESSION_COUNT = { min: 2, max: 20 } as const;
export const PACKAGE_VALID_DAYS = { min: 30, max: 365 } as const;
/** The family is told this many days before unused credits expire. */
export const CREDIT_EXPIRY_NOTICE_DAYS = 7;
export const PACKAGE_TITLE_MAX_LENGTH = 100;

export const PackageMessages = {
  COACH_NOT_FOUND: "Coach not found",
  TITLE_REQUIRED: "Please enter a title for the package.",
  TITLE_TOO_LONG: `The title must be at most ${PACKAGE_TITLE_MAX_LENGTH} characters.`,
  SESSION_TYPE: "Please choose individual or group sessions.",
  DURATION: RATE_DURATION_MESSAGE,
  SESSION_COUNT: `A package has ${PACKAGE_SESSION_COUNT.min} to ${PACKAGE_SESSION_COUNT.max} sessions.`,
  PRICE: "Please enter a price greater than $0.",
  VALID_DAYS: `Credits are valid for ${PACKAGE_VALID_DAYS.min} to ${PACKAGE_VALID_DAYS.max} days.`,
  NOTHING_TO_CHANGE: "Please change at least one field.",
  PACKAGE_NOT_FOUND: "Package not found",
  COACHES_ONLY: "Only coaches can sell packages",
  PROFILE_REQUIRED: "Please complete your coach profile first.",
  PLAYERS_ONLY: "Only players can buy packages",
  ATHLETE_NOT_FOUND: ATHLETE_NOT_FOUND_MESSAGE,
  PURCHASE_NOT_FOUND: "Purchase not found",
  CHECKOUT_EXPIRED: "This checkout has expired. Please start again.",
  ALREADY_PAID: "This package is already paid.",
  CREDIT_NOT_FOUND: "Credit not found",
  NO_CREDIT: "You have no credit left for this coach's sessions of this kind and length.",
  NOTHING_TO_REFUND: "There are no unused credits to refund.",
  ALREADY_REFUNDED: "The unused credits of this package were already refunded.",
  REFUNDED: "The unused credits have been refunded.",
} as const;

const moneyField = z.union([z.string(), z.number()], { message: PackageMessages.PRICE }).transform((v, ctx) => {
  const cents = decimalToCents(v);
  if (cents === null || cents <= 0 || cents > 10_000_000) {
    ctx.addIssue({ code: "custom", message: PackageMessages.PRICE });
    return z.NEVER;
  }
  return cents;
});

const packageFields = {
  title: requiredTextField(PackageMessages.TITLE_REQUIRED, PACKAGE_TITLE_MAX_LENGTH, PackageMessages.TITLE_TOO_LONG),
  sessionType: z.enum(SESSION_TYPES, { message: PackageMessages.SESSION_TYPE }),
  duration: RateDurationSchema,
  sessionCount: wholeNumberField(4, PACKAGE_SESSION_COUNT.min, PACKAGE_SESSION_COUNT.max, PackageMessages.SESSION_COUNT),
  /** The whole package's price, before the platform fee (decimal dollars). */
  price: moneyField,
  validDays: wholeNumberField(4, PACKAGE_VALID_DAYS.min, PACKAGE_VALID_DAYS.max, PackageMessages.VALID_DAYS),
};

/** POST /api/packages */
export const CreatePackageRequestSchema = z.object(packageFields);
export type CreatePackageRequest = z.input<typeof CreatePackageRequestSchema>;
export type ParsedCreatePackageRequest = z.output<typeof CreatePackageRequestSchema>;

/** PUT /api/packages/{id}: any of the fields; what families already bought keeps its terms. */
export const UpdatePackageRequestSchema = z
  .object(packageFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: PackageMessages.NOTHING_TO_CHANGE });
export type ParsedUpdatePackageRequest = z.output<typeof UpdatePackageRequestSchema>;

/** POST /api/packages/{id}/purchase */
export const PurchasePackageRequestSchema = z.object({
  athleteId: numberOrDigits(9, PackageMessages.ATHLETE_NOT_FOUND)
    .pipe(z.number().int().positive({ message: PackageMessages.ATHLETE_NOT_FOUND }))
    .nullish(),
});

export type Package = {
  id: number;
  coachId: number;
  title: string;
  sessionType: SessionType;
  duration: number;
  sessionCount: number;
  price: string;
  /** price / sessionCount, rounded down to the cent (the last session carries the remainder). */
  pricePerSession: string;
  /** The coach's single-session rate of this kind and duration, if they have one. */
  singleSessionRate: string | null;
  /** What the package saves against that rate (sessionCount x rate - price), when it saves anything. */
  saving: string | null;
  savingPercent: number | null;
  /** The platform fee (15%) and the total the family pays. */
  platformFee: string;
  totalAmount: string;
  /**
   * The one price rule (DESIGN.md 12): what a family sees is what it pays, fee included. The
   * package's family price is `totalAmount`; these set it beside the single sessions it replaces.
   */
  familyPricePerSession: string;
  /** The family's price of one session at the coach's single-session rate of this kind and duration. */
  singleSessionFamilyPrice: string | null;
  /** sessionCount x singleSessionFamilyPrice - totalAmount, when the package saves anything. */
  familySaving: string | null;
  validDays: number;
  isArchived: boolean;
  createdAt: string;
};

/** Answered like create-payment-intent (DESIGN.md 11). */
export type PurchaseResponse = {
  purchaseId: number;
  paymentIntentId: string;
  clientSecret: string;
  totalAmount: string;
  price: string;
  platformFee: string;
  title: string;
  coachName: string;
  sessionCount: number;
  sessionType: SessionType;
  duration: number;
  coachId: number;
  /** The package's family price per session, and what one session costs the family without it. */
  familyPricePerSession: string;
  singleSessionFamilyPrice: string | null;
  familySaving: string | null;
  validDays: number;
  /** The last day (ISO instant) the credits can be used if paid now: validDays from the payment. */
  validUntil: string;
  /** Until when this checkout can be paid (ISO). */
  payBy: string;
  provider: "stripe" | "simulated";
  publishableKey?: string;
};

export const CREDIT_STATES = ["active", "used", "expired", "refunded"] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

/** GET /api/credits: one purchase's credits. */
export type Credit = {
  id: number;
  packageId: number;
  title: string;
  coachId: number;
  coachName: string;
  sessionType: SessionType;
  duration: number;
  total: number;
  remaining: number;
  expiresAt: string;
  purchasedAt: string;
  state: CreditState;
  price: string;
  totalPaid: string;
  /** What the unused credits carry of the price and fee: a refund of them now gives back exactly this ("0.00" once none is left). */
  remainingValue: string;
  /** For the coach: who bought it. */
  familyName?: string;
};

export const CREDIT_LEDGER_KINDS = ["purchase", "redeem", "release", "expiry", "refund"] as const;
export type CreditLedgerKind = (typeof CREDIT_LEDGER_KINDS)[number];

export const CREDIT_LEDGER_LABELS: Record<CreditLedgerKind, string> = {
  purchase: "Package bought",
  redeem: "Session booked",
  release: "Session cancelled: credit returned",
  expiry: "Credits expired",
  refund: "Unused credits refunded",
};

/** GET /api/credits/{id}/ledger: "balance and why", line by line. */
export type CreditLedgerLine = {
  id: number;
  kind: CreditLedgerKind;
  label: string;
  change: number;
  balance: number;
  /** The money this line moves (price and fee), negative when it leaves the balance. */
  amount: string;
  bookingId: number | null;
  sessionStartsAt: string | null;
  paymentIntentId: string | null;
  createdAt: string;
};

export type CreditLedger = { credit: Credit; lines: CreditLedgerLine[] };

export type CreditRefundResponse = {
  success: true;
  message: string;
  refundAmount: string;
  refundStatus: "refunded" | "pending";
  credit: Credit;
};

/** Whole cents of a package's price each session carries: the share, and the last session's (with the remainder). */
export function sessionShareCents(totalCents: number, sessionCount: number): { share: number; last: number } {
  const share = Math.floor(totalCents / sessionCount);
  return { share, last: totalCents - share * (sessionCount - 1) };
}

/**
 * A package at the family's price (DESIGN.md 12, the one price rule of money.ts): the package's
 * total with the fee, its share per session, one single session's family price at the coach's rate
 * of this kind and duration, and what the package saves against buying those sessions one by one.
 */
export function packageFamilyPrices(
  priceCents: number,
  sessionCount: number,
  singleRateCents: number | null,
): { totalCents: number; perSessionCents: number; singleSessionCents: number | null; savingCents: number | null } {
  const total = withFeeCents(priceCents);
  const single = singleRateCents === null ? null : withFeeCents(singleRateCents);
  const saving = single === null ? 0 : single * sessionCount - total;
  return {
    totalCents: total,
    perSessionCents: sessionShareCents(total, sessionCount).share,
    singleSessionCents: single,
    savingCents: saving > 0 ? saving : null,
  };
}
