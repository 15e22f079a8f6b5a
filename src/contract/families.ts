import { z } from "zod";
import { ATHLETE_NOT_FOUND_MESSAGE, idField } from "./fields";
import { FirstNameSchema, LastNameSchema } from "./accounts";
import { ImageUrlSchema } from "./coaches";
import { ageOn, ageRuleToday, isMinorAge, isValidIsoDate, NO_SECONDARY_POSITION, UNKNOWN_AGE } from "./players";
import { PositionSchema, RequiredEmailSchema, SkillLevelSchema } from "./users";
import type { AgeGroup, SkillLevel } from "./user-basics";
import { ConsentSchema } from "./children";

/** Families (DESIGN.md 11): a player account holds 1 to 10 athletes and one or more guardians. */
export const MAX_ATHLETES_PER_FAMILY = 10;

export const FamilyMessages = {
  ATHLETE_NOT_FOUND: ATHLETE_NOT_FOUND_MESSAGE,
  TOO_MANY_ATHLETES: `A family can have at most ${MAX_ATHLETES_PER_FAMILY} athletes.`,
  LAST_ATHLETE: "A family needs at least one athlete.",
  ATHLETE_HAS_BOOKINGS: "This athlete has an upcoming session. Cancel it before removing the athlete.",
  ONLY_PLAYERS: "Only player accounts have a family.",
  INVITATION_NOT_FOUND: "Invitation not found",
  INVITATION_USED: "This invitation has already been used.",
  INVITATION_OTHER_EMAIL: "This invitation was sent to another e-mail address. Sign in with that address to accept it.",
  VERIFY_FIRST: "Please verify your e-mail address before accepting the invitation.",
  ALREADY_GUARDIAN: "This person is already a guardian of your family.",
  INVITE_SELF: "You are already a guardian of this family.",
  GUARDIAN_NOT_FOUND: "Guardian not found",
  LAST_GUARDIAN: "A family needs at least one guardian.",
  INVITEE_HAS_BOOKINGS: "Your account has other guardians. Leave that family before joining this one.",
  INVITATION_SENT: "Invitation sent",
  INVITATION_ACCEPTED: "You are now a guardian of this family.",
  GUARDIAN_REMOVED: "Guardian removed",
  ATHLETE_REMOVED: "Athlete removed",
  ONLY_OWNER: "Only the family's owner can do that.",
  MINOR_CANNOT_MANAGE: "Your parent or guardian manages who belongs to your family.",
  MINOR_PARENT_CONTACT_LOCKED: "Your parent or guardian's contact is already set. Ask them or our support team to change it.",
  OWNER_NEVER_REMOVED: "The family's owner cannot be removed.",
  OWNER_CANNOT_LEAVE: "Hand ownership to another guardian before leaving the family.",
  OWNER_MUST_BE_ADULT_PARENT: "Only the parent named on this account can own this family.",
  PARENT_JOINS_FIRST: "Only the parent named on this account can join this family first.",
  VERIFY_TO_INVITE: "Please verify your e-mail address before inviting a guardian.",
  TOO_MANY_FAMILY_INVITATIONS: "Your family can send at most 5 invitations a day. Please try again tomorrow.",
  TOO_MANY_ADDRESS_INVITATIONS: "This address has been invited 3 times today. Please try again tomorrow.",
  INVITATION_EXPIRED: "This invitation has expired. Ask the family to send a new one.",
  INVITEE_HAS_ATHLETES: "This account already has its own athletes.",
  GUARDIAN_LEFT: "You left the family.",
  OWNER_CHANGED: "Ownership handed over.",
  PARENT_CONTACT_CONFIRMED: "Thank you: this address now receives the messages of your child's account.",
  PARENT_CONTACT_LINK_INVALID: "This confirmation link is invalid or has expired.",
} as const;

/** Invitations per family and per invited address in a day, and how long one stays valid (DESIGN.md 12). */
export const MAX_FAMILY_INVITATIONS_PER_DAY = 5;
export const MAX_INVITATIONS_PER_ADDRESS_PER_DAY = 3;
export const INVITATION_VALID_DAYS = 7;
/** The invitation mail's fixed subject (DESIGN.md 12). */
export const INVITATION_SUBJECT = "You're invited to join a family on LaxCoach";

const birthdayMessage = "Birthday must be a date in the past (YYYY-MM-DD)";
const BirthdaySchema = z
  .string({ message: birthdayMessage })
  .trim()
  .refine(isValidIsoDate, { message: birthdayMessage })
  .refine((v) => v < ageRuleToday(new Date()) && v > "1900-01-01", { message: birthdayMessage });

const SecondaryPositionSchema = z.preprocess(
  (v) => (v === "" || v === NO_SECONDARY_POSITION ? null : v),
  PositionSchema.nullable().optional(),
);

const GoalsSchema = z
  .array(
    z
      .string({ message: "Goals must be text" })
      .trim()
      .min(1, { message: "Goals must be text" })
      .max(200, { message: "Each goal must be at most 200 characters" }),
    {
      message: "Goals must be a list",
    },
  )
  .max(20, { message: "At most 20 goals" })
  .transform((list) => [...new Set(list)]);

