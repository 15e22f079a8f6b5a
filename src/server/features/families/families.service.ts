// Over 300 lines: a family's athletes and guardians (invitations included) share one check of who belongs to the family.
import { createHash, randomBytes } from "node:crypto";
import {
  athleteAgeFacts,
  FamilyMessages,
  MAX_ATHLETES_PER_FAMILY,
  type AcceptInvitationResponse,
  type Athlete,
  type AthleteSummary,
  type Guardian,
  type InvitationPreview,
  type ParsedCreateAthleteRequest,
  type ParsedUpdateAthleteRequest,
  type PendingInvitation,
} from "@contract/families";
import { athleteName } from "@contract/family-basics";
import { ageRuleToday } from "@contract/players";
import type { SkillLevel } from "@contract/user-basics";
import type { BookingGuardian } from "@contract/bookings";
import type { GuardianContact } from "../../db/families";
import type { AppDeps } from "../../deps";
import { conflict, forbidden, notFound, AppError, badRequest } from "../../http/errors";
import { ErrorCode } from "@contract/error-basics";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./families.repository";
import { removeReplacedImages } from "../uploads/uploads.service";
import { recordConsentIfChild, requireConsentFor, type ConsentContext } from "./children.service";
import { fullName } from "@contract/names";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const gone = (message: string) => new AppError(410, ErrorCode.CONFLICT, message);

/** The API shape of an athlete, with what the birthday says today. */
export function toApiAthlete(row: repo.AthleteRow, now: Date, isPrimary: boolean): Athlete {
  const facts = athleteAgeFacts(row.birthday, ageRuleToday(now));
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    birthday: row.birthday,
    position: row.position,
    secondaryPosition: row.secondaryPosition,
    skillLevel: (row.skillLevel as SkillLevel | null) ?? null,
    goals: row.goals,
    school: row.school,
    photoUrl: row.photoUrl,
    ...facts,
    isPrimary,
  };
}

/** The signed-in player's family (made on first use, with their profile as its first athlete); a coach or an admin has none (403). */
export async function familyOf(deps: AppDeps, user: UserRow): Promise<number> {
  const familyId = await repo.familyIdOfUser(deps.database.db, user.id);
  if (familyId === null) throw forbidden(FamilyMessages.ONLY_PLAYERS);
  return familyId;
}

/** GET /api/athletes */
export async function listAthletes(deps: AppDeps, user: UserRow): Promise<Athlete[]> {
  const familyId = await familyOf(deps, user);
  const rows = await repo.athletesOfFamily(deps.database.db, familyId);
  const now = deps.clock.now();
  return rows.map((r, i) => toApiAthlete(r, now, i === 0));
}

/** One athlete of the caller's family; another family's (or a missing one) answers 404. */
export async function requireFamilyAthlete(deps: AppDeps, user: UserRow, athleteId: number): Promise<repo.AthleteRow> {
  const familyId = await familyOf(deps, user);
  const row = await repo.findAthleteOfFamily(deps.database.db, familyId, athleteId);
  if (!row) throw notFound(FamilyMessages.ATHLETE_NOT_FOUND);
  return row;
}

/** The athlete a booking, request or waitlist place is for: the one named (of the caller's family), else the family's first. */
export async function chooseAthlete(deps: AppDeps, user: UserRow, athleteId: number | null | undefined): Promise<repo.AthleteRow> {
  if (athleteId != null) return requireFamilyAthlete(deps, user, athleteId);
  // One round trip in the usual case (every booking asks); the refusals below are told apart after.
  const usual = await repo.firstAthleteOfUser(deps.database.db, user.id);
  if (usual) return usual;
  const familyId = await familyOf(deps, user);
  const [first] = await repo.athletesOfFamily(deps.database.db, familyId);
  if (!first) throw notFound(FamilyMessages.ATHLETE_NOT_FOUND);
  return first;
}

