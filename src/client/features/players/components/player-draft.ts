import type { CurrentUser } from "@contract/accounts";
import {
  ageOn,
  ageRuleToday,
  birthdayToIso,
  isFiveDigitZip,
  isMinorAge,
  isoToBirthday,
  minorRuleProblem,
  NO_SECONDARY_POSITION,
  PlayerMessages,
  type PlayerMessage,
} from "@contract/players";
import { z } from "zod";
import { addToastIssue, firstIssueToast } from "@client/lib/form-errors";
import { EmailSchema, PhoneNumberSchema } from "@contract/contact-fields";
import type { UpdatePlayerProfileRequest, UpdatePreferencesRequest } from "@contract/users";

/** The onboarding and profile forms' values, as typed (birthday MM/DD/YYYY, distance as a select value). */
const PlayerDraftSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  smsOptIn: z.boolean(),
  playerEmail: z.string(),
  birthday: z.string(),
  parentFirstName: z.string(),
  parentLastName: z.string(),
  parentPhoneNumber: z.string(),
  parentEmail: z.string(),
  parentSmsOptIn: z.boolean(),
  preferredLocation: z.string(),
  maxTravelDistance: z.string(),
  position: z.string(),
  secondaryPosition: z.string(),
  ageGroup: z.string(),
  skillLevel: z.string(),
  goals: z.array(z.string()),
  preferredCoachingStyle: z.string(),
  sessionPreferences: z.array(z.string()),
});
export type PlayerDraft = z.infer<typeof PlayerDraftSchema>;

/** The options a select offers; a stored distance that is not among them falls back to the default. */
export function draftFromUser(user: CurrentUser, distances: readonly number[], defaultDistance: number): PlayerDraft {
  const distance = user.maxTravelDistance !== null && distances.includes(user.maxTravelDistance) ? user.maxTravelDistance : defaultDistance;
  return {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    phoneNumber: user.phoneNumber ?? "",
    smsOptIn: user.smsOptIn,
    playerEmail: user.playerEmail ?? user.email,
    birthday: isoToBirthday(user.birthday),
    parentFirstName: user.parentFirstName ?? "",
    parentLastName: user.parentLastName ?? "",
    parentPhoneNumber: user.parentPhoneNumber ?? "",
    parentEmail: user.parentEmail ?? "",
    parentSmsOptIn: user.parentSmsOptIn,
    preferredLocation: user.preferredLocation ?? "",
    maxTravelDistance: String(distance),
    position: user.position ?? "",
    secondaryPosition: user.secondaryPosition ?? NO_SECONDARY_POSITION,
    ageGroup: user.ageGroup ?? "",
    skillLevel: user.skillLevel ?? "",
    goals: user.goals,
    preferredCoachingStyle: user.preferredCoachingStyle ?? "",
    sessionPreferences: user.sessionPreferences ?? [],
  };
}

const filled = (v: string) => v.trim().length > 0;

/** "Today" for the under-18 rule: the same calendar date the server uses, whatever the browser's zone. */
export function localToday(now = new Date()): string {
  return ageRuleToday(now);
}

/** Whether the parent section applies: under 18 by the birthday typed so far (unparsable = adult). */
export function isMinorDraft(draft: Pick<PlayerDraft, "birthday">, today: string): boolean {
  return isMinorAge(ageOn(birthdayToIso(draft.birthday), today));
}

type Rule = (draft: PlayerDraft, ctx: z.RefinementCtx, today: string) => boolean;

const missing = (draft: PlayerDraft, keys: (keyof PlayerDraft)[]) => keys.filter((k) => !filled(String(draft[k]))).map((k) => [k]);

/** A contract schema's message under the spec's title (the parent's fields say whose they are). */
function formatRule(ctx: z.RefinementCtx, schema: z.ZodType, value: string, title: string, path: string, prefix = ""): boolean {
  const result = schema.safeParse(value);
  if (result.success) return false;
  return addToastIssue(ctx, { title, description: `${prefix}${result.error.issues[0]?.message ?? "Invalid value"}` }, [[path]]);
}

const PARENT_FIELDS: (keyof PlayerDraft)[] = ["parentFirstName", "parentLastName", "parentPhoneNumber", "parentEmail"];

/** Step 1 of the wizard (and the top of the profile form): the player's details and, for a minor, the parent's. */
const playerInformationRule: Rule = (draft, ctx, today) => {
  const required = missing(draft, ["firstName", "lastName", "phoneNumber", "playerEmail", "birthday"]);
  if (required.length > 0) return addToastIssue(ctx, PlayerMessages.INCOMPLETE, required);
  const birthdayIso = birthdayToIso(draft.birthday);
  if (!birthdayIso) return addToastIssue(ctx, PlayerMessages.INVALID_BIRTHDAY, [["birthday"]]);
  if (formatRule(ctx, PhoneNumberSchema, draft.phoneNumber, "Invalid Phone Number", "phoneNumber")) return true;
  if (formatRule(ctx, EmailSchema, draft.playerEmail, "Invalid Email", "playerEmail")) return true;
  const minor = minorRuleProblem(birthdayIso, today, draft);
  if (minor) {
    const paths = minor === PlayerMessages.PARENT_SMS_CONSENT ? [["parentSmsOptIn"]] : missing(draft, PARENT_FIELDS);
    return addToastIssue(ctx, minor, paths);
  }
  if (!isMinorAge(ageOn(birthdayIso, today))) return false;
  const parent = "Parent/Guardian: ";
  return (
    formatRule(ctx, PhoneNumberSchema, draft.parentPhoneNumber, "Invalid Phone Number", "parentPhoneNumber", parent) ||
    formatRule(ctx, EmailSchema, draft.parentEmail, "Invalid Email", "parentEmail", parent)
  );
};

