import { z } from "zod";
import { POSITIONS, SESSION_TYPES, type Position, type RateResponse } from "./coach-basics";
import { decimalToCents } from "./money";
import { requiredTextField } from "./fields";
import { SearchMessages } from "./search-basics";

/** coach-side 9: the minimal profile the payment step creates when the coach has none yet. */
export const FALLBACK_ZIPCODE = "00000";
export const FALLBACK_TITLE = "Lacrosse Coach";

export const PRICING_TIPS = { individual: "$50-100 per hour", group: "$25-50 per person" } as const;

export const ZIPCODE_FORMAT_MESSAGE = "Zipcode must be 5 digits";
/** A US ZIP as the profiles store it and the ZIP look-up takes it: five digits. */
export const ZIPCODE_PATTERN = /^\d{5}$/;
/** A coach's or a player's ZIP (the look-up's path parameter is checked against the same pattern and words). */
export const zipcodeField = () =>
  z.string({ message: ZIPCODE_FORMAT_MESSAGE }).trim().regex(ZIPCODE_PATTERN, { message: ZIPCODE_FORMAT_MESSAGE });

export const CoachMessages = {
  TITLE_REQUIRED: "Title is required",
  BIO_REQUIRED: "Bio is required",
  ZIPCODE_FORMAT: ZIPCODE_FORMAT_MESSAGE,
  /** A ZIP the look-up does not know is refused in the search's words for a ZIP it cannot use (player-side 5). */
  ZIPCODE_UNKNOWN: SearchMessages.ZIPCODE_FORMAT,
  RATE_POSITIVE: "Rate must be a positive amount",
  RATE_DUPLICATE: "Only one rate per session type and duration",
  PROFILE_EXISTS: "You already have a coach profile",
  PROFILE_NOT_FOUND: "Coach profile not found",
} as const;

/** Individual or group, in the words of every form that asks it (a rate, a checkout). */
export const SessionTypeSchema = z.enum(SESSION_TYPES, { message: "Session type must be individual or group" });
export const RATE_DURATION_MESSAGE = "Duration must be 30 or 60 minutes";
/** The length of a rate or a package, as a number: 30 or 60 minutes. */
export const RateDurationSchema = z.union([z.literal(30), z.literal(60)], { message: RATE_DURATION_MESSAGE });

export const RateInputSchema = z.object({
  sessionType: SessionTypeSchema,
  duration: RateDurationSchema,
  rate: z.union([z.string(), z.number()], { message: CoachMessages.RATE_POSITIVE }).refine(
    (v) => {
      const cents = decimalToCents(v);
      return cents !== null && cents > 0 && cents <= 10_000_000;
    },
    { message: CoachMessages.RATE_POSITIVE },
  ),
});
export type RateInput = z.infer<typeof RateInputSchema>;

const RatesSchema = z
  .array(RateInputSchema, { message: "Rates must be a list" })
  .max(4, { message: CoachMessages.RATE_DUPLICATE })
  .refine((rates) => new Set(rates.map((r) => `${r.sessionType}-${r.duration}`)).size === rates.length, {
    message: CoachMessages.RATE_DUPLICATE,
  });

const requiredText = (message: string, max: number) => requiredTextField(message, max, `Must be at most ${max} characters`);

const SpecializationsSchema = z
  .array(
    z.string({ message: "Specializations must be text" }).trim().min(1).max(60, { message: "A specialization is at most 60 characters" }),
    {
      message: "Specializations must be a list",
    },
  )
  .max(20, { message: "At most 20 specializations" })
  .transform((list) => [...new Set(list)]);

const ExperienceSchema = z
  .union([z.string(), z.number()], { message: "Experience must be text" })
  .transform((v) => String(v).trim())
  .pipe(z.string().max(2000, { message: "Experience must be at most 2000 characters" }))
  .transform((v) => (v === "" ? null : v))
  .nullable();

/** An uploaded image (/uploads/...) or an absolute http(s) URL; players' photos follow the same rule. */
export const ImageUrlSchema = z
  .string({ message: "Invalid profile image URL" })
  .trim()
  .max(500, { message: "Invalid profile image URL" })
  .regex(/^(\/uploads\/[A-Za-z0-9._-]+|https?:\/\/\S+)$/, { message: "Invalid profile image URL" })
  .nullable();

const coachFields = {
  title: requiredText(CoachMessages.TITLE_REQUIRED, 120),
  bio: requiredText(CoachMessages.BIO_REQUIRED, 5000),
  zipcode: zipcodeField(),
  /** Sent by the client for display; the server computes it from the ZIP. */
  location: z.string().nullable().optional(),
  specializations: SpecializationsSchema,
  experience: ExperienceSchema,
  profileImageUrl: ImageUrlSchema,
  allowSessionRequests: z.boolean({ message: "allowSessionRequests must be true or false" }),
  rates: RatesSchema,
};

/** POST /api/coaches */
export const CoachProfileSchema = z.object({
  title: coachFields.title,
  bio: coachFields.bio,
  zipcode: coachFields.zipcode,
  location: coachFields.location,
  specializations: coachFields.specializations.optional(),
  experience: coachFields.experience.optional(),
  profileImageUrl: coachFields.profileImageUrl.optional(),
  allowSessionRequests: coachFields.allowSessionRequests.optional(),
  rates: coachFields.rates.optional(),
});
export type CoachProfileRequest = z.input<typeof CoachProfileSchema>;
export type ParsedCoachProfileRequest = z.output<typeof CoachProfileSchema>;

/** PUT /api/coaches/{id}: any subset; rates, when given, replace the whole set. */
export const CoachProfileUpdateSchema = CoachProfileSchema.partial();
export type CoachProfileUpdateRequest = z.input<typeof CoachProfileUpdateSchema>;
export type ParsedCoachProfileUpdateRequest = z.output<typeof CoachProfileUpdateSchema>;

export type CoachResponse = {
  id: number;
  userId: number;
  title: string;
  bio: string;
  experience: string | null;
  zipcode: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
  specializations: string[];
  /** The specializations that are positions (Attack, Defense, Faceoff, Goalie, Midfield). */
  positions: Position[];
  profileImageUrl: string | null;
  allowSessionRequests: boolean;
  rates: RateResponse[];
  user: {
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    /** Only for the coach themself and admins. */
    email?: string;
    phoneNumber?: string | null;
  };
};

export function positionsOf(specializations: readonly string[]): Position[] {
  return POSITIONS.filter((p) => specializations.includes(p));
}
