import { z } from "zod";
import { POSITIONS } from "@contract/coach-basics";
import type { Athlete, CreateAthleteRequest } from "@contract/families";
import { ageRuleToday, SKILL_LEVEL_LABELS } from "@contract/players";
import { CONSENT_AGE, isUnderConsentAge, PRIVACY_POLICY_VERSION } from "@contract/children";
import { SKILL_LEVELS } from "@contract/user-basics";
import { Button } from "@client/components/ui/button";
import { fieldControlClass } from "@client/components/ui/input";
import { useSchemaForm } from "@client/lib/form-errors";

export type AthleteFormProps = {
  /** The athlete being edited; a new one when absent. */
  athlete?: Athlete;
  submitLabel: string;
  pending?: boolean;
  onSubmit(body: CreateAthleteRequest): void;
  onCancel?(): void;
};

const selectClass = `${fieldControlClass} h-10`;

const AthleteFormSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  birthday: z.string(),
  position: z.string(),
  secondaryPosition: z.string(),
  skillLevel: z.string(),
  goals: z.string(),
  school: z.string(),
  consent: z.boolean(),
});
type AthleteFormValues = z.infer<typeof AthleteFormSchema>;

function athleteFormValues(athlete?: Athlete): AthleteFormValues {
  return {
    firstName: athlete?.firstName ?? "",
    lastName: athlete?.lastName ?? "",
    birthday: athlete?.birthday ?? "",
    position: athlete?.position ?? "",
    secondaryPosition: athlete?.secondaryPosition ?? "",
    skillLevel: athlete?.skillLevel ?? "",
    goals: (athlete?.goals ?? []).join(", "),
    school: athlete?.school ?? "",
    consent: false,
  };
}

/** DESIGN.md 12: a new athlete under 13, or a birthday changed to one, needs the guardian's consent. */
function needsConsent(values: Pick<AthleteFormValues, "birthday">, athlete?: Athlete): boolean {
  if (athlete && athlete.birthday === values.birthday) return false;
  return isUnderConsentAge(values.birthday, ageRuleToday(new Date()));
}

/** The request the form sends: empty choices are null, goals a list; the server checks the rest. */
function athleteRequestOf(values: AthleteFormValues, withConsent: boolean): CreateAthleteRequest {
  return {
    ...(withConsent && values.consent ? { consent: { policyVersion: PRIVACY_POLICY_VERSION } } : {}),
    firstName: values.firstName,
    lastName: values.lastName,
    birthday: values.birthday,
    position: values.position as CreateAthleteRequest["position"],
    secondaryPosition: (values.secondaryPosition || null) as CreateAthleteRequest["secondaryPosition"],
    skillLevel: (values.skillLevel || null) as CreateAthleteRequest["skillLevel"],
    goals: values.goals
      .split(",")
      .map((g) => g.trim())
      .filter(Boolean),
    school: values.school || null,
  };
}

/**
 * One athlete's profile (DESIGN.md 11): name, birthday, positions, skill level, goals, school or
 * club team. The browser checks the required fields (their `required`), as before this form was on
 * useSchemaForm.
 */
export function AthleteFormView({ athlete, submitLabel, pending, onSubmit, onCancel }: AthleteFormProps) {
  const form = useSchemaForm(AthleteFormSchema, athleteFormValues(athlete), { toastOnInvalid: false });
  const id = athlete ? `athlete-${athlete.id}` : "athlete-new";
  const submit = form.submit((values) => onSubmit(athleteRequestOf(values, needsConsent(values, athlete))));
  const askConsent = needsConsent({ birthday: form.watch("birthday") }, athlete);

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid gap-3 sm:grid-cols-2"
      aria-label={athlete ? `Edit ${athlete.firstName}` : "New athlete"}
    >
      <label className="grid gap-1 text-sm font-medium">
        First name
        <input id={`${id}-first`} className={fieldControlClass} {...form.register("firstName")} required />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Last name
        <input id={`${id}-last`} className={fieldControlClass} {...form.register("lastName")} required />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Birthday
        <input id={`${id}-birthday`} type="date" className={fieldControlClass} {...form.register("birthday")} required />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Position
        <select id={`${id}-position`} className={selectClass} {...form.register("position")} required>
          <option value="">Select a position</option>
          <PositionOptions />
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Secondary position
        <select className={selectClass} {...form.register("secondaryPosition")}>
          <option value="">None</option>
          <PositionOptions />
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Skill level
        <select className={selectClass} {...form.register("skillLevel")}>
          <option value="">Select a level</option>
          {SKILL_LEVELS.map((s) => (
            <option key={s} value={s}>
              {SKILL_LEVEL_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Goals (comma separated)
        <input className={fieldControlClass} {...form.register("goals")} />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        School or club team
        <input className={fieldControlClass} {...form.register("school")} />
      </label>
      {askConsent ? (
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="mt-1" {...form.register("consent")} required />
          <span>
            I am this child&apos;s parent or guardian and I consent to LaxCoach keeping the information of a child under {CONSENT_AGE} as
            described in the{" "}
            <a href="/privacy-policy" target="_blank" rel="noreferrer" className="underline">
              Privacy Policy
            </a>{" "}
            (version {PRIVACY_POLICY_VERSION}).
          </span>
        </label>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function PositionOptions() {
  return POSITIONS.map((p) => (
    <option key={p} value={p}>
      {p}
    </option>
  ));
}
