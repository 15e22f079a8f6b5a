import { and, asc, eq, isNull, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { ageOn, ageRuleToday, isMinorAge, UNKNOWN_AGE } from "@contract/players";
import { athletes, familyGuardians } from "./schema/index";
import type { Db } from "./client";
import { preparedPerDb, type Queryable, rowsOf } from "./sql";

/**
 * The family of a player (DESIGN.md 11), made on first use with the player's own profile as its
 * first athlete: one SQL rule (`family_of_user`, migrations 0015 and 0020) shared with the triggers
 * that give a booking, request or waitlist entry without an athlete the family's first one. A coach,
 * an admin or a missing user has no family: null, and nothing is made.
 */
export async function familyIdOfUser(db: Queryable, userId: number): Promise<number | null> {
  const rows = await db.execute(sql`select family_of_user(${userId}) as id`);
  const id = rowsOf<{ id: number | null }>(rows)[0]?.id;
  return id === undefined || id === null ? null : Number(id);
}

/** The user ids of a family's guardians, the account holder first. */
export async function guardianIdsOfFamily(db: Queryable, familyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: familyGuardians.userId })
    .from(familyGuardians)
    .where(eq(familyGuardians.familyId, familyId))
    .orderBy(asc(familyGuardians.createdAt), asc(familyGuardians.userId));
  return rows.map((r) => r.userId);
}

/** The family's athletes, oldest first (the first is the account's own profile); removed ones are left out. */
export async function athletesOfFamily(db: Queryable, familyId: number) {
  return db
    .select()
    .from(athletes)
    .where(and(eq(athletes.familyId, familyId), isNull(athletes.removedAt)))
    .orderBy(asc(athletes.id));
}

/**
 * SQL: the id of the first athlete of the user's family (made with the family when missing), or
 * null. Read inside `first_athlete_of_user` (migration 0023), which sees the athlete a family made
 * by this very statement starts with; a subquery around family_of_user would not. A subquery, so
 * that the function (which may make the family) runs once, not per row.
 */
export const firstAthleteIdOfUserSql = (userId: SQL) => sql`(select first_athlete_of_user(${userId}))`;

/** Built once and prepared on each connection: every booking that goes on to take a seat reads it. */
const firstAthleteOfUserQuery = preparedPerDb((db) =>
  db
    .select()
    .from(athletes)
    // A subquery, so that the function (which may make the family) runs once, not per row.
    .where(and(eq(athletes.familyId, sql`(select family_of_user(${sql.placeholder("userId")}::int))`), isNull(athletes.removedAt)))
    .orderBy(asc(athletes.id))
    .limit(2)
    .prepare("first_athlete_rows_of_user"),
);

/**
 * The first two athletes of the user's family (made with the family when missing), in one
 * statement: a booking without a named athlete is for the first when there is no second (DESIGN.md
 * 12). Empty when the user has no family (a coach or an admin) or the family no athletes; the caller
 * tells the two apart the slow way.
 */
export async function firstAthletesOfUser(db: Db, userId: number) {
  return firstAthleteOfUserQuery(db).execute({ userId });
}

/** The family a user is a guardian of, without making one (undefined for a coach or a player not yet in one). */
export async function existingFamilyIdOfUser(db: Queryable, userId: number): Promise<number | undefined> {
  const rows = await db.select({ familyId: familyGuardians.familyId }).from(familyGuardians).where(eq(familyGuardians.userId, userId));
  return rows[0]?.familyId;
}

/** SQL: the ids of every athlete of the user's family (for "the booking's athlete is in my family"). */
export const athleteIdsOfUserFamily = (userId: number | Placeholder) =>
  sql`(select a.id from athletes a join family_guardians g on g.family_id = a.family_id where g.user_id = ${userId})`;

/** True when the athlete belongs to the family the user is a guardian of. */
export async function isGuardianOfAthlete(db: Queryable, userId: number, athleteId: number | null): Promise<boolean> {
  if (athleteId === null) return false;
  const rows = await db.execute(
    sql`select 1 as ok from athletes a join family_guardians g on g.family_id = a.family_id where a.id = ${athleteId} and g.user_id = ${userId} limit 1`,
  );
  return rowsOf(rows).length > 0;
}

/** How a guardian is reached (the coach sees it once a seat is paid, DESIGN.md 11). */
export type GuardianContact = {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
  smsOptIn: boolean;
};

/** SQL column: every guardian of the joined athlete's family as JSON, account holder first (null without guardians). */
export const guardianContactsOfAthleteFamily = sql<
  GuardianContact[] | null
>`(select json_agg(json_build_object('userId', gu.id, 'firstName', gu.first_name, 'lastName', gu.last_name, 'email', gu.email, 'phoneNumber', gu.phone_number, 'smsOptIn', gu.sms_opt_in) order by g.created_at, g.user_id) from family_guardians g join users gu on gu.id = g.user_id where g.family_id = ${athletes.familyId})`;

/** The athlete columns a session shows (bookings, requests, the coach's calendar). */
export const athleteSummaryColumns = {
  id: athletes.id,
  familyId: athletes.familyId,
  firstName: athletes.firstName,
  lastName: athletes.lastName,
  birthday: athletes.birthday,
  position: athletes.position,
};

/** A guardian (or, for a user outside any family, the user) with what decides who hears about the family. */
export type AudienceMember = {
  email: string;
  phoneNumber: string | null;
  smsOptIn: boolean;
  birthday: string | null;
  parentEmail: string | null;
  parentPhoneNumber: string | null;
  parentSmsOptIn: boolean;
};

/**
 * Who hears about a family's booking, request, waitlist place, credits or messages (DESIGN.md 11).
 * `emails` and `phones` are everyone to tell (each guardian by e-mail, and by text on their own
 * opt-in; the parent below included); `parent` is the minor account holder's parent on its own
 * (the messages sweep sends them a full copy of each message).
 */
