/*
 * The setup gate, without zod: the client's router (in the entry chunk) needs it, and the entry
 * must not carry zod (docs/PERFORMANCE.md). accounts.ts re-exports it.
 */

/**
 * player-side 2: a player lacking a phone number or a primary position sees only the setup wizard;
 * a guardian who joined a family by invitation never does (DESIGN.md 12: they are no player).
 */
export function needsPlayerSetup(user: {
  userType: string;
  phoneNumber: string | null;
  position: string | null;
  isInvitedGuardian?: boolean;
}): boolean {
  return user.userType === "player" && !user.isInvitedGuardian && (!user.phoneNumber || !user.position);
}
