// The one join that reads a booking with its slot, coach, the coach's user, the student and the
// athlete: the booking details (API shape) and the calendar's sessions both read it.
import { eq } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { athletes, bookings, timeSlots, users } from "./schema/index";
import { joinCoachUser } from "./people";

/** The student's user row in {@link joinBookingPeople}. */
export const bookingStudentUsers = alias(users, "student_user");
/** The coach's user row in {@link joinBookingPeople}. */
export const bookingCoachUsers = alias(users, "coach_user");

/**
 * A dynamic select from bookings joined to the slot, coach, coach's user, student and (left) athlete.
 * The callers' row types say the athlete may be null (a dynamic query's type is looser).
 */
export function joinBookingPeople<Q extends PgSelect>(query: Q) {
  return joinCoachUser(query.innerJoin(timeSlots, eq(timeSlots.id, bookings.timeSlotId)), bookings.coachId, bookingCoachUsers)
    .innerJoin(bookingStudentUsers, eq(bookingStudentUsers.id, bookings.studentId))
    .leftJoin(athletes, eq(athletes.id, bookings.athleteId));
}