export async function getAthlete(deps: AppDeps, user: UserRow, athleteId: number): Promise<Athlete> {
  const row = await requireFamilyAthlete(deps, user, athleteId);
  const [first] = await repo.athletesOfFamily(deps.database.db, row.familyId);
  return toApiAthlete(row, deps.clock.now(), first?.id === row.id);
}

/** POST /api/athletes: at most 10 per family, counted under the family's lock; under 13 only with consent (DESIGN.md 12). */
export async function createAthlete(deps: AppDeps, context: ConsentContext, input: ParsedCreateAthleteRequest): Promise<Athlete> {
  const familyId = await familyOf(deps, context.user);
  const now = deps.clock.now();
  requireConsentFor(input.birthday, input.consent, now);
  const row = await deps.database.db.transaction(async (tx) => {
    await repo.lockFamily(tx, familyId);
    if ((await repo.countAthletes(tx, familyId)) >= MAX_ATHLETES_PER_FAMILY) throw conflict(FamilyMessages.TOO_MANY_ATHLETES);
    const inserted = await repo.insertAthlete(
      tx,
      familyId,
      {
        firstName: input.firstName,
        lastName: input.lastName,
        birthday: input.birthday,
        position: input.position,
        secondaryPosition: input.secondaryPosition ?? null,
        skillLevel: input.skillLevel ?? null,
        goals: input.goals ?? [],
        school: input.school ?? null,
        photoUrl: input.photoUrl ?? null,
      },
      now,
    );
    await recordConsentIfChild(tx, inserted, input.consent, context, now);
    return inserted;
  });
  return toApiAthlete(row, now, false);
}

/** PUT /api/athletes/{id}: the fields sent change; a birthday changed to one under 13 needs consent (DESIGN.md 12). */
export async function updateAthlete(
  deps: AppDeps,
  context: ConsentContext,
  athleteId: number,
  input: ParsedUpdateAthleteRequest,
): Promise<Athlete> {
  const row = await requireFamilyAthlete(deps, context.user, athleteId);
  const { consent, ...fields } = input;
  const changes: Partial<repo.NewAthleteValues> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(changes, { [field]: value });
  }
  const now = deps.clock.now();
  const birthdayChanged = fields.birthday !== undefined && fields.birthday !== row.birthday;
  if (birthdayChanged) requireConsentFor(fields.birthday, consent, now);
  const saved = Object.keys(changes).length
    ? await deps.database.db.transaction(async (tx) => {
        const updated = await repo.updateAthlete(tx, row.id, changes, now);
        if (birthdayChanged) await recordConsentIfChild(tx, updated, consent, context, now);
        return updated;
      })
    : row;
  // The family replaced or removed the athlete's photo: the old file goes once nothing shows it.
  if (saved.photoUrl !== row.photoUrl) await removeReplacedImages(deps, [row.photoUrl]);
  const [first] = await repo.athletesOfFamily(deps.database.db, row.familyId);
  return toApiAthlete(saved, deps.clock.now(), first?.id === row.id);
}

/** GET /api/family/guardians */
export async function listGuardians(deps: AppDeps, user: UserRow): Promise<Guardian[]> {
  const familyId = await familyOf(deps, user);
  const rows = await repo.listGuardians(deps.database.db, familyId);
  return rows.map((r, i) => ({
    userId: r.userId,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    isAccountHolder: i === 0,
    isMe: r.userId === user.id,
  }));
}

/** GET /api/family/invitations: the family's invitations still waiting for an answer. */
export async function listInvitations(deps: AppDeps, user: UserRow): Promise<PendingInvitation[]> {
  const familyId = await familyOf(deps, user);
  const rows = await repo.listOpenInvitations(deps.database.db, familyId);
  return rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() }));
}