export type FamilyAudience = {
  emails: string[];
  phones: string[];
  parent: { email: string | null; phone: string | null } | null;
};

/**
 * The one rule (DESIGN.md 11): every guardian by e-mail, and by text each by their own opt-in.
 * An existing player under 18 who is still the family's only guardian keeps their login, and the
 * parent named in their parent fields is copied (by text on the parent's own opt-in) until a
 * second guardian has joined. A holder without a birthday is not known to be an adult: their
 * parent is copied too. `members` is the account holder first.
 */
export function audienceOf(members: readonly AudienceMember[], now: Date): FamilyAudience {
  const emails = new Set<string>();
  const phones = new Set<string>();
  const addEmail = (value: string | null | undefined) => {
    const email = value?.trim().toLowerCase();
    if (email) emails.add(email);
  };
  for (const m of members) {
    addEmail(m.email);
    if (m.smsOptIn && m.phoneNumber?.trim()) phones.add(m.phoneNumber.trim());
  }
  const holder = members[0];
  let parent: FamilyAudience["parent"] = null;
  if (holder && members.length === 1 && !isKnownAdult(holder.birthday, now)) {
    const email = holder.parentEmail?.trim().toLowerCase() || null;
    const phone = holder.parentSmsOptIn ? holder.parentPhoneNumber?.trim() || null : null;
    if (email || phone) {
      parent = { email, phone };
      addEmail(email);
      if (phone) phones.add(phone);
    }
  }
  return { emails: [...emails], phones: [...phones], parent };
}

function isKnownAdult(birthday: string | null, now: Date): boolean {
  const age = ageOn(birthday, ageRuleToday(now));
  return age !== UNKNOWN_AGE && !isMinorAge(age);
}

const audienceColumns = sql`u.email, u.phone_number, u.sms_opt_in, u.birthday::text as birthday, u.parent_email, u.parent_phone_number, u.parent_sms_opt_in`;

type AudienceRow = {
  email: string;
  phone_number: string | null;
  sms_opt_in: boolean;
  birthday: string | null;
  parent_email: string | null;
  parent_phone_number: string | null;
  parent_sms_opt_in: boolean;
};

const toMember = (r: AudienceRow): AudienceMember => ({
  email: r.email,
  phoneNumber: r.phone_number,
  smsOptIn: Boolean(r.sms_opt_in),
  birthday: r.birthday,
  parentEmail: r.parent_email,
  parentPhoneNumber: r.parent_phone_number,
  parentSmsOptIn: Boolean(r.parent_sms_opt_in),
});

/**
 * The notification audience of a family, named by the family, by one of its athletes, or by a user
 * (their family when they have one). The guardians are read as they are now, so a guardian who
 * joined after the booking hears of it and one who was removed does not. Falls back to the user
 * alone when the family has no guardian (a booking made before families existed).
 */
export async function familyAudience(
  db: Queryable,
  who: { familyId?: number | null; athleteId?: number | null; userId?: number | null },
  now: Date,
): Promise<FamilyAudience> {
  const family =
    who.familyId != null
      ? sql`${who.familyId}`
      : who.athleteId != null
        ? sql`(select a.family_id from athletes a where a.id = ${who.athleteId})`
        : who.userId != null
          ? sql`(select g2.family_id from family_guardians g2 where g2.user_id = ${who.userId})`
          : sql`null`;
  const guardians = rowsOf<AudienceRow>(
    await db.execute(sql`
      select ${audienceColumns} from family_guardians g join users u on u.id = g.user_id
      where g.family_id = ${family} order by g.created_at, g.user_id`),
  );
  if (guardians.length > 0 || who.userId == null) return audienceOf(guardians.map(toMember), now);
  const alone = rowsOf<AudienceRow>(await db.execute(sql`select ${audienceColumns} from users u where u.id = ${who.userId}`));
  return audienceOf(alone.map(toMember), now);
}

const audienceJson = sql`json_build_object('email', u.email, 'phone_number', u.phone_number, 'sms_opt_in', u.sms_opt_in, 'birthday', u.birthday::text, 'parent_email', u.parent_email, 'parent_phone_number', u.parent_phone_number, 'parent_sms_opt_in', u.parent_sms_opt_in)`;

/**
 * familyAudience's members for a row naming an athlete and a user (a booking's athlete and
 * student), as a column of the row's own statement (issue 46): the guardians of the athlete's
 * family (else of the user's), in familyAudience's order, else the user alone. Read with
 * audienceOfMembers.
 */
export function audienceMembersColumn(athleteId: SQL | SQLWrapper, userId: SQL | SQLWrapper): SQL<AudienceMembers> {
  const family = sql`case when ${athleteId} is not null then (select a.family_id from athletes a where a.id = ${athleteId}) else (select g2.family_id from family_guardians g2 where g2.user_id = ${userId}) end`;
  return sql<AudienceMembers>`coalesce(
    (select json_agg(${audienceJson} order by g.created_at, g.user_id) from family_guardians g join users u on u.id = g.user_id where g.family_id = ${family}),
    (select json_agg(${audienceJson}) from users u where u.id = ${userId}))`;
}

/** audienceMembersColumn's value as read (a JSON array, or its text). */
export type AudienceMembers = AudienceRow[] | string | null;

/** The audience of the members audienceMembersColumn read (familyAudience's answer). */
export function audienceOfMembers(members: AudienceMembers, now: Date): FamilyAudience {
  const rows = typeof members === "string" ? (JSON.parse(members) as AudienceRow[]) : (members ?? []);
  return audienceOf(rows.map(toMember), now);
}
