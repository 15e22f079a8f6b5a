// A family's guardians (DESIGN.md 12): its owner, invitations, joining, leaving, removal and hand-over.
import { createHash, randomBytes } from "node:crypto";
import {
  FamilyMessages,
  INVITATION_SUBJECT,
  INVITATION_VALID_DAYS,
  MAX_FAMILY_INVITATIONS_PER_DAY,
  MAX_INVITATIONS_PER_ADDRESS_PER_DAY,
  type AcceptInvitationResponse,
  type Guardian,
  type InvitationPreview,
  type PendingInvitation,
} from "@contract/families";
import { ErrorCode } from "@contract/error-basics";
import { ageOn, ageRuleToday, isMinorAge } from "@contract/players";
import { fullName } from "@contract/names";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { isForeignKeyViolation, type Queryable } from "../../db/sql";
import type { UserRow } from "../accounts/sessions.repository";
import { familyOf } from "./families.service";
import * as repo from "./families.repository";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const DAY_MS = 24 * 60 * 60 * 1000;

const gone = (message: string) => new AppError(410, ErrorCode.CONFLICT, message);
const tooMany = (message: string) => new AppError(429, ErrorCode.RATE_LIMITED, message);

type Person = { firstName: string | null; lastName: string | null; email: string };
const nameOf = (u: Person) => fullName(u) || u.email;

/**
 * A minor account holder (DESIGN.md 12): a player under 18 whose parent fields name a parent. They
 * never own the family, cannot invite or remove guardians, and cannot change the parent contact once set.
 */
export function isMinorAccountHolder(u: { birthday: string | null; parentEmail: string | null }, now: Date): boolean {
  return isMinorAge(ageOn(u.birthday, ageRuleToday(now))) && Boolean(u.parentEmail?.trim());
}

type Ownership = { members: repo.FamilyMemberRow[]; ownerId: number | null; holder: repo.FamilyMemberRow | undefined };

/**
 * Who owns the family now: the stored owner while a guardian (else the first guardian), unless that
 * is a minor account holder, whose family has no owner until the parent named on it joins.
 */
export async function ownershipOf(deps: AppDeps, familyId: number, db: Queryable = deps.database.db): Promise<Ownership> {
  const { members, storedOwnerId } = await repo.familyMembers(db, familyId);
  const stored = members.find((m) => m.userId === storedOwnerId) ?? members[0];
  const ownerId = stored && !isMinorAccountHolder(stored, deps.clock.now()) ? stored.userId : null;
  return { members, ownerId, holder: members[0] };
}

/** The caller may manage the family's guardians: the owner only; a minor account holder hears why not. */
function requireOwner(deps: AppDeps, user: UserRow, ownership: Ownership): void {
  if (ownership.ownerId === user.id) return;
  if (isMinorAccountHolder(user, deps.clock.now())) throw forbidden(FamilyMessages.MINOR_CANNOT_MANAGE);
  throw forbidden(FamilyMessages.ONLY_OWNER);
}

/** GET /api/family/guardians */
export async function listGuardians(deps: AppDeps, user: UserRow): Promise<Guardian[]> {
  const familyId = await familyOf(deps, user);
  const { members, ownerId } = await ownershipOf(deps, familyId);
  return members.map((r, i) => ({
    userId: r.userId,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    isAccountHolder: i === 0,
    isOwner: r.userId === ownerId,
    isMe: r.userId === user.id,
  }));
}

/** GET /api/family/invitations: the family's invitations still waiting for an answer. */
export async function listInvitations(deps: AppDeps, user: UserRow): Promise<PendingInvitation[]> {
  const familyId = await familyOf(deps, user);
  const rows = await repo.listOpenInvitations(deps.database.db, familyId);
  const now = deps.clock.now();
  return rows.filter((r) => !isExpired(r, now)).map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() }));
}

/** DELETE /api/family/invitations/{id}: the owner withdraws an invitation of the family. */
export async function revokeInvitation(deps: AppDeps, user: UserRow, invitationId: number): Promise<{ success: true }> {
  const familyId = await familyOf(deps, user);
  requireOwner(deps, user, await ownershipOf(deps, familyId));
  if (!(await repo.revokeInvitation(deps.database.db, familyId, invitationId, deps.clock.now()))) {
    throw notFound(FamilyMessages.INVITATION_NOT_FOUND);
  }
  return { success: true };
}

/**
 * POST /api/family/guardians {email}: the owner, from a verified address, mails an invitation whose
 * link is APP_URL/family/invitations/{token}; at most 5 a day per family and 3 a day per address
 * (counted under the family's lock, so two at once cannot both pass).
 */
