import { z } from "zod";
import { EmailSchema } from "./contact-fields";
import { requiredTextField } from "./fields";
import { INTENTS } from "./user-basics";

export type { Intent } from "./user-basics";

export const USER_TYPES = ["player", "coach", "admin"] as const;
export type UserType = (typeof USER_TYPES)[number];

export const MIN_PASSWORD_LENGTH = 6;

/** A person's first or last name (an account, a parent, an athlete): "First name is required", then "... is too long" past 100. */
export const personNameField = (required: string) => requiredTextField(required, 100, required.replace("is required", "is too long"));
/** A person's own first and last name: registration, contact details, the player profile, an athlete. */
export const FirstNameSchema = personNameField("First name is required");
export const LastNameSchema = personNameField("Last name is required");

export const PasswordSchema = z
  .string({ message: "Password must be at least 6 characters" })
  .min(MIN_PASSWORD_LENGTH, { message: "Password must be at least 6 characters" })
  .max(200, { message: "Password must be at most 200 characters" });

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  intent: z.enum(INTENTS).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RegisterRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  userType: z.enum(INTENTS, { message: "userType must be player or coach" }).optional(),
  intent: z.enum(INTENTS, { message: "intent must be player or coach" }).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const PasswordMessages = {
  /** A new password found on a list of common breached passwords (issue 28). */
  COMMON: "This password is too common: it appears in lists of passwords exposed in data breaches. Please choose a different one.",
  INVALID_RESET_LINK: "This password reset link is invalid or has expired",
  RESET_DONE: "Your password has been successfully reset",
} as const;

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const VerifyResetTokenRequestSchema = z.object({
  token: z.string({ message: PasswordMessages.INVALID_RESET_LINK }).min(1, { message: PasswordMessages.INVALID_RESET_LINK }).max(200),
});

export const ResetPasswordRequestSchema = z.object({
  token: z.string({ message: PasswordMessages.INVALID_RESET_LINK }).min(1, { message: PasswordMessages.INVALID_RESET_LINK }).max(200),
  password: PasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** The client's reset form: both fields at least 6 characters and equal ("Passwords don't match" on the confirm field). */
export const ResetPasswordFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: PasswordSchema })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const INVALID_VERIFY_LINK = "This verification link is invalid or has expired";

/** POST /api/auth/verify-email (DESIGN.md 10): the token of the link mailed to the address. */
export const VerifyEmailRequestSchema = z.object({
  token: z.string({ message: INVALID_VERIFY_LINK }).min(1, { message: INVALID_VERIFY_LINK }).max(200, { message: INVALID_VERIFY_LINK }),
});

export type VerifyEmailResponse = { success: true; message: string; email: string };

/** Asked when an e-mail change comes without the password (the contact form's field says it too). */
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = "Please enter your current password to change your e-mail";

export const EmailVerificationMessages = {
  VERIFIED: "Your e-mail address is verified.",
  SENT: "We sent a new verification link. Please check your e-mail.",
  ALREADY_VERIFIED: "Your e-mail address is already verified.",
  CURRENT_PASSWORD_REQUIRED: CURRENT_PASSWORD_REQUIRED_MESSAGE,
  CURRENT_PASSWORD_WRONG: "Your current password is incorrect",
  GOOGLE_ONLY: "Your account signs in with Google. Set a password (Forgot password) before changing your e-mail.",
} as const;

/** The current user as the API returns it (never the password hash). */
export const CurrentUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  /** The owner followed the link mailed to `email` (DESIGN.md 10). */
  emailVerified: z.boolean(),
  /** A new address waiting for its link to be followed; `email` stays in use until then. */
  pendingEmail: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  phoneNumber: z.string().nullable(),
  smsOptIn: z.boolean(),
  playerEmail: z.string().nullable(),
  /** YYYY-MM-DD */
  birthday: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  parentFirstName: z.string().nullable(),
  parentLastName: z.string().nullable(),
  parentPhoneNumber: z.string().nullable(),
  parentEmail: z.string().nullable(),
  parentSmsOptIn: z.boolean(),
  preferredLocation: z.string().nullable(),
  maxTravelDistance: z.number().nullable(),
  position: z.string().nullable(),
  secondaryPosition: z.string().nullable(),
  ageGroup: z.string().nullable(),
  skillLevel: z.string().nullable(),
  goals: z.array(z.string()),
  preferredCoachingStyle: z.string().nullable(),
  sessionPreferences: z.array(z.string()),
  /** Set for coaches who have a profile. */
  coachId: z.number().nullable(),
  /** A guardian who joined another's family by invitation (DESIGN.md 12): no player setup wizard. */
  isInvitedGuardian: z.boolean().optional(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export type AuthResponse = { user: CurrentUser; redirectUrl: string };

/** DESIGN.md 8: where a user goes after login or registration. */
export function redirectUrlFor(user: { userType: UserType; coachId: number | null }): string {
  if (user.userType === "admin") return "/admin";
  if (user.userType === "coach") return user.coachId ? "/coach-dashboard" : "/coach-onboarding";
  return "/";
}

// In a module without zod: the router runs it on every page, before any page's chunk.
export { needsPlayerSetup } from "./player-setup";
