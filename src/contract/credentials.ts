import { z } from "zod";
import { addDaysToDate, isValidDate } from "./time";

/**
 * A coach's credentials and the screening a family can see (DESIGN 12, Verified coaches). The kinds
 * and statuses are the one list the database checks, the types, the labels and the pages take from.
 */
export const CREDENTIAL_KINDS = ["safesport", "background_check", "usa_lacrosse", "cdp_level", "first_aid"] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export const CREDENTIAL_STATUSES = ["pending", "verified", "rejected", "expired"] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

export const CREDENTIAL_LABELS: Record<CredentialKind, string> = {
  safesport: "SafeSport trained",
  background_check: "Background checked",
  usa_lacrosse: "USA Lacrosse member",
  cdp_level: "USA Lacrosse coaching certification",
  first_aid: "First aid/CPR certified",
};

/** The two credentials a coach needs to be shown as screened (and, with the setting on, to coach minors). */
export const SCREENING_KINDS = ["safesport", "background_check"] as const satisfies readonly CredentialKind[];

/** SafeSport training is valid a year from its completion; a clear background check two years. */
const SAFESPORT_VALID_DAYS = 365;
const BACKGROUND_CHECK_VALID_YEARS = 2;
/** The coach is mailed this many days before a credential expires, and on the day (0). */
export const CREDENTIAL_EXPIRY_NOTICE_DAYS = [30, 7, 0] as const;

/** Documents: PDF, PNG or JPEG up to 5 MB, recognised by their bytes. */
export const MAX_CREDENTIAL_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const CREDENTIAL_DOCUMENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export type CredentialDocumentType = (typeof CREDENTIAL_DOCUMENT_TYPES)[number];

export const CredentialMessages = {
  SCREENING_REQUIRED_FOR_MINORS: "This coach hasn't completed the screening required to coach athletes under 18.",
  KIND: "Choose a kind of credential.",
  COMPLETED_ON: "Enter the date you completed the training (YYYY-MM-DD).",
  COMPLETED_IN_FUTURE: "The completion date cannot be in the future.",
  ALREADY_EXPIRED: "This credential has already expired; add a current one.",
  EXPIRES_ON: "Enter the expiry date (YYYY-MM-DD).",
  MEMBER_NUMBER: "Enter your USA Lacrosse member number.",
  LEVEL: "Choose a certification level from 1 to 3.",
  USE_BACKGROUND_CHECK: "Start a background check instead; it is run by our screening provider.",
  ALREADY_OPEN: "You already have one of these waiting for review.",
  CHECK_RUNNING: "A background check is already under way.",
  DOCUMENT_TYPE: "Upload a PDF, PNG or JPEG file.",
  DOCUMENT_TOO_LARGE: "The document must be less than 5MB.",
  NO_DOCUMENT: "No document has been uploaded for this credential.",
  REASON: "Give a reason for the coach (up to 500 characters).",
  NOT_PENDING: "Only a pending credential can be verified or rejected.",
  NOT_SIMULATED: "This background check is not waiting for the simulated provider.",
  INVALID_SIGNATURE: "Invalid signature",
  SCREENING_UNAVAILABLE: "The screening provider could not be reached. Please try again in a few minutes.",
  NO_COACH_PROFILE: "Create your coach profile first.",
} as const;

const dateField = (message: string) => z.string({ message }).refine(isValidDate, { message });

/** POST /api/coach/credentials (201, pending): the fields each kind needs, checked per kind. */
export const AddCredentialRequestSchema = z
  .object({
    kind: z.enum(CREDENTIAL_KINDS, { message: CredentialMessages.KIND }),
    completedOn: dateField(CredentialMessages.COMPLETED_ON).optional(),
    expiresOn: dateField(CredentialMessages.EXPIRES_ON).optional(),
    memberNumber: z
      .string({ message: CredentialMessages.MEMBER_NUMBER })
      .trim()
      .regex(/^[A-Za-z0-9-]{4,30}$/, { message: CredentialMessages.MEMBER_NUMBER })
      .optional(),
    level: z
      .number({ message: CredentialMessages.LEVEL })
      .int({ message: CredentialMessages.LEVEL })
      .min(1, { message: CredentialMessages.LEVEL })
      .max(3, { message: CredentialMessages.LEVEL })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const need = (field: "completedOn" | "expiresOn" | "memberNumber" | "level", message: string) => {
      if (body[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message });
    };
    switch (body.kind) {
      case "safesport":
        need("completedOn", CredentialMessages.COMPLETED_ON);
        break;
      case "background_check":
        ctx.addIssue({ code: "custom", path: ["kind"], message: CredentialMessages.USE_BACKGROUND_CHECK });
        break;
      case "usa_lacrosse":
        need("memberNumber", CredentialMessages.MEMBER_NUMBER);
        need("expiresOn", CredentialMessages.EXPIRES_ON);
        break;
      case "cdp_level":
        need("level", CredentialMessages.LEVEL);
        break;
      case "first_aid":
        need("expiresOn", CredentialMessages.EXPIRES_ON);
        break;
    }
  });
