import { z } from "zod";
import type { CoachReviewSummary } from "./reviews";
import { ZIPCODE_PATTERN } from "./coaches";
import { POSITIONS, type Position, type RateResponse } from "./coach-basics";
import type { TimeSlot } from "./slots";
import type { Badge } from "./credentials";
import {
  DEFAULT_MATCH_DISTANCE,
  DEFAULT_SEARCH_RADIUS,
  MAX_MATCH_DISTANCE,
  SEARCH_CURSOR_PATTERN,
  SEARCH_RADIUS_OPTIONS,
  SearchMessages,
  type SearchRadius,
} from "./search-basics";
import { AGE_GROUP_INVALID_MESSAGE, AGE_GROUPS, SKILL_LEVEL_INVALID_MESSAGE, SKILL_LEVELS } from "./user-basics";
import { POSITION_INVALID_MESSAGE, requiredTextField } from "./fields";

export * from "./search-basics";

const requiredText = requiredTextField(SearchMessages.REQUIRED, 60);

const VERIFIED_FLAG_MESSAGE = "verified must be true or false";

const booleanFlag = (message: string) =>
  z
    .enum(["true", "false"], { message })
    .optional()
    .transform((v) => v === "true");

/** GET /api/coaches/search (query strings). */
export const SearchCoachesQuerySchema = z.object({
  specialization: requiredText,
  zipcode: z
    .string({ message: SearchMessages.REQUIRED })
    .trim()
    .min(1, { message: SearchMessages.REQUIRED })
    .regex(ZIPCODE_PATTERN, { message: SearchMessages.ZIPCODE_FORMAT }),
  radius: z
    .string({ message: SearchMessages.RADIUS })
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === "" ? DEFAULT_SEARCH_RADIUS : Number(v)))
    .pipe(
      z
        .number({ message: SearchMessages.RADIUS })
        .refine((v): v is SearchRadius => (SEARCH_RADIUS_OPTIONS as readonly number[]).includes(v), { message: SearchMessages.RADIUS }),
    ),
  includeUnavailable: booleanFlag(SearchMessages.INCLUDE_UNAVAILABLE),
  /** DESIGN 12: only coaches with a current SafeSport training and background check. */
  verified: booleanFlag(VERIFIED_FLAG_MESSAGE),
  /** The previous page's X-Next-Cursor; absent for the first page. */
  cursor: z
    .string({ message: SearchMessages.CURSOR })
    .optional()
    .refine((v) => v === undefined || SEARCH_CURSOR_PATTERN.test(v), { message: SearchMessages.CURSOR }),
});

/** An optional non-negative amount in dollars ("50", "49.99"); empty means not given. */
const optionalAmount = (label: string) =>
  z
    .string({ message: `${label} must be an amount in dollars` })
    .trim()
    .optional()
    .refine((v) => v === undefined || v === "" || /^\d{1,7}(\.\d{1,2})?$/.test(v), { message: `${label} must be an amount in dollars` })
    .transform((v) => (v === undefined || v === "" ? undefined : Math.round(Number(v) * 100)));

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string({ message })
    .trim()
    .optional()
    .transform((v) => (v === "" || v === "all" || v === "any" ? undefined : v))
    .pipe(z.enum(values, { message }).optional());

