import { useEffect, useId } from "react";
import { fullName } from "@contract/names";
import { Checkbox } from "@client/components/ui/checkbox";
import { useAthletes } from "../api/families";

type Props = {
  /** The seats still open in the session: no more athletes than that can be ticked. */
  seats: number;
  value: readonly number[];
  onChange(athleteIds: number[]): void;
};

/**
 * "Who is coming?" on a group session (DESIGN.md 11: two siblings in one session are two seats,
 * paid in one checkout). Nobody is ticked until the family ticks (DESIGN.md 12: never a default
 * athlete for a family of two or more); a family of one is its only athlete.
 */
export function AthletesComing({ seats, value, onChange }: Props) {
  const { data: athletes } = useAthletes();
  const legendId = useId();
  const hintId = useId();
  useEffect(() => {
    if (!athletes || athletes.length === 0) return;
    if (athletes.length === 1) {
      if (value.length !== 1 || value[0] !== athletes[0]!.id) onChange([athletes[0]!.id]);
      return;
    }
    const known = value.filter((id) => athletes.some((a) => a.id === id));
    if (known.length !== value.length) onChange(known);
  }, [athletes, value, onChange]);

  if (!athletes || athletes.length < 2) return null;
  const isFull = value.length >= seats;

  function toggle(athleteId: number, isTicked: boolean) {
    const next = isTicked ? [...value, athleteId] : value.filter((id) => id !== athleteId);
    // Keep the family's order, whatever order the boxes were ticked in.
    onChange(athletes!.map((a) => a.id).filter((id) => next.includes(id)));
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend id={legendId} className="text-sm font-medium">
        Who is coming?
      </legend>
      <p id={hintId} className="text-xs text-slate-600">
        {seats === 1 ? "1 spot left." : `${seats} spots left.`} Each athlete takes a seat; you pay for them together.
      </p>
      <ul className="flex flex-col gap-2">
        {athletes.map((a) => {
          const isTicked = value.includes(a.id);
          const inputId = `${legendId}-${a.id}`;
          return (
            <li key={a.id} className="flex items-center gap-2">
              <Checkbox
                id={inputId}
                checked={isTicked}
                disabled={!isTicked && isFull}
                onCheckedChange={(checked) => toggle(a.id, checked)}
              />
              <label htmlFor={inputId} className="text-sm text-slate-900">
                {fullName(a)}
              </label>
            </li>
          );
        })}
      </ul>
      {value.length === 0 ? (
        <p role="status" className="text-sm text-amber-800">
          Choose at least one athlete.
        </p>
      ) : null}
    </fieldset>
  );
}
