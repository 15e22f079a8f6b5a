import type { CurrentUser } from "@contract/accounts";
import { z } from "zod";
import { FALLBACK_ZIPCODE, positionsOf, RateInputSchema, type CoachResponse, type RateInput } from "@contract/coaches";
import type { Position, SessionDuration, SessionType } from "@contract/coach-basics";

/**
 * What the coach profile page (/coach-setup) and the coach onboarding both read from a user and
 * their coach profile, and how both send rates back: one place, so the two forms cannot drift.
 */

const RATE_KEYS = ["individual30", "individual60", "group30", "group60"] as const;
export type RateKey = (typeof RATE_KEYS)[number];
export type RateValues = Record<RateKey, string>;
export const RateValuesSchema = z.record(z.enum(RATE_KEYS), z.string());

/** The four rate combinations; `label` is the onboarding's wording, `shortLabel` the profile page's. */
export const RATE_FIELDS: readonly {
  key: RateKey;
  sessionType: SessionType;
  duration: SessionDuration;
  label: string;
  shortLabel: string;
}[] = [
  { key: "individual30", sessionType: "individual", duration: 30, label: "Individual, 30 minutes", shortLabel: "Individual 30 min" },
  { key: "individual60", sessionType: "individual", duration: 60, label: "Individual, 60 minutes", shortLabel: "Individual 60 min" },
  { key: "group30", sessionType: "group", duration: 30, label: "Group, 30 minutes (per player)", shortLabel: "Group 30 min" },
  { key: "group60", sessionType: "group", duration: 60, label: "Group, 60 minutes (per player)", shortLabel: "Group 60 min" },
];

const filled = (value: string) => value.trim().length > 0;

/** A rate is sent only for the filled combinations (coach-side 5). */
export function filledRates(rates: RateValues): RateInput[] {
  return RATE_FIELDS.filter((f) => filled(rates[f.key])).map((f) => ({
    sessionType: f.sessionType,
    duration: f.duration,
    rate: rates[f.key].trim(),
  }));
}

/** The filled rates that are not an amount the API takes. */
export function invalidRateKeys(rates: RateValues): RateKey[] {
  return RATE_FIELDS.filter((f) => filled(rates[f.key]) && !RateInputSchema.shape.rate.safeParse(rates[f.key].trim()).success).map(
    (f) => f.key,
  );
}

/** The coach's fields as both forms start them; the fallback zipcode of a minimal profile is not the coach's answer and starts empty. */
export function coachFormValues(user: CurrentUser, coach: CoachResponse | null) {
  const rates: RateValues = { individual30: "", individual60: "", group30: "", group60: "" };
  for (const field of RATE_FIELDS) {
    const rate = coach?.rates.find((r) => r.sessionType === field.sessionType && r.duration === field.duration);
    if (rate) rates[field.key] = rate.rate;
  }
  const hasOwnZipcode = !!coach && coach.zipcode !== FALLBACK_ZIPCODE;
  return {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    phoneNumber: user.phoneNumber ?? "",
    title: coach?.title ?? "",
    bio: coach?.bio ?? "",
    zipcode: hasOwnZipcode ? coach.zipcode : "",
    location: hasOwnZipcode ? (coach.location ?? "") : "",
    positions: coach ? positionsOf(coach.specializations) : ([] as Position[]),
    experience: coach?.experience ?? "",
    rates,
  };
}
