import { z } from "zod";
import { POSITIONS, type Position } from "./coach-basics";
import { ATHLETE_NOT_FOUND_MESSAGE, POSITION_INVALID_MESSAGE, requiredTextField } from "./fields";

/**
 * The athlete's development record and the coach's business (DESIGN.md 11, "Progress and the
 * coach's business"): the skills a coach may rate per position, the progress answer, the earnings
 * series and the no-show.
 */

export type SkillOption = { skill: string; label: string };

/** The fixed list of skills a coach may rate, per position (the feedback form offers the athlete's). */
export const SKILLS_BY_POSITION: Record<Position, readonly SkillOption[]> = {
  Attack: [
    { skill: "dodging", label: "Dodging" },
    { skill: "shooting", label: "Shooting" },
    { skill: "off_ball_movement", label: "Off-ball movement" },
    { skill: "stick_skills", label: "Stick skills" },
    { skill: "feeding", label: "Feeding" },
  ],
  Midfield: [
    { skill: "dodging", label: "Dodging" },
    { skill: "shooting", label: "Shooting" },
    { skill: "transition", label: "Transition" },
    { skill: "ground_balls", label: "Ground balls" },
    { skill: "stick_skills", label: "Stick skills" },
    { skill: "conditioning", label: "Conditioning" },
  ],
  Defense: [
    { skill: "footwork", label: "Footwork" },
    { skill: "checks", label: "Checks" },
    { skill: "slides", label: "Slides and communication" },
    { skill: "ground_balls", label: "Ground balls" },
    { skill: "clears", label: "Clears" },
    { skill: "stick_skills", label: "Stick skills" },
  ],
  Goalie: [
    { skill: "saves", label: "Saves" },
    { skill: "clears", label: "Clears" },
    { skill: "positioning", label: "Positioning" },
    { skill: "communication", label: "Communication" },
    { skill: "stick_skills", label: "Stick skills" },
  ],
  Faceoff: [
    { skill: "clamp", label: "Clamp and moves" },
    { skill: "quickness", label: "Quickness off the whistle" },
    { skill: "ground_balls", label: "Ground balls" },
    { skill: "wing_play", label: "Wing play" },
    { skill: "stick_skills", label: "Stick skills" },
  ],
};

/** For an athlete whose position is not set: the skills every position shares. */
export const GENERAL_SKILLS: readonly SkillOption[] = [
  { skill: "stick_skills", label: "Stick skills" },
  { skill: "ground_balls", label: "Ground balls" },
  { skill: "conditioning", label: "Conditioning" },
  { skill: "lacrosse_iq", label: "Lacrosse IQ" },
];

function isPosition(value: string | null | undefined): value is Position {
  return (POSITIONS as readonly string[]).includes(value ?? "");
}

/** The skills a coach may rate for an athlete of this position (the general list without one). */
export function skillsForPosition(position: string | null | undefined): readonly SkillOption[] {
  return isPosition(position) ? SKILLS_BY_POSITION[position] : GENERAL_SKILLS;
}

/** Any skill's label, for the record (a skill rated under an earlier position keeps its label). */
export function skillLabel(skill: string): string {
  for (const list of [...Object.values(SKILLS_BY_POSITION), GENERAL_SKILLS]) {
    const found = list.find((s) => s.skill === skill);
    if (found) return found.label;
  }
  return skill;
}

export const ProgressMessages = {
  INVALID_SKILLS: "Please rate each skill once, from 1 to 5.",
  SKILL_NOT_FOR_POSITION: "This skill is not one of the athlete's position.",
  ATHLETE_NOT_FOUND: ATHLETE_NOT_FOUND_MESSAGE,
  INVALID_RANGE: "Please choose a valid date range (from on or before to, YYYY-MM-DD).",
  RANGE_TOO_LONG: "Please choose a range of at most 5 years.",
  INVALID_YEAR: "Please choose a valid year.",
  NOTE_REQUIRED: "Please add a note about the no-show.",
  NOTE_TOO_LONG: "The note must be at most 1000 characters.",
  NO_SHOW_CANCELLED: "A cancelled session cannot be marked as a no-show.",
  NO_SHOW_ALREADY: "This session is already marked as a no-show.",
  NO_SHOW_FEEDBACK_GIVEN: "Feedback was already given for this session; it cannot be marked as a no-show.",
  NO_SHOW_NOT_PAID: "Only a paid session can be marked as a no-show.",
  NO_SHOW_TOO_EARLY: "A no-show can be marked from 15 minutes after the session starts.",
  NO_SHOW_TOO_LATE: "A no-show can be marked up to 48 hours after the session ends.",
  NO_SHOW_MARKED: "Marked as a no-show",
  NOT_A_NO_SHOW: "This session is not marked as a no-show.",
  PAYOUT_IN_FLIGHT: "The payout for this session is being sent; please try again in a minute.",
  NO_SHOW_REVERSED: "No-show reversed; the family is refunded in full.",
} as const;

