import { z } from "zod";
import { POSITIONS } from "@contract/coach-basics";
import type { Athlete, CreateAthleteRequest } from "@contract/families";
import { ageRuleToday, SKILL_LEVEL_LABELS } from "@contract/players";
import { CONSENT_AGE, isUnderConsentAge, PRIVACY_POLICY_VERSION } from "@contract/children";
import { SKILL_LEVELS } from "@contract/user-basics";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { fieldControlClass, Input } from "@client/components/ui/input";
import { FormField } from "@client/components/ui/form-field";
import { useSchemaForm } from "@client/lib/form-errors";

export type AthleteFormProps = {
  /** The athlete being edited; a new one when absent. */
  athlete?: Athlete;
  submitLabel: string;
  pending?: boolean;
  onSubmit(body: CreateAthleteRequest): void;
  onCancel?(): void;
};

// The browser's own select, in the fields' look and height (Input's h-11).
const selectClass = `${fieldControlClass} h-11`;

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
  const errors = form.formState.errors;

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2"
      aria-label={athlete ? `Edit ${athlete.firstName}` : "New athlete"}
    >
      <FormField label="First name" id={`${id}-first`} required error={errors.firstName?.message}>
        <Input {...form.register("firstName")} required autoComplete="off" />
      </FormField>
      <FormField label="Last name" id={`${id}-last`} required error={errors.lastName?.message}>
        <Input {...form.register("lastName")} required autoComplete="off" />
      </FormField>
      <FormField label="Birthday" id={`${id}-birthday`} required error={errors.birthday?.message}>
        <Input type="date" {...form.register("birthday")} required />
      </FormField>
      <FormField label="Position" id={`${id}-position`} required error={errors.position?.message}>
        <select className={selectClass} {...form.register("position")} required>
          <option value="">Select a position</option>
          <PositionOptions />
        </select>
      </FormField>
      <FormField label="Secondary position" id={`${id}-secondary`}>
        <select className={selectClass} {...form.register("secondaryPosition")}>
          <option value="">None</option>
          <PositionOptions />
        </select>
      </FormField>
      <FormField label="Skill level" id={`${id}-skill`}>
        <select className={selectClass} {...form.register("skillLevel")}>
          <option value="">Select a level</option>
          {SKILL_LEVELS.map((s) => (
            <option key={s} value={s}>
              {SKILL_LEVEL_LABELS[s]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Goals" id={`${id}-goals`} hint="Separate goals with commas.">
        <Input {...form.register("goals")} />
      </FormField>
      <FormField label="School or club team" id={`${id}-school`}>
        <Input {...form.register("school")} />
      </FormField>
      {askConsent ? (
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <Checkbox
            className="mt-0.5"
            checked={form.watch("consent")}
            onCheckedChange={(checked) => form.setValue("consent", checked)}
            required
          />
          <span>
            I am this child&apos;s parent or guardian and I consent to LaxCoach keeping the information of a child under {CONSENT_AGE} as
            described in the{" "}
            <a href="/privacy-policy" target="_blank" rel="noreferrer" className="underline">
              Privacy Policy
            </a>{" "}
            (version {PRIVACY_POLICY_VERSION}).
            <span aria-hidden className="ml-0.5 text-red-700">
              *
            </span>
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
