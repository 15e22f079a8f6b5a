import type { CurrentUser } from "@contract/accounts";
import { z } from "zod";
import {
  CoachProfileSchema,
  FALLBACK_TITLE,
  FALLBACK_ZIPCODE,
  type CoachProfileRequest,
  type CoachResponse,
  type RateInput,
} from "@contract/coaches";
import { POSITIONS, type Position } from "@contract/coach-basics";
import type { PaymentAccountStatus } from "@contract/payouts";
import { SlotMessages, validateSlot } from "@contract/slot-basics";
import type { LocalDateTime } from "@contract/time";
import { addToastIssue } from "@client/lib/form-errors";
import { coachFormValues, filledRates, invalidRateKeys, RateValuesSchema } from "./coach-form-values";

export const ONBOARDING_STEPS = [
  { title: "Personal Information", description: "Tell players who you are and where you coach." },
  { title: "Session Rates", description: "Set a price for at least one kind of session." },
  { title: "Payment Setup", description: "Connect a payout account so you can be paid after each session." },
  { title: "Profile Photo", description: "Players book coaches they can see. Add a clear photo of yourself." },
  { title: "Schedule", description: "Optional: publish your first time slot now, or add slots later from the dashboard." },
  {
    title: "Get verified",
    description:
      "Optional: families look for \u201cSafeSport trained \u00b7 background checked\u201d. Start now, or skip and finish later from your dashboard.",
  },
] as const;
export const STEP_COUNT = ONBOARDING_STEPS.length;
/** The step that publishes the optional first slot (DESIGN 12 added "Get verified" after it). */
export const SCHEDULE_STEP = 5;

export const OnboardingMessages = {
  BLOCKED: "Please complete all required fields to continue",
  SAVE_ERROR: "Save Error",
  PROFILE_NOT_SAVED: "Could not save profile information",
  RATES_NOT_SAVED: "Could not save rates",
  SETUP_FAILED_TITLE: "Setup Failed",
  SETUP_FAILED: "Failed to complete your coach setup.",
  SLOT_ISSUE_TITLE: "Setup Issue",
  SLOT_ISSUE: "Your profile was created and you can add time slots later from the dashboard.",
  SLOT_FAILED_TITLE: "Time Slot Creation Failed",
  CAPACITY_TITLE: "Invalid Capacity",
  CAPACITY: "Group sessions must have at least 2 players",
  UPLOAD_FAILED: "Could not upload profile image. Please try again.",
} as const;

/** The fallback specialization of the minimal profile (coach-side 9). */
export const FALLBACK_SPECIALIZATION: Position = "Midfield";

const OnboardingDraftSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  title: z.string(),
  bio: z.string(),
  zipcode: z.string(),
  location: z.string(),
  positions: z.array(z.enum(POSITIONS)),
  experience: z.string(),
  rates: RateValuesSchema,
  slot: z.object({
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    locationName: z.string(),
    locationAddress: z.string(),
    isGroup: z.boolean(),
    capacity: z.string(),
  }),
});
export type OnboardingDraft = z.infer<typeof OnboardingDraftSchema>;

export function draftFrom(user: CurrentUser, coach: CoachResponse | null): OnboardingDraft {
  const values = coachFormValues(user, coach);
  return {
    ...values,
    // The fallback title of a minimal profile is not the coach's own answer: it starts empty.
    title: values.title === FALLBACK_TITLE ? "" : values.title,
    slot: { date: "", startTime: "", endTime: "", locationName: "", locationAddress: "", isGroup: false, capacity: "2" },
  };
}

const filled = (value: string) => value.trim().length > 0;

export function ratesOf(draft: OnboardingDraft): RateInput[] {
  return filledRates(draft.rates);
}

type StepFacts = {
  account: Pick<PaymentAccountStatus, "hasAccount" | "accountComplete"> | null | undefined;
  photoUrl: string | null;
};

const BLOCKED = { title: "Incomplete Step", description: OnboardingMessages.BLOCKED };

/** The fields of step 1..4 that keep Next from leaving it (coach-side 5); empty when the step is complete. */
function blockingFields(step: number, draft: OnboardingDraft, facts: StepFacts): (string | number)[][] {
  switch (step) {
    case 1: {
      const profile = CoachProfileSchema.shape;
      const texts = (["firstName", "lastName", "phoneNumber"] as const).filter((k) => !filled(draft[k]));
      const rules = [
        ...texts,
        ...(profile.title.safeParse(draft.title).success ? [] : ["title"]),
        ...(profile.bio.safeParse(draft.bio).success ? [] : ["bio"]),
        ...(profile.zipcode.safeParse(draft.zipcode).success ? [] : ["zipcode"]),
        ...(draft.positions.length > 0 ? [] : ["positions"]),
      ];
      return rules.map((k) => [k]);
    }
    case 2: {
      if (ratesOf(draft).length === 0) return [["rates"]];
      return invalidRateKeys(draft.rates).map((key) => ["rates", key]);
    }
    case 3:
      return facts.account?.hasAccount && facts.account.accountComplete ? [] : [["account"]];
    case 4:
      return facts.photoUrl ? [] : [["photo"]];
    default:
      return [];
  }
}

