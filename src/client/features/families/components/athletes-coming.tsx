import { useEffect, useId, useRef } from "react";
import { fullName } from "@contract/names";
import { Checkbox } from "@client/components/ui/checkbox";
import { useAthletes } from "../api/families";
import { rememberAthlete, rememberedAthlete } from "./athlete-picker";

type Props = {
  coachId: number;
  /** The seats still open in the session: no more athletes than that can be ticked. */
  seats: number;
  value: readonly number[];
  onChange(athleteIds: number[]): void;
};

/**
 * "Who is coming?" on a group session (DESIGN.md 11: two siblings in one session are two seats,
 * paid in one checkout). Starts with the athlete last chosen for this coach, else the first; a
 * single choice is remembered for the coach, as the athlete picker does.
 */
export function AthletesComing({ coachId, seats, value, onChange }: Props) {
  const { data: athletes } = useAthletes();
  const legendId = useId();
  const hintId = useId();
  // The default is set once: a family that unticks everyone is asked to choose, not re-ticked.
  const isStarted = useRef(false);
  useEffect(() => {
    if (!athletes || athletes.length === 0) return;
    const known = value.filter((id) => athletes.some((a) => a.id === id));
    if (known.length !== value.length) onChange(known);
    if (isStarted.current || known.length > 0) {
      isStarted.current = true;
      return;
    }
    isStarted.current = true;
    const remembered = rememberedAthlete(coachId);
    onChange([(athletes.find((a) => a.id === remembered) ?? athletes[0]!).id]);
  }, [athletes, coachId, value, onChange]);

  if (!athletes || athletes.length < 2) return null;
  const isFull = value.length >= seats;

  function toggle(athleteId: number, isTicked: boolean) {
    const next = isTicked ? [...value, athleteId] : value.filter((id) => id !== athleteId);
    // Keep the family's order, whatever order the boxes were ticked in.
    const ordered = athletes!.map((a) => a.id).filter((id) => next.includes(id));
    if (ordered.length === 1) rememberAthlete(coachId, ordered[0]!);
    onChange(ordered);
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
