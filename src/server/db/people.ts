import type { BuildAliasTable } from "drizzle-orm/pg-core";
import { coaches, users } from "./schema/index";

/** The users table under an alias: a session's student and its coach's user in one query. */
type UsersAlias = BuildAliasTable<typeof users, string>;

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
