import type { ComponentProps } from "react";
import { POSITIONS } from "@contract/coach-basics";
import { AGE_GROUP_LABELS, formatBirthdayInput, NO_SECONDARY_POSITION, SKILL_LEVEL_LABELS, travelDistanceLabel } from "@contract/players";
import { AGE_GROUPS, COACHING_STYLES, SESSION_PREFERENCES, SKILL_LEVELS } from "@contract/user-basics";
import { Checkbox } from "@client/components/ui/checkbox";
import { FormField } from "@client/components/ui/form-field";
import { DigitsInput, Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { SelectField } from "@client/components/ui/select-field";
import { isMinorDraft, type PlayerDraft } from "./player-draft";

type FieldsProps = { draft: PlayerDraft; onChange: (patch: Partial<PlayerDraft>) => void };
type TextField = { [K in keyof PlayerDraft]: PlayerDraft[K] extends string ? K : never }[keyof PlayerDraft];

/** An input bound to one of the draft's texts: the field is named once, for both its value and its change. */
function DraftInput({
  field,
  draft,
  onChange,
  ...props
}: FieldsProps & { field: TextField } & Omit<ComponentProps<"input">, "value" | "onChange">) {
  return <Input {...props} value={draft[field]} onChange={(e) => onChange({ [field]: e.target.value })} />;
}

/** A minor's parent or guardian contact, in the order the form asks for it. */
const PARENT_FIELDS: readonly { field: TextField; label: string; type?: "tel" | "email" }[] = [
  { field: "parentFirstName", label: "Parent first name" },
  { field: "parentLastName", label: "Parent last name" },
  { field: "parentPhoneNumber", label: "Parent phone number", type: "tel" },
  { field: "parentEmail", label: "Parent email", type: "email" },
];

/** A checkbox with its label beside it. */
export function ConsentCheckbox({
  id,
  checked,
  onChange,
  label,
}: {
  id: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} className="mt-0.5" />
      <Label htmlFor={id} className="font-normal text-slate-700">
        {label}
      </Label>
    </div>
  );
}