/** DELETE /api/family/invitations/{id}: withdraws an invitation of the caller's family. */
export async function revokeInvitation(deps: AppDeps, user: UserRow, invitationId: number): Promise<{ success: true }> {
  const familyId = await familyOf(deps, user);
  if (!(await repo.revokeInvitation(deps.database.db, familyId, invitationId, deps.clock.now()))) {
    throw notFound(FamilyMessages.INVITATION_NOT_FOUND);
  }
  return { success: true };
}

/** POST /api/family/guardians {email}: mails an invitation whose link is APP_URL/family/invitations/{token}. */
export async function inviteGuardian(
  deps: AppDeps,
  user: UserRow,
  email: string,
): Promise<{ success: true; message: string; invitation: PendingInvitation }> {
  const familyId = await familyOf(deps, user);
  const db = deps.database.db;
  if (email.toLowerCase() === user.email.toLowerCase()) throw badRequest(FamilyMessages.INVITE_SELF, "email");
  if (await repo.isEmailGuardianOf(db, familyId, email)) throw conflict(FamilyMessages.ALREADY_GUARDIAN, "email");
  const token = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  const row = await repo.insertInvitation(db, { familyId, email: email.toLowerCase(), tokenHash: sha256(token), invitedBy: user.id, now });
  await mailInvitation(deps, row.email, inviterName(user), token, familyId);
  return {
    success: true,
    message: FamilyMessages.INVITATION_SENT,
    invitation: { id: row.id, email: row.email, createdAt: row.createdAt.toISOString() },
  };
}

const inviterName = (u: { firstName: string | null; lastName: string | null; email: string }) => fullName(u) || u.email;