/**
 * What Next checks: a step's gate, and on the schedule step the optional first slot, each failure
 * with the spec's toast. The last step (Get verified) may be skipped.
 */
export function onboardingStepSchema(step: number, facts: StepFacts & { now: LocalDateTime }) {
  return OnboardingDraftSchema.superRefine((draft, ctx) => {
    const blocking = blockingFields(step, draft, facts);
    if (blocking.length > 0) {
      addToastIssue(ctx, BLOCKED, blocking);
      return;
    }
    if (step !== SCHEDULE_STEP) return;
    const plan = planFirstSlot(draft, facts.now);
    if (plan.kind === "invalid") addToastIssue(ctx, { title: plan.title, description: plan.message }, [["slot"]]);
  });
}

/** The step gates of coach-side 5: whether Next may leave step 1..5. */
export function isStepComplete(step: number, draft: OnboardingDraft, facts: StepFacts): boolean {
  return blockingFields(step, draft, facts).length === 0;
}

/** Step 1's profile fields (the rates are saved by step 2). */
export function profileOf(draft: OnboardingDraft): CoachProfileRequest {
  return {
    title: draft.title.trim(),
    bio: draft.bio.trim(),
    zipcode: draft.zipcode.trim(),
    location: draft.location || null,
    specializations: draft.positions,
    experience: draft.experience.trim(),
  };
}

/**
 * The minimal profile the payment step creates when the coach has none (coach-side 4 and 9): what
 * the coach typed, else the fallbacks. The bio is required by the API and has no fallback in the
 * spec, so it repeats the fallback title.
 */
export function minimalProfileOf(draft: OnboardingDraft): CoachProfileRequest {
  const zipcode = /^\d{5}$/.test(draft.zipcode.trim()) ? draft.zipcode.trim() : FALLBACK_ZIPCODE;
  return {
    title: draft.title.trim() || FALLBACK_TITLE,
    bio: draft.bio.trim() || FALLBACK_TITLE,
    zipcode,
    specializations: draft.positions.length > 0 ? draft.positions : [FALLBACK_SPECIALIZATION],
    experience: draft.experience.trim(),
  };
}

export type FirstSlotPlan =
  | { kind: "skip" }
  | { kind: "invalid"; title: string; message: string }
  | {
      kind: "create";
      slot: {
        date: string;
        startTime: string;
        endTime: string;
        isGroup: boolean;
        capacity: number;
        isAvailable: true;
        locationName: string;
        locationAddress: string | null;
      };
    };

/**
 * The optional first slot (coach-side 5): created only when date, start, end and location name are
 * all given, then held to the time slot rules; a group needs at least 2 players.
 */
export function planFirstSlot(draft: OnboardingDraft, now: LocalDateTime): FirstSlotPlan {
  const s = draft.slot;
  if (![s.date, s.startTime, s.endTime, s.locationName].every(filled)) return { kind: "skip" };
  if (s.date < now.date) return { kind: "invalid", title: OnboardingMessages.SLOT_FAILED_TITLE, message: SlotMessages.IN_PAST };
  const checked = validateSlot({ date: s.date, startTime: s.startTime, endTime: s.endTime, isGroup: s.isGroup, capacity: s.capacity }, now);
  if (!checked.ok) {
    if (checked.field === "capacity" && checked.message === SlotMessages.GROUP_TOO_SMALL) {
      return { kind: "invalid", title: OnboardingMessages.CAPACITY_TITLE, message: OnboardingMessages.CAPACITY };
    }
    return { kind: "invalid", title: OnboardingMessages.SLOT_FAILED_TITLE, message: checked.message };
  }
  return {
    kind: "create",
    slot: {
      ...checked.slot,
      isAvailable: true,
      locationName: s.locationName.trim(),
      locationAddress: s.locationAddress.trim() || null,
    },
  };
}

/** A coach with rates, a complete payment account and a photo has nothing left to set up. */
export function isFullyOnboarded(
  coach: CoachResponse | null | undefined,
  account: Pick<PaymentAccountStatus, "accountComplete"> | null | undefined,
  userPhotoUrl: string | null,
): boolean {
  return !!coach && coach.rates.length > 0 && !!account?.accountComplete && !!(coach.profileImageUrl ?? userPhotoUrl);
}
