import { z } from "zod";
import { EmailSchema } from "./accounts";
import { POSITIONS } from "./coaches";

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