export const MAX_NO_SHOW_NOTE_LENGTH = 1000;

/** One skill rating in feedback. */
export const SkillRatingSchema = z.object(
  {
    skill: z.string({ message: ProgressMessages.INVALID_SKILLS }).trim().min(1, { message: ProgressMessages.INVALID_SKILLS }).max(60),
    rating: z
      .number({ message: ProgressMessages.INVALID_SKILLS })
      .int({ message: ProgressMessages.INVALID_SKILLS })
      .min(1, { message: ProgressMessages.INVALID_SKILLS })
      .max(5, { message: ProgressMessages.INVALID_SKILLS }),
  },
  { message: ProgressMessages.INVALID_SKILLS },
);

/** The optional `skills` of the feedback: each skill at most once. */
export const SkillRatingsSchema = z
  .array(SkillRatingSchema, { message: ProgressMessages.INVALID_SKILLS })
  .max(20, { message: ProgressMessages.INVALID_SKILLS })
  .refine((list) => new Set(list.map((s) => s.skill)).size === list.length, { message: ProgressMessages.INVALID_SKILLS });

/**
 * GET /api/skills?position=Attack (no position: the general list), or ?bookingId=12: the list of
 * that booking's athlete's position (what its feedback may rate; its coach only).
 */
export const SkillsQuerySchema = z.object({
  position: z.enum(POSITIONS, { message: POSITION_INVALID_MESSAGE }).optional(),
  bookingId: z
    .string({ message: "bookingId must be a booking id" })
    .regex(/^\d{1,9}$/, { message: "bookingId must be a booking id" })
    .transform(Number)
    .optional(),
});

/** GET /api/athletes/{id}/progress */
export type SkillPoint = { date: string; bookingId: number; coachId: number; coach: string; rating: number };
export type SkillSeries = { skill: string; label: string; ratings: SkillPoint[] };
export type FeedbackEntry = { bookingId: number; date: string; coachId: number; coach: string; rating: number; feedback: string };
export type AthleteProgress = {
  athlete: { id: number; firstName: string; lastName: string; position: string | null };
  /** Each rated skill, its ratings oldest first (one point per rated session). */
  skills: SkillSeries[];
  /** The feedback texts, the last session's first. */
  feedback: FeedbackEntry[];
};

/** POST /api/bookings/{id}/no-show */
export const NoShowRequestSchema = z.object({
  note: requiredTextField(ProgressMessages.NOTE_REQUIRED, MAX_NO_SHOW_NOTE_LENGTH, ProgressMessages.NOTE_TOO_LONG),
});
export type NoShowRequest = z.input<typeof NoShowRequestSchema>;

export type NoShowResponse = {
  success: true;
  message: typeof ProgressMessages.NO_SHOW_MARKED;
  booking: { id: number; status: "no_show"; noShowAt: string; payoutStatus: "none" | "pending" | "paid" };
};

/** POST /api/admin/bookings/{id}/reverse-no-show */
export type ReverseNoShowResponse = {
  success: true;
  message: typeof ProgressMessages.NO_SHOW_REVERSED;
  booking: { id: number; status: "cancelled"; paymentStatus: string };
  refund: { amount: string; status: "refunded" | "pending" | "failed" };
  /** What became of the coach's payout: not yet sent (cancelled), taken back, or recorded as owed. */
  payout: "cancelled" | "reversed" | "owed" | "none";
};
