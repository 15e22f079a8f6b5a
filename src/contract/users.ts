import { z } from "zod";
import { CURRENT_PASSWORD_REQUIRED_MESSAGE, FirstNameSchema, LastNameSchema, personNameField } from "./accounts";
import { EmailSchema, PhoneNumberSchema } from "./contact-fields";
import { ImageUrlSchema, zipcodeField } from "./coaches";
import { POSITIONS } from "./coach-basics";
import { POSITION_INVALID_MESSAGE } from "./fields";
import { isValidIsoDate, NO_SECONDARY_POSITION, PlayerMessages } from "./players";
import {
  AGE_GROUP_INVALID_MESSAGE,
  AGE_GROUPS,
  COACHING_STYLES,
  SESSION_PREFERENCES,
  SKILL_LEVEL_INVALID_MESSAGE,
  SKILL_LEVELS,
} from "./user-basics";

/** An address a form must have (contact details, a guardian's invitation): blank says so before the format is checked. */
export const RequiredEmailSchema = z
  .string({ message: "Email is required" })
  .trim()
  .min(1, { message: "Email is required" })
  .pipe(EmailSchema);

/** PUT /api/users/{id} */
export const UpdateContactRequestSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  email: RequiredEmailSchema,
  phoneNumber: PhoneNumberSchema,
  smsOptIn: z.boolean({ message: "smsOptIn must be true or false" }).optional(),
  /** Needed only when `email` changes (DESIGN.md 10); never stored. */
  currentPassword: z.string({ message: CURRENT_PASSWORD_REQUIRED_MESSAGE }).max(200).optional(),
});
export type UpdateContactRequest = z.input<typeof UpdateContactRequestSchema>;
export type ParsedUpdateContactRequest = z.output<typeof UpdateContactRequestSchema>;

/** A player's or an athlete's position and skill level, asked the same way on the profile and the athlete forms. */
export const PositionSchema = z.enum(POSITIONS, { message: POSITION_INVALID_MESSAGE });
export const SkillLevelSchema = z.enum(SKILL_LEVELS, { message: SKILL_LEVEL_INVALID_MESSAGE });

/** PUT /api/user/preferences: the contact variant (anyone) and the player variant; every field optional. */
export const UpdatePreferencesRequestSchema = z.object({
  phoneNumber: PhoneNumberSchema.optional(),
  smsOptIn: z.boolean({ message: "smsOptIn must be true or false" }).optional(),
  position: PositionSchema.nullable().optional(),
  ageGroup: z.enum(AGE_GROUPS, { message: AGE_GROUP_INVALID_MESSAGE }).nullable().optional(),
  skillLevel: SkillLevelSchema.nullable().optional(),
  goals: z
    .array(z.enum(POSITIONS, { message: "Please select valid training goals" }), { message: "Please select valid training goals" })
    .transform((list) => [...new Set(list)])
    .optional(),
  maxTravelDistance: z
    .number({ message: "Travel distance must be between 1 and 500 miles" })
    .int({ message: "Travel distance must be between 1 and 500 miles" })
    .min(1, { message: "Travel distance must be between 1 and 500 miles" })
    .max(500, { message: "Travel distance must be between 1 and 500 miles" })
    .nullable()
    .optional(),
  preferredLocation: zipcodeField().nullable().optional(),
});
export type UpdatePreferencesRequest = z.input<typeof UpdatePreferencesRequestSchema>;
export type ParsedUpdatePreferencesRequest = z.output<typeof UpdatePreferencesRequestSchema>;

export const PLAYER_PREFERENCE_FIELDS = ["position", "ageGroup", "skillLevel", "goals", "maxTravelDistance", "preferredLocation"] as const;

/** GET /api/user/preferences */
export type PlayerPreferences = {
  position: string | null;
  ageGroup: string | null;
  skillLevel: string | null;
  goals: string[];
  maxTravelDistance: number | null;
  preferredLocation: string | null;
};

/** "" and whitespace mean "clear this field". */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema.nullable().optional());

/**
 * PATCH /api/users/profile: the player user fields of coach-side 3; every field optional (only the
 * ones sent change). The minor rule (minorRuleProblem in ./players) is checked by the server on the
 * result of applying these changes to the stored profile, with the server's date.
 */
export const UpdatePlayerProfileRequestSchema = z.object({
  firstName: FirstNameSchema.optional(),
  lastName: LastNameSchema.optional(),
  phoneNumber: PhoneNumberSchema.optional(),
  smsOptIn: z.boolean({ message: "smsOptIn must be true or false" }).optional(),
  playerEmail: clearable(z.string().trim().pipe(EmailSchema)),
  birthday: clearable(
    z
      .string({ message: PlayerMessages.INVALID_BIRTHDAY.description })
      .trim()
      .refine(isValidIsoDate, { message: PlayerMessages.INVALID_BIRTHDAY.description }),
  ),
  profileImageUrl: clearable(ImageUrlSchema),
  parentFirstName: clearable(personNameField("Parent first name is required")),
  parentLastName: clearable(personNameField("Parent last name is required")),
  parentPhoneNumber: clearable(PhoneNumberSchema),
  parentEmail: clearable(z.string().trim().pipe(EmailSchema)),
  parentSmsOptIn: z.boolean({ message: "parentSmsOptIn must be true or false" }).optional(),
  preferredLocation: UpdatePreferencesRequestSchema.shape.preferredLocation,
  maxTravelDistance: UpdatePreferencesRequestSchema.shape.maxTravelDistance,
  position: PositionSchema.nullable().optional(),
  secondaryPosition: z.preprocess(
    (v) => (v === NO_SECONDARY_POSITION || v === "" ? null : v),
    z.enum(POSITIONS, { message: "Please select a valid secondary position" }).nullable().optional(),
  ),
  ageGroup: UpdatePreferencesRequestSchema.shape.ageGroup,
  skillLevel: UpdatePreferencesRequestSchema.shape.skillLevel,
  goals: UpdatePreferencesRequestSchema.shape.goals,
  preferredCoachingStyle: clearable(z.enum(COACHING_STYLES, { message: "Please select a valid coaching style" })),
  sessionPreferences: z
    .array(z.enum(SESSION_PREFERENCES, { message: "Please select valid session preferences" }), {
      message: "Please select valid session preferences",
    })
    .max(SESSION_PREFERENCES.length, { message: "Please select valid session preferences" })
    .transform((list) => [...new Set(list)])
    .optional(),
});
export type UpdatePlayerProfileRequest = z.input<typeof UpdatePlayerProfileRequestSchema>;
export type ParsedUpdatePlayerProfileRequest = z.output<typeof UpdatePlayerProfileRequestSchema>;