export type AddCredentialRequest = z.infer<typeof AddCredentialRequestSchema>;

export const RejectCredentialRequestSchema = z.object({
  reason: z
    .string({ message: CredentialMessages.REASON })
    .trim()
    .min(1, { message: CredentialMessages.REASON })
    .max(500, { message: CredentialMessages.REASON }),
});

export const SettleScreeningRequestSchema = z.object({
  result: z.enum(["clear", "consider"], { message: 'result must be "clear" or "consider"' }),
});
export type ScreeningResult = z.infer<typeof SettleScreeningRequestSchema>["result"];

/** A credential as its coach (and an admin) sees it. */
export const CredentialSchema = z.object({
  id: z.number(),
  kind: z.enum(CREDENTIAL_KINDS),
  label: z.string(),
  status: z.enum(CREDENTIAL_STATUSES),
  completedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  memberNumber: z.string().nullable(),
  level: z.number().nullable(),
  rejectionReason: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** The background check's state at the provider: running until it answers, then its result. */
  screening: z.enum(["running", "clear", "consider"]).nullable(),
  document: z.object({ contentType: z.enum(CREDENTIAL_DOCUMENT_TYPES), sizeBytes: z.number(), uploadedAt: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Credential = z.infer<typeof CredentialSchema>;

/** GET /api/admin/credentials: a credential with whose it is. */
export const AdminCredentialSchema = CredentialSchema.extend({
  coachId: z.number(),
  coachUserId: z.number(),
  coachName: z.string(),
  coachEmail: z.string(),
});
export type AdminCredential = z.infer<typeof AdminCredentialSchema>;

export const AdminCredentialsQuerySchema = z.object({
  status: z.enum(CREDENTIAL_STATUSES, { message: "status must be pending, verified, rejected or expired" }).default("pending"),
});

/** What public answers (profile, search, match) carry: verified and unexpired only, nothing private. */
export const BadgeSchema = z.object({
  kind: z.enum(CREDENTIAL_KINDS),
  label: z.string(),
  verifiedAt: z.string(),
  expiresOn: z.string().nullable(),
});
export type Badge = z.infer<typeof BadgeSchema>;

/** The date a verified credential stops counting; null for a credential that does not expire (a CDP level). */
export function credentialExpiresOn(
  kind: CredentialKind,
  fields: { completedOn: string | null; expiresOn: string | null },
  verifiedOn: string | null,
): string | null {
  switch (kind) {
    case "safesport":
      return fields.completedOn ? addDaysToDate(fields.completedOn, SAFESPORT_VALID_DAYS) : null;
    case "background_check":
      return verifiedOn ? addYearsToDate(verifiedOn, BACKGROUND_CHECK_VALID_YEARS) : null;
    case "usa_lacrosse":
    case "first_aid":
      return fields.expiresOn;
    case "cdp_level":
      return null;
  }
}

function addYearsToDate(date: string, years: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  // 29 February plus two years is 1 March (the day after 28 February), never an invalid date.
  const result = new Date(Date.UTC(y + years, m - 1, d));
  return result.toISOString().slice(0, 10);
}

/** A badge counts on `today` (yyyy-MM-dd) while its expiry date is still ahead. */
function isBadgeCurrent(badge: Pick<Badge, "expiresOn">, today: string): boolean {
  return badge.expiresOn === null || badge.expiresOn > today;
}

/** The badges that count today: one per kind (the one valid longest), in the order of CREDENTIAL_KINDS. */
export function currentBadges(badges: readonly Badge[], today: string): Badge[] {
  const best = new Map<CredentialKind, Badge>();
  for (const badge of badges) {
    if (!isBadgeCurrent(badge, today)) continue;
    const known = best.get(badge.kind);
    if (!known || (known.expiresOn !== null && (badge.expiresOn === null || badge.expiresOn > known.expiresOn)))
      best.set(badge.kind, badge);
  }
  return CREDENTIAL_KINDS.flatMap((kind) => best.get(kind) ?? []);
}

/** Whether the coach holds a current SafeSport training and background check. */
export function isScreened(badges: readonly Pick<Badge, "kind" | "expiresOn">[], today: string): boolean {
  return SCREENING_KINDS.every((kind) => badges.some((b) => b.kind === kind && isBadgeCurrent(b, today)));
}
