import { z } from "zod";
import { MINIMUM_ACCOUNT_AGE } from "./legal";
import { ageOn, UNKNOWN_AGE } from "./players";

/**
 * Children's data (DESIGN.md 12): an athlete under 13 is kept only with a guardian's consent, given
 * against the Privacy Policy version the page showed; nobody under 13 holds an account of their own.
 */
export const CONSENT_AGE = MINIMUM_ACCOUNT_AGE;

/**
 * The Privacy Policy's version: the policy page shows it, and a guardian's consent for an athlete
 * under 13 sends it. Changes whenever the policy's text does. Here, not in ./legal, so the family
 * page's form does not carry the legal texts.
 */
export const PRIVACY_POLICY_VERSION = "2026-11-29";

export const ChildrenMessages = {
  CONSENT_REQUIRED: `A parent or guardian's consent is needed to add an athlete under ${CONSENT_AGE}. Please read the Privacy Policy and tick the consent box.`,
  ACCOUNT_UNDER_13: `Children under ${CONSENT_AGE} can't have their own account. A parent must create the account and add the child as an athlete.`,
  POLICY_VERSION: "consent.policyVersion must be the Privacy Policy version shown on the page",
} as const;

/** `consent: {policyVersion}` in POST /api/athletes and PUT /api/athletes/{id}. */
export const ConsentSchema = z.object(
  {
    policyVersion: z
      .string({ message: ChildrenMessages.POLICY_VERSION })
      .trim()
      .min(1, { message: ChildrenMessages.POLICY_VERSION })
      .max(40, { message: ChildrenMessages.POLICY_VERSION }),
  },
  { message: ChildrenMessages.CONSENT_REQUIRED },
);
export type Consent = z.infer<typeof ConsentSchema>;

/** Whether a birthday ("YYYY-MM-DD") makes its athlete a child under 13 on `todayIso` (the age rule's today). */
export function isUnderConsentAge(birthdayIso: string | null | undefined, todayIso: string): boolean {
  const age = ageOn(birthdayIso, todayIso);
  return age !== UNKNOWN_AGE && age < CONSENT_AGE;
}

/** A guardian's consent as the export gives it. */
export type AthleteConsentRecord = {
  policyVersion: string;
  givenAt: string;
  guardianUserId: number | null;
  ipAddress: string | null;
  birthday: string | null;
};

/** GET /api/athletes/{id}/export: everything held about the athlete (JSON). */
export type AthleteExport = {
  exportedAt: string;
  athlete: Record<string, unknown>;
  consents: AthleteConsentRecord[];
  bookings: Record<string, unknown>[];
  sessionRequests: Record<string, unknown>[];
  waitlist: Record<string, unknown>[];
  feedback: Record<string, unknown>[];
  skillRatings: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  creditsUsed: Record<string, unknown>[];
};
