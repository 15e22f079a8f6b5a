import { useRef, useState } from "react";
import { useLocation } from "wouter";
import { takeReturnTo } from "@client/lib/return-to";
import type { CurrentUser } from "@contract/accounts";
import { DEFAULT_WIZARD_TRAVEL_DISTANCE, PlayerMessages, WIZARD_TRAVEL_DISTANCES } from "@contract/players";
import { Button } from "@client/components/ui/button";
import { StepProgress, WizardStepCard } from "@client/components/ui/step-progress";
import { toast } from "@client/components/ui/toast";
import { WizardFrame } from "@client/components/ui/wizard-frame";
import { addAthleteHref, paths } from "@client/config/paths";
import { useSchemaForm } from "@client/lib/form-errors";
import { useSavePlayerProfile } from "../api/update-player-profile";
import { PLAYER_SETUP_FRAME } from "../setup-frame";
import {
  draftFromUser,
  localToday,
  playerStepSchemas,
  playerWizardSchema,
  toPreferencesRequest,
  toProfileRequest,
  type PlayerDraft,
} from "./player-draft";
import { LocationFields, PlayerInformationFields, PlayingProfileFields } from "./player-fields";
import { toastFailure } from "@client/lib/toast-failure";

const STEPS = [
  { title: "Player Information", description: "Tell us who is training." },
  { title: "Location Preferences", description: "Where should we look for coaches?" },
  { title: "Playing Profile", description: "Your position and level help us match you." },
] as const;

/** coach-side 2 and 5: the three-step player set-up; the last step saves and goes home. */
export function OnboardingWizard({ user }: { user: CurrentUser }) {
  const [, navigate] = useLocation();
  const [step, setStep] = useState(0);
  const [initial] = useState<PlayerDraft>(() => {
    const fromUser = draftFromUser(user, WIZARD_TRAVEL_DISTANCES, DEFAULT_WIZARD_TRAVEL_DISTANCE);
    // A player who never chose keeps the wizard's default rather than the profile page's.
    return user.maxTravelDistance === null ? { ...fromUser, maxTravelDistance: String(DEFAULT_WIZARD_TRAVEL_DISTANCE) } : fromUser;
  });
  const save = useSavePlayerProfile();
  const today = localToday();
  const isLastStep = step === STEPS.length - 1;
  // Next checks the step's rules; Complete Setup checks every step's again.
  const form = useSchemaForm(isLastStep ? playerWizardSchema(today) : playerStepSchemas(today)[step]!, initial);
  const draft = form.watch();

  const next = form.submit(() => setStep((s) => Math.min(s + 1, STEPS.length - 1)));

  // Whether the first athlete is the account holder or their child (DESIGN.md 11): it names the fields.
  const [firstAthlete, setFirstAthlete] = useState<"me" | "child">("me");
  const destination = useRef<string>(paths.root);

  const complete = form.submit((sent) => {
    save.mutate(
      { profile: { ...toProfileRequest(sent, today), ...toPreferencesRequest(sent) } },
      {
        onSuccess: () => {
          toast({ title: "Profile Updated!", description: "Your player profile is set up.", variant: "success" });
          // Back to the coach and slot a visitor chose before registering (DESIGN 11), else where the wizard was going.
          navigate(takeReturnTo() ?? destination.current, { replace: true });
        },
        onError: (error) => {
          toastFailure(error, "Error", PlayerMessages.WIZARD_SAVE_FAILED);
        },
      },
    );
  });

  // step stays within STEPS (see next and Back); the first step stands in for anything else.
  const current = STEPS[step] ?? STEPS[0];
  return (
    <WizardFrame {...PLAYER_SETUP_FRAME} progress={<StepProgress step={step + 1} total={STEPS.length} />}>
      <WizardStepCard
        title={current.title}
        description={current.description}
        actions={
          <>
            <Button variant="outline" onClick={() => setStep((s) => Math.max(s - 1, 0))} disabled={step === 0 || save.isPending}>
              Back
            </Button>
            {!isLastStep ? (
              <Button onClick={(e) => void next(e)}>Next</Button>
            ) : (
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  variant="outline"
                  disabled={save.isPending}
                  onClick={(e) => {
                    destination.current = addAthleteHref;
                    void complete(e);
                  }}
                >
                  Add another athlete
                </Button>
                <Button
                  onClick={(e) => {
                    destination.current = paths.root;
                    void complete(e);
                  }}
                  isLoading={save.isPending}
                >
                  Complete Setup
                </Button>
              </div>
            )}
          </>
        }
      >
        {step === 0 ? (
          <fieldset className="flex flex-wrap items-center gap-4">
            <legend className="mb-2 font-semibold text-field-950">Who is this first athlete?</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="first-athlete" checked={firstAthlete === "me"} onChange={() => setFirstAthlete("me")} />
              Me
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="first-athlete" checked={firstAthlete === "child"} onChange={() => setFirstAthlete("child")} />
              My child
            </label>
            {firstAthlete === "child" ? (
              <p className="w-full text-sm text-slate-600">
                Enter your child&apos;s name, birthday and e-mail below; the phone number is yours. You can add more children at the end.
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {step === 0 ? <PlayerInformationFields draft={draft} onChange={form.update} today={today} /> : null}
        {step === 1 ? <LocationFields draft={draft} onChange={form.update} distances={WIZARD_TRAVEL_DISTANCES} /> : null}
        {step === 2 ? <PlayingProfileFields draft={draft} onChange={form.update} /> : null}
      </WizardStepCard>
    </WizardFrame>
  );
}
