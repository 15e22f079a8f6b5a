import type { Athlete } from "@contract/families";
import { fullName } from "@contract/names";

/** "Riley Whitaker, age 11": the summary's line of whose session it is (DESIGN.md 12). */
export function athleteWithAge(athlete: Pick<Athlete, "firstName" | "lastName" | "age">): string {
  return athlete.age !== null ? `${fullName(athlete)}, age ${athlete.age}` : fullName(athlete);
}

/** "Book Riley's session", "Book Mia and Leo's sessions": the booking button names whose session it is. */
export function bookSessionLabel(athletes: readonly Pick<Athlete, "firstName">[]): string {
  const names = athletes.map((a) => a.firstName);
  if (names.length <= 1) return `Book ${names[0] ?? ""}'s session`;
  return `Book ${names.slice(0, -1).join(", ")} and ${names.at(-1)}'s sessions`;
}

/**
 * Whether the page says whose session it is: always for a family of two or more; for a family of
 * one, when its athlete is not the signed-in account holder (a parent booking for their only child).
 */
export function isWhoseSessionShown(
  family: readonly Pick<Athlete, "firstName" | "lastName">[],
  user: { firstName: string | null; lastName: string | null } | null,
): boolean {
  if (family.length > 1) return true;
  const only = family[0];
  if (!only || !user) return false;
  return fullName(only).toLowerCase() !== fullName(user).toLowerCase();
}