/** GET /api/coaches/recommendations (player-side 5, matching filters). */
export const RecommendationsQuerySchema = z
  .object({
    position: optionalChoice(POSITIONS, POSITION_INVALID_MESSAGE),
    ageGroup: optionalChoice(AGE_GROUPS, AGE_GROUP_INVALID_MESSAGE),
    skillLevel: optionalChoice(SKILL_LEVELS, SKILL_LEVEL_INVALID_MESSAGE),
    specialties: z
      .string({ message: "Specialties must be a comma-separated list" })
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s.length > 0)
          .slice(0, 20),
      ),
    minPrice: optionalAmount("Minimum price"),
    maxPrice: optionalAmount("Maximum price"),
    maxDistance: z
      .string({ message: `Maximum distance must be a whole number of miles from 1 to ${MAX_MATCH_DISTANCE}` })
      .trim()
      .optional()
      .transform((v) => (v === undefined || v === "" ? DEFAULT_MATCH_DISTANCE : /^\d{1,4}$/.test(v) ? Number(v) : NaN))
      .pipe(
        z
          .number({ message: `Maximum distance must be a whole number of miles from 1 to ${MAX_MATCH_DISTANCE}` })
          .int({ message: `Maximum distance must be a whole number of miles from 1 to ${MAX_MATCH_DISTANCE}` })
          .min(1, { message: `Maximum distance must be a whole number of miles from 1 to ${MAX_MATCH_DISTANCE}` })
          .max(MAX_MATCH_DISTANCE, { message: `Maximum distance must be a whole number of miles from 1 to ${MAX_MATCH_DISTANCE}` }),
      ),
    verified: booleanFlag(VERIFIED_FLAG_MESSAGE),
    /** Origin of the distance criterion; defaults to the signed-in player's preferred location. */
    zipcode: z
      .string({ message: SearchMessages.ZIPCODE_FORMAT })
      .trim()
      .optional()
      .transform((v) => (v === "" ? undefined : v))
      .pipe(z.string().regex(ZIPCODE_PATTERN, { message: SearchMessages.ZIPCODE_FORMAT }).optional()),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: "Minimum price must not be more than maximum price",
    path: ["minPrice"],
  });
export type RecommendationFilters = z.output<typeof RecommendationsQuerySchema>;
/** A validated search: what its answer depends on. */
export type SearchCoachesQuery = z.output<typeof SearchCoachesQuerySchema>;

/** A coach as search, matching and the profile page show them (player-side 3); contact details are never included. */
export type CoachListing = {
  id: number;
  user: { firstName: string | null; lastName: string | null; profileImageUrl: string | null };
  title: string;
  bio: string;
  experience: string | null;
  location: string | null;
  zipcode: string;
  timeZone: string;
  profileImageUrl: string | null;
  specializations: string[];
  positions: Position[];
  rates: RateResponse[];
  allowSessionRequests: boolean;
  /** Average of the students' reviews (1 decimal), null without reviews; the coach's own feedback never counts. */
  rating: number | null;
  totalReviews: number;
  /** DESIGN 12: verified credentials that count today; never documents or member numbers. */
  badges: Badge[];
};

/**
 * A bookable slot as a search card shows it: when, individual or group, and where by name. The
 * booking page and "Show more" read the full slot (address, notes, map position) from
 * GET /api/time-slots/{coachId} and GET /api/coaches/{id}/available-slots; keeping them out keeps
 * a page of results small.
 */
export type SearchSlot = Pick<TimeSlot, "id" | "date" | "startTime" | "endTime" | "timeZone" | "isGroup" | "capacity" | "locationName"> & {
  /** A week of the coach's weekly series (DESIGN.md 11): the card says "Weekly on Tuesdays, 6 PM". */
  weekly?: true;
};

/**
 * GET /api/coaches/search: one result. The spec names both upcomingSlots and availableSlots for the
 * same list (the coach's next bookable slots); it is sent once, as availableSlots, since it is
 * most of the answer's size. The card shows neither bio nor experience (each up to 2,000
 * characters), so search leaves them out; the profile has them.
 */
export type SearchResultCoach = Omit<CoachListing, "bio" | "experience"> & {
  distance: number;
  availableSlots: SearchSlot[];
  /** The coach has more bookable slots than availableSlots holds. */
  hasMoreSlots: boolean;
};

/** GET /api/coaches/recommendations and /quick-matches: one result, best match first. */
export type MatchedCoach = CoachListing & {
  /** Miles from the player's origin, or null when no origin is known. */
  distance: number | null;
  matchScore: number;
  matchReasons: string[];
};

/** GET /api/coaches/{id}/profile */
export type CoachProfile = CoachListing & {
  /** The next bookable slots (at most PROFILE_SLOT_COUNT). */
  availableSlots: TimeSlot[];
  /** The same figure as totalReviews, under DESIGN.md 10's name. */
  reviewCount: number;
  /** Distribution, latest reviews and real activity figures for the profile page. */
  reviewSummary: CoachReviewSummary;
};
