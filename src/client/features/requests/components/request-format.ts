export const sessionTypeLabel = (type: string) => (type === "group" ? "Group" : "Individual");
import { fullName } from "@contract/names";

export function personName(person: { firstName: string | null; lastName: string | null } | null | undefined, fallback: string): string {
  return fullName(person) || fallback;
}
