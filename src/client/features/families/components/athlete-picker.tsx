import { useEffect } from "react";
import type { Athlete } from "@contract/families";
import { fullName } from "@contract/names";
import { fieldControlClass } from "@client/components/ui/input";
import { useAthletes } from "../api/families";

const storageKey = (coachId: number) => `athlete-for-coach-${coachId}`;

/** The athlete last chosen for this coach (remembered in this browser), if any. */
export function rememberedAthlete(coachId: number): number | null {
  try {
    const value = Number(window.localStorage.getItem(storageKey(coachId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the athlete chosen for this coach (this browser), for the next booking or request. */
export function rememberAthlete(coachId: number, athleteId: number): void {
  try {
    window.localStorage.setItem(storageKey(coachId), String(athleteId));
  } catch {
    // Private mode: the choice is simply not remembered.
  }
}

type Props = { coachId: number; value: number | null; onChange(athleteId: number): void; enabled?: boolean };

/**
 * "Who is this session for?" (DESIGN.md 11): shown when the family has more than one athlete;
 * the choice is remembered per coach. With one athlete it shows nothing and picks that one.
 */
export function AthletePicker({ coachId, value, onChange, enabled = true }: Props) {
  const { data: athletes } = useAthletes(enabled);
  useEffect(() => {
    if (!athletes || athletes.length === 0) return;
    if (value !== null && athletes.some((a) => a.id === value)) return;
    const remembered = rememberedAthlete(coachId);
    const pick = athletes.find((a) => a.id === remembered) ?? athletes[0]!;
    onChange(pick.id);
  }, [athletes, coachId, value, onChange]);

  if (!athletes || athletes.length < 2) return null;
  return (
    <label className="grid gap-1 text-sm font-medium">
      Athlete
      <select
        className={`${fieldControlClass} h-10`}
        value={value ?? ""}
        onChange={(e) => {
          const id = Number(e.target.value);
          rememberAthlete(coachId, id);
          onChange(id);
        }}
      >
        {athletes.map((a: Athlete) => (
          <option key={a.id} value={a.id}>
            {fullName(a)}
          </option>
        ))}
      </select>
    </label>
  );
}
