import { useEffect, useState, type ReactNode } from "react";
import { Redirect, useLocation } from "wouter";
import type { CurrentUser } from "@contract/accounts";
import type { CoachResponse } from "@contract/coaches";
import type { PaymentAccountStatus } from "@contract/payouts";
import { Button } from "@client/components/ui/button";
import { StepProgress, WizardStepCard } from "@client/components/ui/step-progress";
import { toast } from "@client/components/ui/toast";
import { WizardFrame, WizardSkeleton } from "@client/components/ui/wizard-frame";
import { useSchemaForm } from "@client/lib/form-errors";
import { isUnauthorized } from "@client/lib/api-client";
import { useCreateFirstSlot } from "../api/coach-onboarding";
import { useCoachProfileOfUser } from "../api/get-coach-profile";
import { useSaveCoachProfile } from "../api/save-coach-profile";
import { useUpdateContact } from "../api/update-contact";
import { COACH_SETUP_FRAME } from "../setup-frame";
import {
  draftFrom,
  isFullyOnboarded,
  minimalProfileOf,
  onboardingStepSchema,
  ONBOARDING_STEPS,
  OnboardingMessages,
  planFirstSlot,
  profileOf,
  ratesOf,
  SCHEDULE_STEP,
  STEP_COUNT,
  type OnboardingDraft,
} from "./onboarding-draft";
import { PersonalInformationStep, ProfilePhotoStep, ScheduleStep, SessionRatesStep } from "./onboarding-steps";
import { nowIn } from "@client/lib/when";
import { toastFailure } from "@client/lib/toast-failure";

const DASHBOARD_PATH = "/coach-dashboard";

/** The step the provider's return lands on (coach-side 4): success -> 4, refresh -> 3. */
export function stepFromStripeQuery(value: string | null): number {
  if (value === "success") return 4;
  if (value === "refresh") return 3;
  return 1;
}

/** The payment account as the payouts feature reads it; the page passes it in (features do not import each other). */
export type OnboardingAccount = { data: PaymentAccountStatus | undefined; isLoading: boolean; refetch: () => Promise<unknown> };

/** Step 3, drawn by the payouts feature: `beforeStart` makes sure a profile exists before the provider is opened. */
export type PaymentStepSlot = (props: {
  showRefreshNote: boolean;
  beforeStart: () => Promise<void>;
  onBusyChange: (busy: boolean) => void;
}) => ReactNode;

/** The last step, drawn by the credentials feature (DESIGN 12): SafeSport and a background check, skippable. */
export type VerifyStepSlot = () => ReactNode;

type WizardProps = {
  user: CurrentUser;
  stripe: string | null;
  account: OnboardingAccount;
  paymentStep: PaymentStepSlot;
  verifyStep: VerifyStepSlot;
};

/** /coach-onboarding: loads what the coach already has, then runs the steps. */
export function CoachOnboardingWizard({ user, stripe, account, paymentStep, verifyStep }: WizardProps) {
  const profile = useCoachProfileOfUser(user.id);
  // While loading, the wizard's frame stands where it will be (the page's first screen draws it too).
  if (profile.isLoading || account.isLoading) return <WizardSkeleton {...COACH_SETUP_FRAME} label="Loading..." />;
  if (profile.isError) {
    return isUnauthorized(profile.error) ? (
      <WizardSkeleton {...COACH_SETUP_FRAME} label="Loading..." />
    ) : (
      <WizardLoadError onRetry={() => void profile.refetch()} />
    );
  }
  return (
    <ArrivalGate
      user={user}
      coach={profile.data ?? null}
      account={account}
      stripe={stripe}
      paymentStep={paymentStep}
      verifyStep={verifyStep}
    />
  );
}

/**
 * A coach who arrives fully onboarded goes to the dashboard. Judged once, when the page opens
 * (state initialised on mount), so finishing step 4 inside the wizard does not end it early.
 */
function ArrivalGate({ coach, ...props }: WizardProps & { coach: CoachResponse | null }) {
  const [arrivedDone] = useState(() => isFullyOnboarded(coach, props.account.data, props.user.profileImageUrl));
  if (arrivedDone) return <Redirect to={DASHBOARD_PATH} replace />;
  return <Wizard {...props} coach={coach} />;
}

function WizardLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
      <p className="font-semibold text-red-800">Could not load your coach profile. Please try again.</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function Wizard({ user, coach, stripe, account, paymentStep, verifyStep }: WizardProps & { coach: CoachResponse | null }) {
  const initialStep = stepFromStripeQuery(stripe);
  const [, navigate] = useLocation();
  const [step, setStep] = useState(initialStep);
  const [initialDraft] = useState(() => draftFrom(user, coach));
  const [busy, setBusy] = useState(false);
  // Back from Get verified and on again: the first slot is published once.
  const [slotPublished, setSlotPublished] = useState(false);
  const profile = useCoachProfileOfUser(user.id);
  const saveContact = useUpdateContact();
  const saveCoach = useSaveCoachProfile();
  const createSlot = useCreateFirstSlot();
  const current = profile.data ?? coach;
  const photoUrl = current?.profileImageUrl ?? user.profileImageUrl;
  const now = nowIn(current?.timeZone);
  const form = useSchemaForm(onboardingStepSchema(step, { account: account.data, photoUrl, now }), initialDraft);
  const draft = form.watch();

  useEffect(() => {
    // Coming back from the provider: read the account again rather than trust the cache.
    if (initialStep >= 3) void account.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  async function saveStep(n: number, sent: OnboardingDraft): Promise<boolean> {
    if (n === 1) {
      try {
        await saveContact.mutateAsync({
          userId: user.id,
          contact: {
            firstName: sent.firstName.trim(),
            lastName: sent.lastName.trim(),
            email: user.email,
            phoneNumber: sent.phoneNumber.trim(),
            smsOptIn: user.smsOptIn,
          },
        });
        await saveCoach.mutateAsync({ coachId: current?.id ?? null, profile: profileOf(sent) });
        return true;
      } catch (error) {
        if (!isUnauthorized(error)) {
          const detail = error instanceof Error && error.message ? `: ${error.message}` : "";
          toast({
            title: OnboardingMessages.SAVE_ERROR,
            description: `${OnboardingMessages.PROFILE_NOT_SAVED}${detail}`,
            variant: "destructive",
          });
        }
        return false;
      }
    }
    if (n === 2) {
      try {
        const rates = ratesOf(sent);
        // Reached without a profile (a return from the provider, say): the rates create it.
        await saveCoach.mutateAsync(
          current ? { coachId: current.id, profile: { rates } } : { coachId: null, profile: { ...minimalProfileOf(sent), rates } },
        );
        return true;
      } catch (error) {
        toastFailure(error, OnboardingMessages.SAVE_ERROR, OnboardingMessages.RATES_NOT_SAVED);
        return false;
      }
    }
    return true;
  }

  // The step's gate has passed (the form's schema); its fields are saved before moving on.
  const next = form.submit(async (sent) => {
    setBusy(true);
    try {
      if (await saveStep(step, sent)) setStep((s) => Math.min(s + 1, STEP_COUNT));
    } finally {
      setBusy(false);
    }
  });

  // coach-side 4: the payment step needs a profile; without one a minimal profile is created.
  async function ensureProfile() {
    if (!current) await saveCoach.mutateAsync({ coachId: null, profile: { ...minimalProfileOf(draft), rates: ratesOf(draft) } });
  }

  // The optional first slot has passed its rules (the schedule step's schema); then Get verified.
  const publishFirstSlot = form.submit(async (sent) => {
    const plan = planFirstSlot(sent, now);
    setBusy(true);
    try {
      if (plan.kind === "create" && !slotPublished) {
        await createSlot.mutateAsync({ ...plan.slot, coachId: current?.id });
        setSlotPublished(true);
      }
    } catch (error) {
      if (isUnauthorized(error)) return;
      // The profile is saved; a slot the server refused is not worth blocking the coach for.
      toast({ title: OnboardingMessages.SLOT_ISSUE_TITLE, description: OnboardingMessages.SLOT_ISSUE, variant: "destructive" });
    } finally {
      setBusy(false);
    }
    setStep(STEP_COUNT);
  });

  // Complete Setup, or Skip for now: verification can be finished later from the dashboard.
  async function finish() {
    setBusy(true);
    try {
      await Promise.all([profile.refetch(), account.refetch()]);
      toast({ title: "Success", description: "Your coach profile is ready. Welcome aboard!", variant: "success" });
      navigate(DASHBOARD_PATH, { replace: true });
    } catch (error) {
      toastFailure(error, OnboardingMessages.SETUP_FAILED_TITLE, OnboardingMessages.SETUP_FAILED);
    } finally {
      setBusy(false);
    }
  }

  // step runs 1..STEP_COUNT; the first step stands in for anything else.
  const info = ONBOARDING_STEPS[step - 1] ?? ONBOARDING_STEPS[0];
  return (
    <WizardFrame {...COACH_SETUP_FRAME} progress={<StepProgress step={step} total={STEP_COUNT} title={info.title} />}>
      <WizardStepCard
        title={info.title}
        description={info.description}
        actions={
          <>
            <Button variant="outline" onClick={() => setStep((s) => Math.max(s - 1, 1))} disabled={step === 1 || busy}>
              Previous
            </Button>
            {step < SCHEDULE_STEP ? (
              <Button onClick={(e) => void next(e)} isLoading={busy && step !== 3}>
                Next
              </Button>
            ) : step === SCHEDULE_STEP ? (
              <Button onClick={(e) => void publishFirstSlot(e)} isLoading={busy}>
                Next
              </Button>
            ) : (
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="ghost" onClick={() => void finish()} disabled={busy}>
                  Skip for now
                </Button>
                <Button onClick={() => void finish()} isLoading={busy}>
                  Complete Setup
                </Button>
              </div>
            )}
          </>
        }
      >
        {step === 1 ? <PersonalInformationStep draft={draft} onChange={form.update} /> : null}
        {step === 2 ? <SessionRatesStep draft={draft} onChange={form.update} /> : null}
        {step === 3 ? paymentStep({ showRefreshNote: stripe === "refresh", beforeStart: ensureProfile, onBusyChange: setBusy }) : null}
        {step === 4 ? <ProfilePhotoStep userId={user.id} photoUrl={photoUrl} /> : null}
        {step === SCHEDULE_STEP ? <ScheduleStep draft={draft} onChange={form.update} today={now.date} /> : null}
        {step === STEP_COUNT ? verifyStep() : null}
      </WizardStepCard>
    </WizardFrame>
  );
}