const clearableText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string({ message }).trim().max(max, { message }).nullable().optional(),
  );

const athleteFields = {
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  birthday: BirthdaySchema,
  position: PositionSchema,
  secondaryPosition: SecondaryPositionSchema,
  skillLevel: SkillLevelSchema.nullable().optional(),
  goals: GoalsSchema.optional(),
  school: clearableText(200, "School or club team must be at most 200 characters"),
  photoUrl: z.preprocess((v) => (v === "" ? null : v), ImageUrlSchema.optional()),
};

/** POST /api/athletes; `consent` is needed for an athlete under 13 (DESIGN.md 12). */
export const CreateAthleteRequestSchema = z.object({ ...athleteFields, consent: ConsentSchema.optional() });
export type CreateAthleteRequest = z.input<typeof CreateAthleteRequestSchema>;
export type ParsedCreateAthleteRequest = z.output<typeof CreateAthleteRequestSchema>;

/** PUT /api/athletes/{id}: the fields sent change; the others stay. */
export const UpdateAthleteRequestSchema = z.object({
  firstName: athleteFields.firstName.optional(),
  lastName: athleteFields.lastName.optional(),
  birthday: athleteFields.birthday.optional(),
  position: athleteFields.position.optional(),
  secondaryPosition: athleteFields.secondaryPosition,
  skillLevel: athleteFields.skillLevel,
  goals: athleteFields.goals,
  school: athleteFields.school,
  photoUrl: athleteFields.photoUrl,
  /** Needed when the birthday changes to one under 13 (DESIGN.md 12). */
  consent: ConsentSchema.optional(),
});
export type UpdateAthleteRequest = z.input<typeof UpdateAthleteRequestSchema>;
export type ParsedUpdateAthleteRequest = z.output<typeof UpdateAthleteRequestSchema>;

export type Athlete = {
  id: number;
  firstName: string;
  lastName: string;
  birthday: string | null;
  position: string | null;
  secondaryPosition: string | null;
  skillLevel: SkillLevel | null;
  goals: string[];
  school: string | null;
  photoUrl: string | null;
  /** Derived from the birthday; null for an adult or an unknown birthday. */
  ageGroup: AgeGroup | null;
  age: number | null;
  isMinor: boolean;
  /** The family's first athlete: the one the spec's player profile edits. */
  isPrimary: boolean;
};

/** The age group of an age (coach-side 9: Futures under 12, Juniors 12-15, High School 16-18). */
export function ageGroupOfAge(age: number): AgeGroup | null {
  if (age === UNKNOWN_AGE || age > 18) return null;
  if (age < 12) return "futures";
  if (age <= 15) return "juniors";
  return "high-school";
}

/** What an athlete's birthday says on a given day ("YYYY-MM-DD" in the age rule's zone). */
export function athleteAgeFacts(
  birthday: string | null,
  todayIso: string,
): { age: number | null; ageGroup: AgeGroup | null; isMinor: boolean } {
  const age = ageOn(birthday, todayIso);
  if (age === UNKNOWN_AGE) return { age: null, ageGroup: null, isMinor: false };
  return { age, ageGroup: ageGroupOfAge(age), isMinor: isMinorAge(age) };
}

/** How a session names its athlete (bookings, requests, the coach's calendar). */
export type AthleteSummary = {
  id: number;
  firstName: string;
  lastName: string;
  age: number | null;
  ageGroup: AgeGroup | null;
  isMinor: boolean;
  position: string | null;
};

/** POST /api/family/guardians */
export const InviteGuardianRequestSchema = z.object({
  email: RequiredEmailSchema,
});

export type Guardian = {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** The account holder (the first guardian). */
  isAccountHolder: boolean;
  /** The family's owner (DESIGN.md 12): invites, removes, hands over. A minor account holder never is. */
  isOwner: boolean;
  isMe: boolean;
};

/** POST /api/family/owner */
export const HandOverOwnershipRequestSchema = z.object({
  userId: idField("Please choose a guardian"),
});

/** POST /api/family/parent-contact/confirm */
export const ConfirmParentContactRequestSchema = z.object({
  token: z
    .string({ message: "Token is required" })
    .trim()
    .min(1, { message: "Token is required" })
    .max(200, { message: "Token is not valid" }),
});

export type PendingInvitation = { id: number; email: string; createdAt: string };

/** GET /api/family/invitations/{token}: what the acceptance page shows before accepting. */
export type InvitationPreview = { email: string; invitedBy: string; athletes: string[] };

export type AcceptInvitationResponse = { success: true; message: string; familyId: number };

/**
 * The athlete a booking, request or waitlist place is for. Absent: the family's only athlete; a
 * family of two or more must name one (DESIGN.md 12, ATHLETE_REQUIRED_MESSAGE).
 */
export const OptionalAthleteIdSchema = idField("Please choose an athlete").nullish();

/** DESIGN.md 12: a family of two or more athletes names the one a session is for (400, field athleteId). */
export const ATHLETE_REQUIRED_MESSAGE = "Choose which athlete this session is for.";