export async function inviteGuardian(
  deps: AppDeps,
  user: UserRow,
  email: string,
): Promise<{ success: true; message: string; invitation: PendingInvitation }> {
  const familyId = await familyOf(deps, user);
  const db = deps.database.db;
  requireOwner(deps, user, await ownershipOf(deps, familyId));
  if (!user.emailVerified) throw forbidden(FamilyMessages.VERIFY_TO_INVITE);
  const address = email.trim().toLowerCase();
  if (address === user.email.toLowerCase()) throw badRequest(FamilyMessages.INVITE_SELF, "email");
  if (await repo.isEmailGuardianOf(db, familyId, address)) throw conflict(FamilyMessages.ALREADY_GUARDIAN, "email");
  const token = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const row = await db.transaction(async (tx) => {
    await repo.lockFamily(tx, familyId);
    if ((await repo.countInvitationsSince(tx, dayAgo, { familyId })) >= MAX_FAMILY_INVITATIONS_PER_DAY) {
      throw tooMany(FamilyMessages.TOO_MANY_FAMILY_INVITATIONS);
    }
    if ((await repo.countInvitationsSince(tx, dayAgo, { email: address })) >= MAX_INVITATIONS_PER_ADDRESS_PER_DAY) {
      throw tooMany(FamilyMessages.TOO_MANY_ADDRESS_INVITATIONS);
    }
    return repo.insertInvitation(tx, { familyId, email: address, tokenHash: sha256(token), invitedBy: user.id, now });
  });
  await mailInvitation(deps, row.email, nameOf(user), token, familyId);
  return {
    success: true,
    message: FamilyMessages.INVITATION_SENT,
    invitation: { id: row.id, email: row.email, createdAt: row.createdAt.toISOString() },
  };
}

/** The invitation mail: a fixed subject; the text names only the inviter's full name and the athletes' first names. */
async function mailInvitation(deps: AppDeps, to: string, from: string, token: string, familyId: number): Promise<void> {
  const link = `${deps.config.appUrl}/family/invitations/${token}`;
  const firstNames = (await repo.athletesOfFamily(deps.database.db, familyId)).map((a) => a.firstName.trim()).filter(Boolean);
  const forWhom = firstNames.length ? ` (${firstNames.join(", ")})` : "";
  try {
    await deps.mailer.send({
      to,
      subject: INVITATION_SUBJECT,
      text: [
        "Hi,",
        "",
        `${from} invited you to join their family${forWhom} on LaxCoach as a guardian: you will see, book, pay for and cancel their sessions, and get their e-mails and texts.`,
        "",
        `Sign in (or create an account) with this e-mail address, then open this link within ${INVITATION_VALID_DAYS} days:`,
        "",
        link,
        "",
        "If you did not expect this invitation, you can ignore this e-mail.",
      ].join("\n"),
    });
  } catch (err) {
    deps.logger.error({ err }, "could not send a guardian invitation");
  }
}

/** An invitation expires 7 days after it was sent (the sweep's for a migrated one: when it mailed it). */
function isExpired(row: repo.InvitationRow, now: Date): boolean {
  const sentAt = row.mailedAt ?? row.createdAt;
  return now.getTime() - sentAt.getTime() > INVITATION_VALID_DAYS * DAY_MS;
}

async function openInvitation(deps: AppDeps, token: string): Promise<repo.InvitationRow> {
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(token)) throw notFound(FamilyMessages.INVITATION_NOT_FOUND);
  const row = await repo.findInvitationByTokenHash(deps.database.db, sha256(token));
  if (!row || row.revokedAt) throw notFound(FamilyMessages.INVITATION_NOT_FOUND);
  if (row.acceptedAt) throw gone(FamilyMessages.INVITATION_USED);
  if (isExpired(row, deps.clock.now())) throw gone(FamilyMessages.INVITATION_EXPIRED);
  return row;
}

/** GET /api/family/invitations/{token}: who invited, for whom (the acceptance page). */
export async function previewInvitation(deps: AppDeps, user: UserRow, token: string): Promise<InvitationPreview> {
  const row = await openInvitation(deps, token);
  if (row.email !== user.email.toLowerCase()) throw forbidden(FamilyMessages.INVITATION_OTHER_EMAIL);
  const inviter = row.invitedBy ? await repo.findUserBrief(deps.database.db, row.invitedBy) : undefined;
  const athletes = await repo.athletesOfFamily(deps.database.db, row.familyId);
  return {
    email: row.email,
    invitedBy: inviter ? nameOf(inviter) : "A family",
    athletes: athletes.map((a) => a.firstName.trim()).filter(Boolean),
  };
}

