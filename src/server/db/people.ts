import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn, BuildAliasTable, PgSelect } from "drizzle-orm/pg-core";
import { coaches, users } from "./schema/index";

/** The users table under an alias: a session's student and its coach's user in one query. */
type UsersAlias = BuildAliasTable<typeof users, string>;

/**
 * Joins the coach `coachId` names and the coach's own user to a dynamic select (`.$dynamic()`):
 * `coachUser` is the users table, or an alias of it when the query reads another user too. The
 * caller's left joins go before `.$dynamic()`, so that their columns stay typed as nullable.
 */
export function joinCoachUser<Q extends PgSelect>(query: Q, coachId: AnyPgColumn, coachUser: typeof users | UsersAlias = users) {
  return query.innerJoin(coaches, eq(coaches.id, coachId)).innerJoin(coachUser, eq(coachUser.id, coaches.userId));
}

/** A user's name as the admin's and the family's lists show it: first and last, either may be missing. */
export const userNameSql = (u: typeof users | UsersAlias) =>
  sql<string>`trim(coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, ''))`;

/** The student as their coach sees them on a booking or a request (BookingStudent in the contract). */
export const studentColumns = (u: UsersAlias) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phoneNumber: u.phoneNumber,
  profileImageUrl: u.profileImageUrl,
  parentFirstName: u.parentFirstName,
  parentLastName: u.parentLastName,
  parentPhoneNumber: u.parentPhoneNumber,
  parentEmail: u.parentEmail,
  ageGroup: u.ageGroup,
  skillLevel: u.skillLevel,
  position: u.position,
  secondaryPosition: u.secondaryPosition,
  goals: u.goals,
  preferredCoachingStyle: u.preferredCoachingStyle,
  sessionPreferences: u.sessionPreferences,
});

/** Whom a message about a session goes to: name, address, phone and their SMS consent. */
/** Who is told about a session or a request: name, e-mail, phone and SMS preference ({@link contactColumns}). */
export type Contact = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
  smsOptIn: boolean;
};

export const contactColumns = (u: UsersAlias) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phoneNumber: u.phoneNumber,
  smsOptIn: u.smsOptIn,
});

/** The coach as a booking or a request shows them. */
export const coachCardColumns = {
  id: coaches.id,
  userId: coaches.userId,
  title: coaches.title,
  profileImageUrl: coaches.profileImageUrl,
  timeZone: coaches.timeZone,
};
