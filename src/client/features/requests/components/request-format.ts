export const sessionTypeLabel = (type: string) => (type === "group" ? "Group" : "Individual");

export function personName(person: { firstName: string | null; lastName: string | null } | null | undefined, fallback: string): string {
  return [person?.firstName, person?.lastName].filter(Boolean).join(" ").trim() || fallback;
}
