import { z } from "zod";
import { EmailSchema } from "./accounts";
import { POSITIONS } from "./coaches";
import { isValidIsoDate, NO_SECONDARY_POSITION, PlayerMessages } from "./players";

export const AGE_GROUPS = ["futures", "juniors", "high-school"] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
export const SKILL_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

/** The client shows this when any contact field is empty (coach-side 5); the server names the field. */
export const MISSING_CONTACT_MESSAGE = "Missing Contact Information - Please fill in all required contact fields";

/** 10 to 15 digits, whatever the punctuation: "(410) 555-0100", "+1 410 555 0100". */
export const PhoneNumberSchema = z
  .string({ message: "Phone number is required" })
  .trim()
  .min(1, { message: "Phone number is required" })
  .max(30, { message: "Please enter a valid phone number" })
  .refine(
    (v) => {
      const digits = v.replace(/\D/g, "").length;
      return /^[0-9+()\-.\s]+$/.test(v) && digits >= 10 && digits <= 15;
    },
    { message: "Please enter a valid phone number" },
  );

const name = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(100, { message: message.replace("is required", "is too long") });

/** PUT /api/users/{id} */
export const UpdateContactRequestSchema = z.object({
  firstName: name("First name is required"),
  lastName: name("Last name is required"),
  email: z.string({ message: "Email is required" }).trim().min(1, { message: "Email is required" }).pipe(EmailSchema),
  phoneNumber: PhoneNumberSchema,
  smsOptIn: z.boolean({ message: "smsOptIn must be true or false" }).optional(),
});
export type UpdateContactRequest = z.input<typeof UpdateContactRequestSchema>;

const PositionSchema = z.enum(POSITIONS, { message: "Please select a valid position" });

/** PUT /api/user/preferences: the contact variant (anyone) and the player variant; every field optional. */
export const UpdatePreferencesRequestSchema = z.object({
  phoneNumber: PhoneNumberSchema.optional(),
  smsOptIn: z.boolean({ message: "smsOptIn must be true or false" }).optional(),
  position: PositionSchema.nullable().optional(),
  ageGroup: z.enum(AGE_GROUPS, { message: "Please select a valid age group" }).nullable().optional(),
  skillLevel: z.enum(SKILL_LEVELS, { message: "Please select a valid skill level" }).nullable().optional(),
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
  preferredLocation: z
    .string({ message: "Zipcode must be 5 digits" })
    .trim()
    .regex(/^\d{5}$/, { message: "Zipcode must be 5 digits" })
    .nullable()
    .optional(),
});
export type UpdatePreferencesRequest = z.input<typeof UpdatePreferencesRequestSchema>;

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
  firstName: name("First name is required").optional(),
  lastName: name("Last name is required").optional(),
  phoneNumber: PhoneNumberSchema.optional(),
  smsOptIn: z.boolean({ message: "smsOptIn must be true or false" }).optional(),
  playerEmail: clearable(z.string().trim().pipe(EmailSchema)),
  birthday: clearable(
    z
      .string({ message: PlayerMessages.INVALID_BIRTHDAY.description })
      .trim()
      .refine(isValidIsoDate, { message: PlayerMessages.INVALID_BIRTHDAY.description }),
  ),
  profileImageUrl: clearable(z.string().trim().max(500, { message: "Image URL is too long" })),
  parentFirstName: clearable(name("Parent first name is required")),
  parentLastName: clearable(name("Parent last name is required")),
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
});
export type UpdatePlayerProfileRequest = z.input<typeof UpdatePlayerProfileRequestSchema>;
