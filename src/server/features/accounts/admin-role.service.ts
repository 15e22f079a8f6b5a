import type { AppDeps } from "../../deps";
import * as repo from "./accounts.repository";
import type { UserRow } from "./sessions.repository";
import { publishSessionsEnded } from "../../realtime/session-events";
import { endAllSessionsOfUser } from "./sessions.service";

const isAdminEmail = (deps: AppDeps, email: string) => deps.config.adminEmails.includes(email.toLowerCase());

/**
 * ADMIN_EMAILS is re-read at every sign-in and verification, so adding an address promotes that
 * user next time. Only a verified address counts (DESIGN.md 10): anyone can type an admin's
 * address into a form, only its owner can follow the link mailed to it.
 */
export async function promoteIfAdminEmail(deps: AppDeps, row: UserRow): Promise<UserRow> {
  if (row.userType === "admin" || !row.emailVerified || !isAdminEmail(deps, row.email)) return row;
  const promoted = await repo.setUserType(deps.database.db, row.id, "admin");
  // Open sockets were authorised for the old role.
  await publishSessionsEnded(deps, [row.id]);
  return promoted;
}
export type AdminChange = { ok: true; user: UserRow } | { ok: false; reason: "no_account" | "unverified" | "not_admin" };

/**
 * `npm run admin -- <email>`: gives an account the admin role, only once its owner has verified
 * the address (anyone can register someone else's address; DESIGN.md 10).
 */
export async function makeAdmin(deps: Pick<AppDeps, "database" | "logger">, email: string): Promise<AdminChange> {
  const row = await repo.findUserByEmail(deps.database.db, email.trim());
  if (!row) return { ok: false, reason: "no_account" };
  if (!row.emailVerified) return { ok: false, reason: "unverified" };
  if (row.userType === "admin") return { ok: true, user: row };
  const promoted = await repo.setUserType(deps.database.db, row.id, "admin");
  await publishSessionsEnded(deps, [row.id]);
  return { ok: true, user: promoted };
}

/** `npm run admin -- --list`: every admin, by e-mail. */
export async function listAdmins(deps: Pick<AppDeps, "database">): Promise<UserRow[]> {
  return repo.listAdmins(deps.database.db);
}

/**
 * `npm run admin -- --revoke <email>`: the admin becomes a coach again if they have a coach
 * profile, else a player, and every session of theirs ends (their sockets close on every process).
 */
export async function revokeAdmin(deps: Pick<AppDeps, "database" | "logger">, email: string): Promise<AdminChange> {
  const row = await repo.findUserByEmail(deps.database.db, email.trim());
  if (!row) return { ok: false, reason: "no_account" };
  if (row.userType !== "admin") return { ok: false, reason: "not_admin" };
  const coachId = await repo.findCoachIdForUser(deps.database.db, row.id);
  const demoted = await deps.database.db.transaction(async (tx) => {
    const updated = await repo.setUserType(tx, row.id, coachId === null ? "player" : "coach");
    await endAllSessionsOfUser(tx, row.id);
    return updated;
  });
  await publishSessionsEnded(deps, [row.id]);
  return { ok: true, user: demoted };
}
