import { useState, type FormEvent } from "react";
import { POSITIONS } from "@contract/coaches";
import type { Athlete, CreateAthleteRequest } from "@contract/families";
import { SKILL_LEVEL_LABELS } from "@contract/players";
import { SKILL_LEVELS } from "@contract/users";
import { Button } from "@client/components/ui/button";
import { fieldControlClass } from "@client/components/ui/input";

type Props = {
  /** The athlete being edited; a new one when absent. */
  athlete?: Athlete;
  submitLabel: string;
  pending?: boolean;
  onSubmit(body: CreateAthleteRequest): void;
  onCancel?(): void;
};

const selectClass = `${fieldControlClass} h-10`;

/** One athlete's profile (DESIGN.md 11): name, birthday, positions, skill level, goals, school or club team. */
export function AthleteForm({ athlete, submitLabel, pending, onSubmit, onCancel }: Props) {
  const [firstName, setFirstName] = useState(athlete?.firstName ?? "");
  const [lastName, setLastName] = useState(athlete?.lastName ?? "");
  const [birthday, setBirthday] = useState(athlete?.birthday ?? "");
  const [position, setPosition] = useState(athlete?.position ?? "");
  const [secondaryPosition, setSecondaryPosition] = useState(athlete?.secondaryPosition ?? "");
  const [skillLevel, setSkillLevel] = useState<string>(athlete?.skillLevel ?? "");
  const [goals, setGoals] = useState((athlete?.goals ?? []).join(", "));
  const [school, setSchool] = useState(athlete?.school ?? "");
  const id = athlete ? `athlete-${athlete.id}` : "athlete-new";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({
      firstName,
      lastName,
      birthday,
      position: position as CreateAthleteRequest["position"],
      secondaryPosition: (secondaryPosition || null) as CreateAthleteRequest["secondaryPosition"],
      skillLevel: (skillLevel || null) as CreateAthleteRequest["skillLevel"],
      goals: goals
        .split(",")
        .map((g) => g.trim())
        .filter(Boolean),
      school: school || null,
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label={athlete ? `Edit ${athlete.firstName}` : "New athlete"}>
      <label className="grid gap-1 text-sm font-medium">
        First name
        <input id={`${id}-first`} className={fieldControlClass} value={firstName} onChange={(e) => setFirstName(e.target.value)} required />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Last name
        <input id={`${id}-last`} className={fieldControlClass} value={lastName} onChange={(e) => setLastName(e.target.value)} required />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Birthday
        <input
          id={`${id}-birthday`}
          type="date"
          className={fieldControlClass}
          value={birthday}
          onChange={(e) => setBirthday(e.target.value)}
          required
        />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Position
        <select id={`${id}-position`} className={selectClass} value={position} onChange={(e) => setPosition(e.target.value)} required>
          <option value="">Select a position</option>
          {POSITIONS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Secondary position
        <select className={selectClass} value={secondaryPosition} onChange={(e) => setSecondaryPosition(e.target.value)}>
          <option value="">None</option>
          {POSITIONS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Skill level
        <select className={selectClass} value={skillLevel} onChange={(e) => setSkillLevel(e.target.value)}>
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
        <input className={fieldControlClass} value={goals} onChange={(e) => setGoals(e.target.value)} />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        School or club team
        <input className={fieldControlClass} value={school} onChange={(e) => setSchool(e.target.value)} />
      </label>
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
