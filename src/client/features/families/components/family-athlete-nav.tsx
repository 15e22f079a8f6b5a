import type { ReactNode } from "react";
import { useCurrentUser } from "@client/lib/current-user";
import { useAthletes } from "../api/families";
import { AthleteSwitcher } from "./athlete-switcher";

/**
 * On a page about one athlete that others may read too (a coach reads the progress of an athlete
 * they coached): the family's way to the same page of its other athletes. Anyone else, or a family
 * that does not hold this athlete, gets nothing.
 */
export function FamilyAthleteNav({
  athleteId,
  hrefFor,
  children,
}: {
  athleteId: number;
  hrefFor: (athleteId: number) => string;
  /** Shown above the switcher for the family only (a link to the athlete's other page). */
  children?: ReactNode;
}) {
  const { user } = useCurrentUser();
  const athletes = useAthletes(user?.userType === "player");
  if (!athletes.data?.some((a) => a.id === athleteId)) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-6 sm:px-6">
      {children}
      <AthleteSwitcher athletes={athletes.data} currentId={athleteId} label="Switch athlete" hrefFor={hrefFor} />
    </div>
  );
}