async function mailInvitation(deps: AppDeps, to: string, from: string, token: string, familyId: number): Promise<void> {
  const link = `${deps.config.appUrl}/family/invitations/${token}`;
  const athletes = (await repo.athletesOfFamily(deps.database.db, familyId)).map(athleteName).filter(Boolean);
  const forWhom = athletes.length ? ` (${athletes.join(", ")})` : "";
  try {
    await deps.mailer.send({
      to,
      subject: `${from} invited you to join their family`,
      text: [
        "Hi,",
        "",
        `${from} invited you to join their family${forWhom} as a guardian: you will see, book, pay for and cancel their sessions, and get their e-mails and texts.`,
        "",
        "Sign in (or create an account) with this e-mail address, then open this link:",
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

async function openInvitation(deps: AppDeps, token: string): Promise<repo.InvitationRow> {
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(token)) throw notFound(FamilyMessages.INVITATION_NOT_FOUND);
  const row = await repo.findInvitationByTokenHash(deps.database.db, sha256(token));
  if (!row || row.revokedAt) throw notFound(FamilyMessages.INVITATION_NOT_FOUND);
  if (row.acceptedAt) throw gone(FamilyMessages.INVITATION_USED);
  return row;
}

/** GET /api/family/invitations/{token}: who invited, for whom (the acceptance page). */
export async function previewInvitation(deps: AppDeps, user: UserRow, token: string): Promise<InvitationPreview> {
  const row = await openInvitation(deps, token);
  if (row.email !== user.email.toLowerCase()) throw forbidden(FamilyMessages.INVITATION_OTHER_EMAIL);
  const inviter = row.invitedBy ? await repo.findUserBrief(deps.database.db, row.invitedBy) : undefined;
  const athletes = await repo.athletesOfFamily(deps.database.db, row.familyId);
  return { email: row.email, invitedBy: inviter ? inviterName(inviter) : "A family", athletes: athletes.map(athleteName) };
}

/**
 * POST /api/family/invitations/{token}/accept: signed in with the invited, verified address. The
 * invitee's own athletes (those with a profile or sessions) move into the family; their old family
 * ends when they were its only guardian.
 */
export async function acceptInvitation(deps: AppDeps, user: UserRow, token: string): Promise<AcceptInvitationResponse> {
  const first = await openInvitation(deps, token);
  if (first.email !== user.email.toLowerCase()) throw forbidden(FamilyMessages.INVITATION_OTHER_EMAIL);
  if (!user.emailVerified) throw forbidden(FamilyMessages.VERIFY_FIRST);
  if (user.userType === "coach") throw forbidden(FamilyMessages.ONLY_PLAYERS);
  const now = deps.clock.now();
  const db = deps.database.db;
  const oldFamilyId = await repo.existingFamilyIdOfUser(db, user.id);
  await db.transaction(async (tx) => {
    // Both families, in id order, so two acceptances at once cannot deadlock.
    for (const id of [first.familyId, oldFamilyId].filter((v): v is number => v !== undefined).sort((a, b) => a - b)) {
      await repo.lockFamily(tx, id);
    }
    const invitation = await repo.lockInvitation(tx, first.id);
    if (!invitation || invitation.revokedAt) throw notFound(FamilyMessages.INVITATION_NOT_FOUND);
    if (invitation.acceptedAt) throw gone(FamilyMessages.INVITATION_USED);
    const current = await repo.existingFamilyIdOfUser(tx, user.id);
    if (current !== oldFamilyId) throw conflict(FamilyMessages.INVITATION_USED);
    if (current !== invitation.familyId) {
      if (current !== undefined) {
        const others = (await repo.guardianIdsOfFamily(tx, current)).filter((id) => id !== user.id);
        if (others.length === 0) {
          const moving = await repo.athletesWorthMoving(tx, current);
          const count = await repo.countAthletes(tx, invitation.familyId);
          if (count + moving.length > MAX_ATHLETES_PER_FAMILY) throw conflict(FamilyMessages.TOO_MANY_ATHLETES);
          await repo.moveAthletes(tx, moving, invitation.familyId, now);
          await repo.removeGuardian(tx, current, user.id);
          await repo.deleteFamily(tx, current);
        } else {
          await repo.removeGuardian(tx, current, user.id);
        }
      }
      await repo.addGuardian(tx, invitation.familyId, user.id, now);
    }
    await repo.markInvitationAccepted(tx, invitation.id, user.id, now);
  });
  return { success: true, message: FamilyMessages.INVITATION_ACCEPTED, familyId: first.familyId };
}

/** DELETE /api/family/guardians/{userId}: either guardian removes the other (or leaves); never the last one. */
export async function removeGuardian(deps: AppDeps, user: UserRow, guardianUserId: number): Promise<{ success: true; message: string }> {
  const familyId = await familyOf(deps, user);
  await deps.database.db.transaction(async (tx) => {
    await repo.lockFamily(tx, familyId);
    const ids = await repo.guardianIdsOfFamily(tx, familyId);
    if (!ids.includes(guardianUserId)) throw notFound(FamilyMessages.GUARDIAN_NOT_FOUND);
    if (ids.length <= 1) throw conflict(FamilyMessages.LAST_GUARDIAN);
    await repo.removeGuardian(tx, familyId, guardianUserId);
  });
  return { success: true, message: FamilyMessages.GUARDIAN_REMOVED };
}

/** Sweep: mails the invitations made without a mail (the migration's, for an existing minor's parent). */
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
    await mailInvitation(deps, row.email, inviter ? inviterName(inviter) : "Your player", token, row.familyId);
  }
}

/** How a session names its athlete: name, age and position (what the coach sees on bookings and requests). */
export function toAthleteSummary(
  a: { id: number; firstName: string; lastName: string; birthday: string | null; position: string | null },
  now: Date,
): AthleteSummary {
  const facts = athleteAgeFacts(a.birthday, ageRuleToday(now));
  return { id: a.id, firstName: a.firstName, lastName: a.lastName, position: a.position, ...facts };
}

/** A guardian as the coach of a paid seat sees them: name, e-mail and phone (never their SMS choice). */
export function toBookingGuardian(g: GuardianContact): BookingGuardian {
  return { userId: g.userId, firstName: g.firstName, lastName: g.lastName, email: g.email, phoneNumber: g.phoneNumber };
}
