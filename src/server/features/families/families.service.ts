// A family's athletes (DESIGN.md 11); its guardians, owner and invitations are in guardians.service.ts.
import {
  ATHLETE_REQUIRED_MESSAGE,
  athleteAgeFacts,
  FamilyMessages,
  MAX_ATHLETES_PER_FAMILY,
  type Athlete,
  type AthleteSummary,
  type ParsedCreateAthleteRequest,
  type ParsedUpdateAthleteRequest,
} from "@contract/families";
import { ageRuleToday } from "@contract/players";
import type { SkillLevel } from "@contract/user-basics";
import type { BookingGuardian } from "@contract/bookings";
import type { GuardianContact } from "../../db/families";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./families.repository";

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

/**
 * The athlete a booking, request or waitlist place is for: the one named (of the caller's family;
 * another family's answers 404), else the family's only one. A family of two or more must name it
 * (DESIGN.md 12: 400), so a parent never books a session for the wrong child by default.
 */
export async function chooseAthlete(deps: AppDeps, user: UserRow, athleteId: number | null | undefined): Promise<repo.AthleteRow> {
  if (athleteId != null) return requireFamilyAthlete(deps, user, athleteId);
  // One round trip in the usual case (every booking asks); the refusals below are told apart after.
  const [usual, sibling] = await repo.firstAthletesOfUser(deps.database.db, user.id);
  if (sibling) throw badRequest(ATHLETE_REQUIRED_MESSAGE, "athleteId");
  if (usual) return usual;
  const familyId = await familyOf(deps, user);
  const [first, second] = await repo.athletesOfFamily(deps.database.db, familyId);
  if (!first) throw notFound(FamilyMessages.ATHLETE_NOT_FOUND);
  if (second) throw badRequest(ATHLETE_REQUIRED_MESSAGE, "athleteId");
  return first;
}

export async function getAthlete(deps: AppDeps, user: UserRow, athleteId: number): Promise<Athlete> {
  const row = await requireFamilyAthlete(deps, user, athleteId);
  const [first] = await repo.athletesOfFamily(deps.database.db, row.familyId);
  return toApiAthlete(row, deps.clock.now(), first?.id === row.id);
}

/** POST /api/athletes: at most 10 per family, counted under the family's lock. */
export async function createAthlete(deps: AppDeps, user: UserRow, input: ParsedCreateAthleteRequest): Promise<Athlete> {
  const familyId = await familyOf(deps, user);
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    await repo.lockFamily(tx, familyId);
    if ((await repo.countAthletes(tx, familyId)) >= MAX_ATHLETES_PER_FAMILY) throw conflict(FamilyMessages.TOO_MANY_ATHLETES);
    return repo.insertAthlete(
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
  });
  return toApiAthlete(row, now, false);
}

/** PUT /api/athletes/{id}: the fields sent change. */
export async function updateAthlete(deps: AppDeps, user: UserRow, athleteId: number, input: ParsedUpdateAthleteRequest): Promise<Athlete> {
  const row = await requireFamilyAthlete(deps, user, athleteId);
  const changes: Partial<repo.NewAthleteValues> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value !== undefined) Object.assign(changes, { [field]: value });
  }
  const saved = Object.keys(changes).length ? await repo.updateAthlete(deps.database.db, row.id, changes, deps.clock.now()) : row;
  const [first] = await repo.athletesOfFamily(deps.database.db, row.familyId);
  return toApiAthlete(saved, deps.clock.now(), first?.id === row.id);
}

/** DELETE /api/athletes/{id}: never the last athlete, never one with an upcoming session (409). */
export async function deleteAthlete(deps: AppDeps, user: UserRow, athleteId: number): Promise<{ success: true; message: string }> {
  const row = await requireFamilyAthlete(deps, user, athleteId);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await repo.lockFamily(tx, row.familyId);
    if (!(await repo.findAthleteOfFamily(tx, row.familyId, row.id))) throw notFound(FamilyMessages.ATHLETE_NOT_FOUND);
    if (await repo.hasUpcomingBooking(tx, row.id, now)) throw conflict(FamilyMessages.ATHLETE_HAS_BOOKINGS);
    if ((await repo.countAthletes(tx, row.familyId)) <= 1) throw conflict(FamilyMessages.LAST_ATHLETE);
    await repo.removeAthlete(tx, row.id, now);
  });
  return { success: true, message: FamilyMessages.ATHLETE_REMOVED };
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
