import type { FormEvent } from "react";
import { POSITIONS } from "@contract/coach-basics";
import { AGE_GROUP_LABELS, SKILL_LEVEL_LABELS } from "@contract/players";
import { DEFAULT_MATCH_DISTANCE } from "@contract/search-basics";
import { AGE_GROUPS, SKILL_LEVELS } from "@contract/user-basics";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { FormField } from "@client/components/ui/form-field";
import { DigitsInput, Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { SelectField } from "@client/components/ui/select-field";
import type { MatchFilters } from "../api/get-matches";

/** Skills coaches list beside their positions (the demo coaches use these). */
export const SPECIALTY_OPTIONS = [
  "Dodging",
  "Shooting",
  "Feeding",
  "Off-ball movement",
  "Transition",
  "Ground balls",
  "Conditioning",
  "Footwork",
  "Checking",
  "Slides and recovery",
  "Shot stopping",
  "Clearing",
  "Communication",
  "Clamp technique",
  "Wing play",
] as const;

const ANY = "any";

export const emptyMatchFilters = (): MatchFilters => ({
  position: "",
  ageGroup: "",
  skillLevel: "",
  specialties: [],
  minPrice: "",
  maxPrice: "",
  maxDistance: String(DEFAULT_MATCH_DISTANCE),
});

/** A filter's select: "Any" (no filter, an empty value) first, then the options. */
function AnySelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <SelectField
      label={label}
      value={value || ANY}
      onValueChange={(v) => onChange(v === ANY ? "" : v)}
      options={[{ value: ANY, label: "Any" }, ...options]}
    />
  );
}

type Props = { value: MatchFilters; onChange: (patch: Partial<MatchFilters>) => void; onApply: () => void; onClear: () => void };

/** player-side 5, matching filters: position, age group, skill level, specialties, price range, distance (default 25). */
export function MatchFiltersPanel({ value, onChange, onApply, onClear }: Props) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply();
  }
  function toggle(specialty: string, on: boolean) {
    const rest = value.specialties.filter((s) => s !== specialty);
    onChange({ specialties: on ? [...rest, specialty] : rest });
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Filters"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 className="font-display text-xl font-bold text-field-950 uppercase">Filters</h2>
      <AnySelect
        label="Position"
        value={value.position}
        onChange={(position) => onChange({ position })}
        options={POSITIONS.map((p) => ({ value: p, label: p }))}
      />
      <AnySelect
        label="Age group"
        value={value.ageGroup}
        onChange={(ageGroup) => onChange({ ageGroup })}
        options={AGE_GROUPS.map((g) => ({ value: g, label: AGE_GROUP_LABELS[g] }))}
      />
      <AnySelect
        label="Skill level"
        value={value.skillLevel}
        onChange={(skillLevel) => onChange({ skillLevel })}
        options={SKILL_LEVELS.map((s) => ({ value: s, label: SKILL_LEVEL_LABELS[s] }))}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Min price ($)">
          <Input inputMode="decimal" value={value.minPrice} onChange={(e) => onChange({ minPrice: e.target.value })} />
        </FormField>
        <FormField label="Max price ($)">
          <Input inputMode="decimal" value={value.maxPrice} onChange={(e) => onChange({ maxPrice: e.target.value })} />
        </FormField>
      </div>
      <FormField label="Max distance (miles)">
        <DigitsInput value={value.maxDistance} onValueChange={(maxDistance) => onChange({ maxDistance })} />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Specialties</legend>
        <div className="flex max-h-56 flex-col gap-2 overflow-y-auto pr-1">
          {SPECIALTY_OPTIONS.map((s) => {
            const id = `specialty-${s.replace(/\W+/g, "-").toLowerCase()}`;
            return (
              <div key={s} className="flex items-center gap-2">
                <Checkbox id={id} checked={value.specialties.includes(s)} onCheckedChange={(v) => toggle(s, v === true)} />
                <Label htmlFor={id} className="font-normal">
                  {s}
                </Label>
              </div>
            );
          })}
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" className="flex-1">
          Find Matches
        </Button>
        <Button type="button" variant="outline" onClick={onClear}>
          Clear Filters
        </Button>
      </div>
    </form>
  );
}
