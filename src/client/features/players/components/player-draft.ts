import type { CurrentUser } from "../../../../contract/accounts";
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
} from "../../../../contract/players";
import { EmailSchema } from "../../../../contract/accounts";
import { PhoneNumberSchema, type UpdatePlayerProfileRequest, type UpdatePreferencesRequest } from "../../../../contract/users";

/** The onboarding and profile forms' values, as typed (birthday MM/DD/YYYY, distance as a select value). */
export type PlayerDraft = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  smsOptIn: boolean;
  playerEmail: string;
  birthday: string;
  parentFirstName: string;
  parentLastName: string;
  parentPhoneNumber: string;
  parentEmail: string;
  parentSmsOptIn: boolean;
  preferredLocation: string;
  maxTravelDistance: string;
  position: string;
  secondaryPosition: string;
  ageGroup: string;
  skillLevel: string;
  goals: string[];
  preferredCoachingStyle: string;
  sessionPreferences: string[];
};

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

function formatProblem(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: string,
) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? "Invalid value");
}

/** Step 1 of the wizard (and the top of the profile form): the player's details and, for a minor, the parent's. */
export function checkPlayerInformation(draft: PlayerDraft, today: string): PlayerMessage | null {
  const required = [draft.firstName, draft.lastName, draft.phoneNumber, draft.playerEmail, draft.birthday];
  if (!required.every(filled)) return PlayerMessages.INCOMPLETE;
  const birthdayIso = birthdayToIso(draft.birthday);
  if (!birthdayIso) return PlayerMessages.INVALID_BIRTHDAY;
  const phone = formatProblem(PhoneNumberSchema, draft.phoneNumber);
  if (phone) return { title: "Invalid Phone Number", description: phone };
  const email = formatProblem(EmailSchema, draft.playerEmail);
  if (email) return { title: "Invalid Email", description: email };
  const minor = minorRuleProblem(birthdayIso, today, draft);
  if (minor) return minor;
  if (isMinorAge(ageOn(birthdayIso, today))) {
    const parentPhone = formatProblem(PhoneNumberSchema, draft.parentPhoneNumber);
    if (parentPhone) return { title: "Invalid Phone Number", description: `Parent/Guardian: ${parentPhone}` };
    const parentEmail = formatProblem(EmailSchema, draft.parentEmail);
    if (parentEmail) return { title: "Invalid Email", description: `Parent/Guardian: ${parentEmail}` };
  }
  return null;
}

/** Step 2: a ZIP code of exactly 5 digits. */
export function checkLocation(draft: PlayerDraft): PlayerMessage | null {
  return isFiveDigitZip(draft.preferredLocation) ? null : PlayerMessages.INCOMPLETE;
}

/** Step 3: position, age group and skill level (the secondary position is optional). */
export function checkPlayingProfile(draft: PlayerDraft): PlayerMessage | null {
  return [draft.position, draft.ageGroup, draft.skillLevel].every(filled) ? null : PlayerMessages.INCOMPLETE;
}

/** The profile page: every step's rule, plus the player's own SMS consent (the wizard does not ask for it). */
export function checkProfileForm(draft: PlayerDraft, today: string): PlayerMessage | null {
  return (
    checkPlayerInformation(draft, today) ??
    checkLocation(draft) ??
    checkPlayingProfile(draft) ??
    (draft.smsOptIn ? null : PlayerMessages.SMS_CONSENT)
  );
}

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
