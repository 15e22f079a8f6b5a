import { fullName } from "./names";

/**
 * Whom a coach reaches about a session (DESIGN.md 12 "Guardians and children"): for a minor, the
 * guardian ("Guardian: Dana Whitaker", their phone and e-mail), never the child's own; for an adult,
 * the account holder. One rule for every coach-facing shape (bookings, requests, the coach's lists),
 * without zod so a first screen that only shows it loads no schema library.
 */
export type CoachContact = {
  /** "Guardian: Dana Whitaker" for a minor; the adult's own name otherwise. */
  label: string;
  /** The person reached: the guardian for a minor. */
  name: string;
  isGuardian: boolean;
  /** Null until the seat is paid (issue 28), or when none is known. */
  email: string | null;
  phoneNumber: string | null;
};

type Person = { firstName: string | null; lastName: string | null; email: string | null; phoneNumber: string | null };

export type CoachContactInput = {
  /** The athlete the session is for; null for rows made before families (then the holder plays). */
  athlete: { isMinor: boolean } | null;
  /** The account that booked or asked. */
  holder: Person & {
    id: number;
    isMinor: boolean;
    parentFirstName: string | null;
    parentLastName: string | null;
    parentEmail: string | null;
    parentPhoneNumber: string | null;
  };
  /** The family's guardians, account holder first (the holder included when a guardian). */
  guardians: readonly (Person & { userId: number })[];
  /** Whether the coach may see phone and e-mail yet (a paid seat). */
  withContact: boolean;
};

export const GUARDIAN_LABEL_PREFIX = "Guardian: ";

export function coachContactOf({ athlete, holder, guardians, withContact }: CoachContactInput): CoachContact {
  const isMinor = athlete ? athlete.isMinor : holder.isMinor;
  const reach = (p: Person | null) => ({
    email: withContact ? p?.email?.trim() || null : null,
    phoneNumber: withContact ? p?.phoneNumber?.trim() || null : null,
  });
  if (!isMinor) {
    const name = fullName(holder);
    return { label: name, name, isGuardian: false, ...reach(holder) };
  }
  // A guardian who is not the minor account holder (an adult who books for the child, or a parent who joined) ...
  const adult = holder.isMinor ? guardians.find((g) => g.userId !== holder.id) : (guardians.find((g) => g.userId === holder.id) ?? holder);
  // ... else the parent named in the minor holder's parent fields.
  const guardian: Person | null =
    adult ??
    (holder.isMinor
      ? {
          firstName: holder.parentFirstName,
          lastName: holder.parentLastName,
          email: holder.parentEmail,
          phoneNumber: holder.parentPhoneNumber,
        }
      : null);
  const name = fullName(guardian) || "Parent or guardian";
  return { label: `${GUARDIAN_LABEL_PREFIX}${name}`, name, isGuardian: true, ...reach(guardian) };
}

/** The student fields a coach sees for a minor account holder: the child's own e-mail and phone never. */
export function withoutMinorOwnContact<T extends { email: string | null; phoneNumber: string | null }>(
  student: T,
  isMinor: boolean,
): Omit<T, "email" | "phoneNumber"> & { email: string | null; phoneNumber: string | null } {
  return isMinor ? { ...student, email: null, phoneNumber: null } : student;
}