/** Step 2: a ZIP code of exactly 5 digits. */
const locationRule: Rule = (draft, ctx) =>
  !isFiveDigitZip(draft.preferredLocation) && addToastIssue(ctx, PlayerMessages.INCOMPLETE, [["preferredLocation"]]);

/** Step 3: position, age group and skill level (the secondary position is optional). */
const playingProfileRule: Rule = (draft, ctx) => {
  const required = missing(draft, ["position", "ageGroup", "skillLevel"]);
  return required.length > 0 && addToastIssue(ctx, PlayerMessages.INCOMPLETE, required);
};

/** The profile page asks for the player's own SMS consent too (the wizard does not). */
const smsConsentRule: Rule = (draft, ctx) => !draft.smsOptIn && addToastIssue(ctx, PlayerMessages.SMS_CONSENT, [["smsOptIn"]]);

/** The rules in order; the first that fails is the one the toast names. */
const schemaOf = (rules: Rule[], today: string) =>
  PlayerDraftSchema.superRefine((draft, ctx) => {
    rules.some((rule) => rule(draft, ctx, today));
  });

/** The wizard's three steps, each with its own rules. */
export const playerStepSchemas = (today: string) => [
  schemaOf([playerInformationRule], today),
  schemaOf([locationRule], today),
  schemaOf([playingProfileRule], today),
];
/** Completing the wizard checks every step again. */
export const playerWizardSchema = (today: string) => schemaOf([playerInformationRule, locationRule, playingProfileRule], today);
export const playerProfileFormSchema = (today: string) =>
  schemaOf([playerInformationRule, locationRule, playingProfileRule, smsConsentRule], today);

const problemOf = (schema: z.ZodType, draft: PlayerDraft): PlayerMessage | null => firstIssueToast(schema, draft);

export const checkPlayerInformation = (draft: PlayerDraft, today: string) => problemOf(playerStepSchemas(today)[0]!, draft);
export const checkLocation = (draft: PlayerDraft) => problemOf(playerStepSchemas("")[1]!, draft);
export const checkPlayingProfile = (draft: PlayerDraft) => problemOf(playerStepSchemas("")[2]!, draft);
export const checkProfileForm = (draft: PlayerDraft, today: string) => problemOf(playerProfileFormSchema(today), draft);

/** The PATCH /api/users/profile body; an adult's parent fields are cleared. */
export function toProfileRequest(draft: PlayerDraft, today: string): UpdatePlayerProfileRequest {
  const minor = isMinorDraft(draft, today);
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    phoneNumber: draft.phoneNumber.trim(),
    smsOptIn: draft.smsOptIn,
    playerEmail: draft.playerEmail.trim(),
    birthday: birthdayToIso(draft.birthday),
    parentFirstName: minor ? draft.parentFirstName.trim() : null,
    parentLastName: minor ? draft.parentLastName.trim() : null,
    parentPhoneNumber: minor ? draft.parentPhoneNumber.trim() : null,
    parentEmail: minor ? draft.parentEmail.trim() : null,
    parentSmsOptIn: minor ? draft.parentSmsOptIn : false,
    secondaryPosition: draft.secondaryPosition === NO_SECONDARY_POSITION ? null : draft.secondaryPosition || null,
    preferredCoachingStyle: (draft.preferredCoachingStyle && draft.preferredCoachingStyle !== "none"
      ? draft.preferredCoachingStyle
      : null) as UpdatePlayerProfileRequest["preferredCoachingStyle"],
    sessionPreferences: draft.sessionPreferences as UpdatePlayerProfileRequest["sessionPreferences"],
  };
}

/** The PUT /api/user/preferences body: the playing preferences of player-side 3. */
export function toPreferencesRequest(draft: PlayerDraft): UpdatePreferencesRequest {
  return {
    position: draft.position as UpdatePreferencesRequest["position"],
    ageGroup: draft.ageGroup as UpdatePreferencesRequest["ageGroup"],
    skillLevel: draft.skillLevel as UpdatePreferencesRequest["skillLevel"],
    goals: draft.goals as UpdatePreferencesRequest["goals"],
    maxTravelDistance: Number(draft.maxTravelDistance),
    preferredLocation: draft.preferredLocation,
  };
}
