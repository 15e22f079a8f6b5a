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
import { ageOn, ageRuleToday, isMinorAge } from "@contract/players";
import { coachContactOf, withoutMinorOwnContact, type CoachContact } from "@contract/coach-contact";
import type { SkillLevel } from "@contract/user-basics";
import type { BookingGuardian } from "@contract/bookings";
import type { GuardianContact } from "../../db/families";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { athleteProfile } from "./athlete-profile";
import * as repo from "./families.repository";
import { removeReplacedImages } from "../uploads/uploads.service";
import { recordConsentIfChild, requireConsentFor, type ConsentContext } from "./children.service";

/** The API shape of an athlete, with what the birthday says today. */
export function toApiAthlete(row: repo.AthleteRow, now: Date, isPrimary: boolean): Athlete {
  const facts = athleteAgeFacts(row.birthday, ageRuleToday(now));
  return { ...athleteProfile(row), skillLevel: (row.skillLevel as SkillLevel | null) ?? null, ...facts, isPrimary };
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

type ContactSource = {
  student: {
    id: number;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phoneNumber: string | null;
    parentFirstName: string | null;
    parentLastName: string | null;
    parentEmail: string | null;
    parentPhoneNumber: string | null;
  };
  studentBirthday: string | null;
  athlete: { birthday: string | null } | null;
  guardians: GuardianContact[] | null;
};

/**
 * What a coach sees of a session's people (DESIGN.md 12): the contact to reach (a minor's is the
 * guardian's, "Guardian: Dana Whitaker") and the student fields without a minor holder's own e-mail
 * and phone. Every coach-facing shape (bookings, requests) goes through here.
 */
export function coachViewOfPeople<S extends ContactSource["student"]>(
  source: Omit<ContactSource, "student"> & { student: S },
  now: Date,
  withContact: boolean,
): {
  contact: CoachContact;
  student: Omit<S, "email" | "phoneNumber"> & { email: string | null; phoneNumber: string | null };
  /** The family's guardians as the coach sees them: a minor account holder is no guardian to reach. */
  guardians: BookingGuardian[];
} {
  const today = ageRuleToday(now);
  const holderIsMinor = isMinorAge(ageOn(source.studentBirthday, today));
  const contact = coachContactOf({
    athlete: source.athlete ? { isMinor: isMinorAge(ageOn(source.athlete.birthday, today)) } : null,
    holder: { ...source.student, isMinor: holderIsMinor },
    guardians: source.guardians ?? [],
    withContact,
  });
  const guardians = (source.guardians ?? []).filter((g) => !(holderIsMinor && g.userId === source.student.id)).map(toBookingGuardian);
  return { contact, student: withoutMinorOwnContact(source.student, holderIsMinor), guardians };
}