/**
 * POST /api/family/invitations/{token}/accept: signed in with the invited, verified address. No
 * athlete moves (DESIGN.md 12): an invitee whose own family has anything on record gets 409 and
 * nothing changes; an invitee whose family is empty joins, and that empty family (its athlete
 * profiles) goes, all in one transaction. A minor account holder's family takes the parent named on
 * it first, who becomes its owner.
 */
export async function acceptInvitation(deps: AppDeps, user: UserRow, token: string): Promise<AcceptInvitationResponse> {
  const first = await openInvitation(deps, token);
  if (first.email !== user.email.toLowerCase()) throw forbidden(FamilyMessages.INVITATION_OTHER_EMAIL);
  if (!user.emailVerified) throw forbidden(FamilyMessages.VERIFY_FIRST);
  if (user.userType !== "player") throw forbidden(FamilyMessages.ONLY_PLAYERS);
  const now = deps.clock.now();
  const db = deps.database.db;
  const oldFamilyId = await repo.existingFamilyIdOfUser(db, user.id);
  let joined = false;
  try {
    await db.transaction(async (tx) => {
      // Both families, in id order, so two acceptances at once cannot deadlock.
      for (const id of [first.familyId, oldFamilyId].filter((v): v is number => v !== undefined).sort((a, b) => a - b)) {
        await repo.lockFamily(tx, id);
      }
      const invitation = await repo.lockInvitation(tx, first.id);
      if (!invitation || invitation.revokedAt) throw notFound(FamilyMessages.INVITATION_NOT_FOUND);
      if (invitation.acceptedAt) throw gone(FamilyMessages.INVITATION_USED);
      if (isExpired(invitation, now)) throw gone(FamilyMessages.INVITATION_EXPIRED);
      const current = await repo.existingFamilyIdOfUser(tx, user.id);
      if (current !== oldFamilyId) throw conflict(FamilyMessages.INVITATION_USED);
      if (current !== invitation.familyId) {
        const ownership = await ownershipOf(deps, invitation.familyId, tx);
        const holder = ownership.holder;
        const isTheParent = holder !== undefined && holder.parentEmail?.trim().toLowerCase() === user.email.toLowerCase();
        if (ownership.ownerId === null && holder && !isTheParent) throw forbidden(FamilyMessages.PARENT_JOINS_FIRST);
        if (current !== undefined) {
          const others = (await repo.guardianIdsOfFamily(tx, current)).filter((id) => id !== user.id);
          if (others.length > 0) throw conflict(FamilyMessages.INVITEE_HAS_BOOKINGS);
          if (await repo.familyHasHistory(tx, current)) throw conflict(FamilyMessages.INVITEE_HAS_ATHLETES);
          // Nothing on record: the empty family and its athlete profiles go (athletes cascade).
          await repo.deleteFamily(tx, current);
        }
        await repo.addGuardian(tx, invitation.familyId, user.id, now);
        if (ownership.ownerId === null && isTheParent) await repo.setOwner(tx, invitation.familyId, user.id);
        joined = true;
      }
      await repo.markInvitationAccepted(tx, invitation.id, user.id, now);
    });
  } catch (err) {
    // Something else on record that refers to the old family (a kind of history added later): 409, nothing done.
    if (isForeignKeyViolation(err)) throw conflict(FamilyMessages.INVITEE_HAS_ATHLETES);
    throw err;
  }
  if (joined) await mailFamilyChange(deps, first.familyId, [], `${nameOf(user)} joined your family as a guardian.`);
  return { success: true, message: FamilyMessages.INVITATION_ACCEPTED, familyId: first.familyId };
}

/**
 * DELETE /api/family/guardians/{userId}: any guardian leaves (their own id); the owner removes
 * another. The owner is never removed (409) and leaves only after handing over; never the last one.
 */
export async function removeGuardian(deps: AppDeps, user: UserRow, guardianUserId: number): Promise<{ success: true; message: string }> {
  const familyId = await familyOf(deps, user);
  const leaving = guardianUserId === user.id;
  let removed: repo.FamilyMemberRow | undefined;
  await deps.database.db.transaction(async (tx) => {
    await repo.lockFamily(tx, familyId);
    const ownership = await ownershipOf(deps, familyId, tx);
    removed = ownership.members.find((m) => m.userId === guardianUserId);
    if (!removed) throw notFound(FamilyMessages.GUARDIAN_NOT_FOUND);
    if (ownership.members.length <= 1) throw conflict(FamilyMessages.LAST_GUARDIAN);
    if (leaving) {
      if (ownership.ownerId === user.id) throw conflict(FamilyMessages.OWNER_CANNOT_LEAVE);
    } else {
      if (ownership.ownerId === guardianUserId) throw conflict(FamilyMessages.OWNER_NEVER_REMOVED);
      requireOwner(deps, user, ownership);
    }
    await repo.removeGuardian(tx, familyId, guardianUserId);
  });
  if (removed) {
    const text = leaving
      ? `${nameOf(removed)} left your family on LaxCoach.`
      : `${nameOf(user)} removed ${nameOf(removed)} from the family's guardians on LaxCoach.`;
    await mailFamilyChange(deps, familyId, [removed.email], text);
  }
  return { success: true, message: leaving ? FamilyMessages.GUARDIAN_LEFT : FamilyMessages.GUARDIAN_REMOVED };
}

