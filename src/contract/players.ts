import type { AgeGroup, SkillLevel } from "./user-basics";

/**
 * Player set-up rules shared by the onboarding wizard, the profile page and the server
 * (coach-side 5, "Player onboarding" and "Birthday and profile page"; coach-side 9).
 */

/** A minor is a player under 18 (coach-side 9). */
export const ADULT_AGE = 18;
/** coach-side 5: an unparsable birthday counts as age 99, so it never triggers the parent rule. */
export const UNKNOWN_AGE = 99;

/** coach-side 9: the wizard's travel distances (miles) and the profile page's. */
export const WIZARD_TRAVEL_DISTANCES = [10, 15, 25, 35, 50] as const;
export const DEFAULT_WIZARD_TRAVEL_DISTANCE = 25;
export const PROFILE_TRAVEL_DISTANCES = [5, 10, 15, 20, 25, 50] as const;
export const DEFAULT_PROFILE_TRAVEL_DISTANCE = 15;

export function travelDistanceLabel(miles: number, options: readonly number[]): string {
  // The profile's largest option reads "50+ miles" (coach-side 9).
  return options === PROFILE_TRAVEL_DISTANCES && miles === 50 ? "50+ miles" : `${miles} miles`;
}

/**
 * Age groups as every page and the match reasons label them: the ages `ageGroupOfAge` (families.ts)
 * puts in each, so an 11-year-old reads as a Futures player "under 12" (issue 47; coach-side 9's
 * "under 11" left 11 in no group).
 */
export const AGE_GROUP_LABELS: Record<AgeGroup, string> = {
  futures: "Futures (under 12)",
  juniors: "Juniors (12-15)",
  "high-school": "High School (16-18)",
};
export const SKILL_LEVEL_LABELS: Record<SkillLevel, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

/** The select value that stands for "no secondary position"; it maps to empty. */
export const NO_SECONDARY_POSITION = "none";

export const PlayerMessages = {
  INCOMPLETE: { title: "Incomplete Information", description: "Please fill in all required fields before continuing." },
  INVALID_BIRTHDAY: { title: "Invalid Birthday", description: "Please enter birthday in MM/DD/YYYY format." },
  MISSING_PARENT: {
    title: "Missing Information",
    description: "Parent/Guardian information is required for players under 18 years old.",
  },
  PARENT_SMS_CONSENT: {
    title: "Parent SMS Consent Required",
    description: "Parent/Guardian must acknowledge willingness to receive text messages.",
  },
  SMS_CONSENT: {
    title: "SMS Consent Required",
    description: "You must acknowledge willingness to receive text messages to continue.",
  },
  WIZARD_SAVE_FAILED: "Failed to update profile. Please try again.",
  PROFILE_SAVE_FAILED: "Failed to update profile",
} as const;

export type PlayerMessage = { title: string; description: string };

/**
 * Formats what the user typed as MM/DD/YYYY: digits only, slashes inserted after the month and the
 * day, at most 10 characters.
 */
export function formatBirthdayInput(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** "MM/DD/YYYY" -> "YYYY-MM-DD", or null unless it is a real calendar date with a 4-digit year. */
export function birthdayToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, mm, dd, yyyy] = match;
  return isRealDate(Number(yyyy), Number(mm), Number(dd)) ? `${yyyy}-${mm}-${dd}` : null;
}

/** "YYYY-MM-DD" (as the API sends it) -> "MM/DD/YYYY" (as it is shown and typed); "" when absent. */
export function isoToBirthday(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  return match ? `${match[2]}/${match[3]}/${match[1]}` : "";
}

export function isValidIsoDate(iso: string): boolean {
  return isoDateParts(iso) !== null;
}

/** A "YYYY-MM-DD" date as numbers, or null when it is not one or names no real day. */
function isoDateParts(iso: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/**
 * Whole years between a birthday and today, both "YYYY-MM-DD". Anything unparsable (or a birthday
 * after today) counts as UNKNOWN_AGE.
 */
export function ageOn(birthdayIso: string | null | undefined, todayIso: string): number {
  if (!birthdayIso || birthdayIso > todayIso) return UNKNOWN_AGE;
  const birth = isoDateParts(birthdayIso);
  const today = isoDateParts(todayIso);
  if (!birth || !today) return UNKNOWN_AGE;
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

export const isMinorAge = (age: number): boolean => age < ADULT_AGE;

/**
 * "Today" for the under-18 rule ("YYYY-MM-DD"), on the server and in the browser alike: the date at
 * the last place on Earth where a day begins (UTC-12, `Etc/GMT+12`). A birthday counts once it has
 * begun everywhere, so neither a browser's zone nor the server's makes a minor look like an adult,
 * and both sides always agree on who needs a parent's details. UTC-12 has no daylight saving, so
 * this is plain arithmetic: an `Intl.DateTimeFormat` for the zone cost a phone about 35 ms the
 * first time, in the middle of drawing the profile form.
 */
export const ageRuleToday = (now: Date): string => new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);

export type ParentFields = {
  parentFirstName?: string | null;
  parentLastName?: string | null;
  parentPhoneNumber?: string | null;
  parentEmail?: string | null;
  parentSmsOptIn?: boolean | null;
};

const filled = (v: string | null | undefined) => !!v && v.trim().length > 0;

/**
 * The minor rule: a player under 18 needs all four parent fields, then the parent's SMS consent.
 * Returns the message to show, or null when the rule is met (or the player is an adult).
 */
export function minorRuleProblem(birthdayIso: string | null | undefined, todayIso: string, parent: ParentFields): PlayerMessage | null {
  if (!isMinorAge(ageOn(birthdayIso, todayIso))) return null;
  const hasParent =
    filled(parent.parentFirstName) && filled(parent.parentLastName) && filled(parent.parentPhoneNumber) && filled(parent.parentEmail);
  if (!hasParent) return PlayerMessages.MISSING_PARENT;
  if (!parent.parentSmsOptIn) return PlayerMessages.PARENT_SMS_CONSENT;
  return null;
}

export const isFiveDigitZip = (value: string): boolean => /^\d{5}$/.test(value);
