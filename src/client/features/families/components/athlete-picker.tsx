import { useEffect } from "react";
import type { Athlete } from "@contract/families";
import { fullName } from "@contract/names";
import { fieldControlClass } from "@client/components/ui/input";
import { useAthletes } from "../api/families";

type Props = { coachId: number; value: number | null; onChange(athleteId: number): void; enabled?: boolean };

/** True while a family of two or more has not said whom a session is for (DESIGN.md 12): its buttons wait. */
export function mustChooseAthlete(athletes: readonly Pick<Athlete, "id">[] | undefined, chosen: readonly number[]): boolean {
  return !!athletes && athletes.length > 1 && !chosen.some((id) => athletes.some((a) => a.id === id));
}

/**
 * "Who is this session for?" (DESIGN.md 11): shown when the family has more than one athlete, with
 * nothing chosen until the family chooses (DESIGN.md 12: a parent never books the wrong child by
 * default). With one athlete it shows nothing and picks that one.
 */
export function AthletePicker({ coachId, value, onChange, enabled = true }: Props) {
  const { data: athletes } = useAthletes(enabled);
  const only = athletes?.length === 1 ? athletes[0] : undefined;
  useEffect(() => {
    if (only && value !== only.id) onChange(only.id);
  }, [only, value, onChange]);

  if (!athletes || athletes.length < 2) return null;
  const isChosen = value !== null && athletes.some((a) => a.id === value);
  return (
    <label className="grid gap-1 text-sm font-medium">
      Athlete
      <select
        className={`${fieldControlClass} h-10`}
        name={`athlete-for-coach-${coachId}`}
        value={isChosen ? value : ""}
        aria-invalid={!isChosen}
        onChange={(e) => {
          const id = Number(e.target.value);
          if (id > 0) onChange(id);
        }}
      >
        <option value="" disabled>
          Choose an athlete
        </option>
        {athletes.map((a: Athlete) => (
          <option key={a.id} value={a.id}>
            {fullName(a)}
          </option>
        ))}
      </select>
    </label>
  );
}