/** Player name, contact and birthday; for a minor (by the birthday typed) the parent or guardian's details and consent. */
export function PlayerInformationFields({
  draft,
  onChange,
  today,
  parentLocked = false,
}: FieldsProps & {
  today: string;
  /** A minor's parent contact once set is the parent's to change (DESIGN.md 12; the server answers 403): shown read-only. */
  parentLocked?: boolean;
}) {
  const isMinor = isMinorDraft(draft, today);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name">
          <DraftInput field="firstName" autoComplete="given-name" draft={draft} onChange={onChange} />
        </FormField>
        <FormField label="Last name">
          <DraftInput field="lastName" autoComplete="family-name" draft={draft} onChange={onChange} />
        </FormField>
        <FormField label="Phone number">
          <DraftInput field="phoneNumber" type="tel" autoComplete="tel" draft={draft} onChange={onChange} />
        </FormField>
        <FormField label="Player email">
          <DraftInput field="playerEmail" type="email" autoComplete="email" draft={draft} onChange={onChange} />
        </FormField>
        <FormField label="Birthday" hint="MM/DD/YYYY">
          <Input
            inputMode="numeric"
            placeholder="MM/DD/YYYY"
            maxLength={10}
            value={draft.birthday}
            autoComplete="bday"
            onChange={(e) => onChange({ birthday: formatBirthdayInput(e.target.value) })}
          />
        </FormField>
      </div>
      {isMinor ? (
        <fieldset className="flex flex-col gap-4 rounded-xl border-2 border-accent-500 bg-field-50 p-4">
          <legend className="px-1 font-display text-lg font-bold text-field-950 uppercase">Parent/Guardian Information</legend>
          {parentLocked ? (
            <p className="text-sm text-slate-700" data-testid="parent-contact-locked">
              Your parent or guardian's contact is set. Only they can change it: ask them to contact support from their own e-mail.
            </p>
          ) : (
            <p className="text-sm text-slate-700">Players under 18 need a parent or guardian on file.</p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {PARENT_FIELDS.map(({ field, label, type }) => (
              <FormField key={field} label={label}>
                <DraftInput
                  field={field}
                  type={type}
                  draft={draft}
                  onChange={onChange}
                  readOnly={parentLocked}
                  className={parentLocked ? "bg-slate-100" : undefined}
                />
              </FormField>
            ))}
          </div>
          {parentLocked ? null : (
            <ConsentCheckbox
              id="parent-sms-opt-in"
              checked={draft.parentSmsOptIn}
              onChange={(parentSmsOptIn) => onChange({ parentSmsOptIn })}
              label="As the parent/guardian, I agree to receive text messages about sessions and bookings."
            />
          )}
        </fieldset>
      ) : null}
    </div>
  );
}

/** ZIP code (digits only, 5 at most) and how far the player will travel. */
export function LocationFields({ draft, onChange, distances }: FieldsProps & { distances: readonly number[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="ZIP code" hint="5 digits">
        <DigitsInput
          maxLength={5}
          value={draft.preferredLocation}
          autoComplete="postal-code"
          onValueChange={(preferredLocation) => onChange({ preferredLocation })}
        />
      </FormField>
      <SelectField
        label="Maximum travel distance"
        value={draft.maxTravelDistance}
        onValueChange={(maxTravelDistance) => onChange({ maxTravelDistance })}
        options={distances.map((miles) => ({ value: String(miles), label: travelDistanceLabel(miles, distances) }))}
      />
    </div>
  );
}

const positionOptions = POSITIONS.map((p) => ({ value: p, label: p }));

/** Positions, age group, skill level and training goals. */
export function PlayingProfileFields({ draft, onChange }: FieldsProps) {
  function toggleGoal(goal: string, on: boolean) {
    onChange({ goals: on ? [...draft.goals.filter((g) => g !== goal), goal] : draft.goals.filter((g) => g !== goal) });
  }
  function togglePreference(item: string, on: boolean) {
    const rest = draft.sessionPreferences.filter((p) => p !== item);
    onChange({ sessionPreferences: on ? [...rest, item] : rest });
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Position"
          value={draft.position}
          onValueChange={(position) => onChange({ position })}
          options={positionOptions}
          placeholder="Select your position"
        />
        <SelectField
          label="Secondary position (optional)"
          value={draft.secondaryPosition}
          onValueChange={(secondaryPosition) => onChange({ secondaryPosition })}
          options={[{ value: NO_SECONDARY_POSITION, label: "None" }, ...positionOptions]}
          placeholder="None"
        />
        <SelectField
          label="Age group"
          value={draft.ageGroup}
          onValueChange={(ageGroup) => onChange({ ageGroup })}
          options={AGE_GROUPS.map((g) => ({ value: g, label: AGE_GROUP_LABELS[g] }))}
          placeholder="Select your age group"
        />
        <SelectField
          label="Skill level"
          value={draft.skillLevel}
          onValueChange={(skillLevel) => onChange({ skillLevel })}
          options={SKILL_LEVELS.map((s) => ({ value: s, label: SKILL_LEVEL_LABELS[s] }))}
          placeholder="Select your skill level"
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Training goals (optional)</legend>
        <div className="flex flex-wrap gap-3">
          {POSITIONS.map((goal) => (
            <div key={goal} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2">
              <Checkbox id={`goal-${goal}`} checked={draft.goals.includes(goal)} onCheckedChange={(v) => toggleGoal(goal, v === true)} />
              <Label htmlFor={`goal-${goal}`} className="font-normal">
                {goal}
              </Label>
            </div>
          ))}
        </div>
      </fieldset>
      {/* Shown to the coaches the player books, so they can plan the session. */}
      <SelectField
        label="Preferred coaching style (optional)"
        value={draft.preferredCoachingStyle}
        onValueChange={(preferredCoachingStyle) => onChange({ preferredCoachingStyle })}
        options={[{ value: "none", label: "No preference" }, ...COACHING_STYLES.map((s) => ({ value: s, label: s }))]}
        placeholder="No preference"
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Session preferences (optional)</legend>
        <div className="flex flex-wrap gap-3">
          {SESSION_PREFERENCES.map((item, i) => (
            <div key={item} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2">
              <Checkbox
                id={`session-preference-${i}`}
                checked={draft.sessionPreferences.includes(item)}
                onCheckedChange={(v) => togglePreference(item, v === true)}
              />
              <Label htmlFor={`session-preference-${i}`} className="font-normal">
                {item}
              </Label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
