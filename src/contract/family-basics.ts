/**
 * The family rules and texts without zod: packages and progress name a missing athlete in the same
 * words, and a page that only shows them does not load the schema library (docs/PERFORMANCE.md).
 * `families.ts` re-exports it beside its schemas.
 */

/** Families (DESIGN.md 11): a player account holds 1 to 10 athletes and one or more guardians. */
export const MAX_ATHLETES_PER_FAMILY = 10;

export const FamilyMessages = {
  ATHLETE_NOT_FOUND: "Athlete not found",
  TOO_MANY_ATHLETES: `A family can have at most ${MAX_ATHLETES_PER_FAMILY} athletes.`,
  LAST_ATHLETE: "A family needs at least one athlete.",
  ATHLETE_HAS_BOOKINGS: "This athlete has an upcoming session. Cancel it before removing the athlete.",
  ONLY_PLAYERS: "Only player accounts have a family.",
  INVITATION_NOT_FOUND: "Invitation not found",
  INVITATION_USED: "This invitation has already been used.",
  INVITATION_OTHER_EMAIL: "This invitation was sent to another e-mail address. Sign in with that address to accept it.",
  VERIFY_FIRST: "Please verify your e-mail address before accepting the invitation.",
  ALREADY_GUARDIAN: "This person is already a guardian of your family.",
  INVITE_SELF: "You are already a guardian of this family.",
  GUARDIAN_NOT_FOUND: "Guardian not found",
  LAST_GUARDIAN: "A family needs at least one guardian.",
  INVITEE_HAS_BOOKINGS: "Your account has other guardians. Leave that family before joining this one.",
  INVITATION_SENT: "Invitation sent",
  INVITATION_ACCEPTED: "You are now a guardian of this family.",
  GUARDIAN_REMOVED: "Guardian removed",
  ATHLETE_REMOVED: "Athlete removed",
} as const;