/** POST /api/family/owner {userId}: the owner hands ownership to another (adult) guardian of the family. */
export async function handOverOwnership(deps: AppDeps, user: UserRow, newOwnerId: number): Promise<{ success: true; message: string }> {
  const familyId = await familyOf(deps, user);
  let heir: repo.FamilyMemberRow | undefined;
  await deps.database.db.transaction(async (tx) => {
    await repo.lockFamily(tx, familyId);
    const ownership = await ownershipOf(deps, familyId, tx);
    requireOwner(deps, user, ownership);
    heir = ownership.members.find((m) => m.userId === newOwnerId);
    if (!heir) throw notFound(FamilyMessages.GUARDIAN_NOT_FOUND);
    if (isMinorAccountHolder(heir, deps.clock.now())) throw forbidden(FamilyMessages.OWNER_MUST_BE_ADULT_PARENT);
    await repo.setOwner(tx, familyId, newOwnerId);
  });
  if (heir && heir.userId !== user.id) {
    await mailFamilyChange(deps, familyId, [], `${nameOf(user)} handed the family's ownership to ${nameOf(heir)}.`);
  }
  return { success: true, message: FamilyMessages.OWNER_CHANGED };
}

/** Tells every guardian of the family (and whoever just left it) about a change of its guardians. */
async function mailFamilyChange(deps: AppDeps, familyId: number, alsoTo: string[], what: string): Promise<void> {
  const { members } = await repo.familyMembers(deps.database.db, familyId);
  const to = new Set([...members.map((m) => m.email.toLowerCase()), ...alsoTo.map((e) => e.toLowerCase())]);
  const text = [
    what,
    "",
    "Guardians see, book, pay for and cancel the family's sessions and get its e-mails and texts.",
    `See who belongs to your family: ${deps.config.appUrl}/family`,
    "",
    "If this change surprises you, reply to this e-mail or contact our support team.",
  ].join("\n");
  for (const address of to) {
    try {
      await deps.mailer.send({ to: address, subject: "Your family's guardians changed", text });
    } catch (err) {
      deps.logger.error({ err }, "could not send a family change mail");
    }
  }
}

/**
 * A minor account holder named their parent: the parent is invited to join (the family's first
 * invitation, DESIGN.md 12), unless already a guardian or already invited and the invitation still open.
 */
export async function inviteParentOfMinor(deps: AppDeps, minor: UserRow, parentEmail: string): Promise<void> {
  if (parentEmail === minor.email.toLowerCase()) return;
  const familyId = await familyOf(deps, minor);
  const db = deps.database.db;
  if (await repo.isEmailGuardianOf(db, familyId, parentEmail)) return;
  const now = deps.clock.now();
  const open = await repo.listOpenInvitations(db, familyId);
  if (open.some((r) => r.email === parentEmail && !isExpired(r, now))) return;
  const token = randomBytes(32).toString("base64url");
  const row = await repo.insertInvitation(db, { familyId, email: parentEmail, tokenHash: sha256(token), invitedBy: minor.id, now });
  await mailInvitation(deps, row.email, nameOf(minor), token, familyId);
}

/** Sweep: mails the invitations made without a mail (an existing or new minor's parent). */
export async function mailPendingInvitations(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const sent = await db.transaction(async (tx) => {
    const rows = await repo.claimUnmailedInvitations(tx, now, 50);
    const out: { row: repo.InvitationRow; token: string }[] = [];
    for (const row of rows) {
      const token = randomBytes(32).toString("base64url");
      await repo.setInvitationToken(tx, row.id, sha256(token));
      out.push({ row, token });
    }
    return out;
  });
  for (const { row, token } of sent) {
    const inviter = row.invitedBy ? await repo.findUserBrief(db, row.invitedBy) : undefined;
    await mailInvitation(deps, row.email, inviter ? nameOf(inviter) : "Your player", token, row.familyId);
  }
}
