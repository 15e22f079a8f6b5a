import { ChildrenMessages, isUnderConsentAge, type AthleteExport, type Consent } from "@contract/children";
import { FamilyMessages } from "@contract/families";
import { ageRuleToday } from "@contract/players";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/client";
import { badRequest, conflict, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { removeReplacedImages } from "../uploads/uploads.service";
import { athleteProfile } from "./athlete-profile";
import * as children from "./children.repository";
import * as repo from "./families.repository";

/** Who gives a consent and from where: the signed-in guardian and the request's address. */
export type ConsentContext = { user: UserRow; ipAddress: string | null };

/**
 * DESIGN.md 12: an athlete under 13 is kept only with a guardian's consent. Throws 400 when the
 * birthday makes the athlete a child under 13 and no consent came with it.
 */
export function requireConsentFor(birthday: string | null | undefined, consent: Consent | undefined, now: Date): void {
  if (isUnderConsentAge(birthday, ageRuleToday(now)) && consent === undefined)
    throw badRequest(ChildrenMessages.CONSENT_REQUIRED, "consent");
}

/** Records the consent given for an athlete under 13 (in the transaction that saves the birthday). */
export async function recordConsentIfChild(
  tx: Tx,
  athlete: { id: number; familyId: number; birthday: string | null },
  consent: Consent | undefined,
  context: ConsentContext,
  now: Date,
): Promise<void> {
  if (consent === undefined || !isUnderConsentAge(athlete.birthday, ageRuleToday(now))) return;
  await children.insertConsent(
    tx,
    {
      athleteId: athlete.id,
      familyId: athlete.familyId,
      guardianUserId: context.user.id,
      policyVersion: consent.policyVersion,
      ipAddress: context.ipAddress,
      birthday: athlete.birthday,
    },
    now,
  );
}

/** The family's athlete, or 404 for anyone else's (DESIGN.md 11). */
async function familyAthlete(deps: AppDeps, user: UserRow, athleteId: number): Promise<repo.AthleteRow> {
  const familyId = await repo.existingFamilyIdOfUser(deps.database.db, user.id);
  const row = familyId === undefined ? undefined : await repo.findAthleteOfFamily(deps.database.db, familyId, athleteId);
  if (!row) throw notFound(FamilyMessages.ATHLETE_NOT_FOUND);
  return row;
}

/** GET /api/athletes/{id}/export: everything held about the athlete, for a guardian of the family. */
export async function exportAthlete(deps: AppDeps, user: UserRow, athleteId: number): Promise<AthleteExport> {
  const row = await familyAthlete(deps, user, athleteId);
  const db = deps.database.db;
  const [consents, records] = await Promise.all([
    children.consentsOfAthlete(db, row.id),
    children.athleteRecords(db, row.id, row.familyId),
  ]);
  return {
    exportedAt: deps.clock.now().toISOString(),
    athlete: {
      ...athleteProfile(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    consents: consents.map((c) => ({
      policyVersion: c.policyVersion,
      givenAt: c.createdAt.toISOString(),
      guardianUserId: c.guardianUserId,
      ipAddress: c.ipAddress,
      birthday: c.birthday,
    })),
    ...records,
  };
}

/**
 * DELETE /api/athletes/{id}: erases the athlete's personal data (DESIGN.md 12); the money records
 * stay, anonymised. Refused (409) while the athlete has an upcoming session (pay or hold: cancel it
 * first, under the cancellation rules), and for the family's last athlete (a family needs one:
 * add another first, or ask support to close the account).
 */
export async function eraseAthlete(deps: AppDeps, user: UserRow, athleteId: number): Promise<{ success: true; message: string }> {
  const row = await familyAthlete(deps, user, athleteId);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await repo.lockFamily(tx, row.familyId);
    if (!(await repo.findAthleteOfFamily(tx, row.familyId, row.id))) throw notFound(FamilyMessages.ATHLETE_NOT_FOUND);
    if (await children.hasUpcomingPaidBooking(tx, row.id, now)) throw conflict(FamilyMessages.ATHLETE_HAS_BOOKINGS);
    if ((await repo.countAthletes(tx, row.familyId)) <= 1) throw conflict(FamilyMessages.LAST_ATHLETE);
    await children.eraseAthlete(tx, row.id, now);
  });
  await removeReplacedImages(deps, [row.photoUrl]);
  return { success: true, message: FamilyMessages.ATHLETE_REMOVED };
}
