/**
 * The choices a player's forms and the coach matching's filters offer (age groups, skill levels,
 * coaching styles, session preferences) and their refusals, without zod: a page that only shows the
 * choices does not load the schema library (docs/PERFORMANCE.md, JavaScript per page). The schemas
 * stay in `users.ts`.
 */

/** Who a visitor signs in or registers as (the login page's two roles, DESIGN.md 8's `intent`). */
export const INTENTS = ["player", "coach"] as const;
export type Intent = (typeof INTENTS)[number];

export const AGE_GROUPS = ["futures", "juniors", "high-school"] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
export const SKILL_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export const AGE_GROUP_INVALID_MESSAGE = "Please select a valid age group";
export const SKILL_LEVEL_INVALID_MESSAGE = "Please select a valid skill level";

/** How a player likes to be coached (coach-side 3's preferredCoachingStyle), as the profile offers it. */
export const COACHING_STYLES = [
  "Patient and encouraging",
  "Direct and demanding",
  "Technical and detailed",
  "Game-like and competitive",
] as const;
/** What a player wants from sessions (coach-side 3's sessionPreferences). */
export const SESSION_PREFERENCES = [
  "Stick skills",
  "Shooting",
  "Dodging",
  "Footwork and agility",
  "Defensive positioning",
  "Game IQ",
  "Conditioning",
] as const;
