import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { athleteConsents, athletes, bookings, sessionRequests, sessionSkillRatings, waitlistEntries } from "../../db/schema/index";
import { type Queryable, rowsOf } from "../../db/sql";

export type ConsentRow = typeof athleteConsents.$inferSelect;

/** Records a guardian's consent to keeping an athlete under 13 (DESIGN.md 12). */
export async function insertConsent(
  tx: Tx,
  values: {
    athleteId: number;
    familyId: number;
    guardianUserId: number;
    policyVersion: string;
    ipAddress: string | null;
    birthday: string | null;
  },
  now: Date,
): Promise<void> {
  await tx.insert(athleteConsents).values({ ...values, createdAt: now });
}

export async function consentsOfAthlete(db: Queryable, athleteId: number): Promise<ConsentRow[]> {
  return db.select().from(athleteConsents).where(eq(athleteConsents.athleteId, athleteId)).orderBy(asc(athleteConsents.id));
}

/** Confirmed bookings of the athlete that have not ended: a paid seat the erasure would orphan. */
export async function hasUpcomingPaidBooking(db: Queryable, athleteId: number, now: Date): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from bookings where athlete_id = ${athleteId} and status in ('pending', 'confirmed') and ends_at > ${now.toISOString()}::timestamptz limit 1`,
  );
  return rowsOf(rows).length > 0;
}

async function hasHistory(db: Queryable, athleteId: number): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from bookings where athlete_id = ${athleteId}
      union all select 1 from session_requests where athlete_id = ${athleteId}
      union all select 1 from package_purchases where athlete_id = ${athleteId} limit 1`,
  );
  return rowsOf(rows).length > 0;
}

/**
 * Erases an athlete's personal data (DESIGN.md 12). An athlete nothing refers to is deleted. One
 * with sessions, requests or credits on record keeps the row those money records point at,
 * anonymised ("Removed athlete": no birthday, school, photo, positions or goals) and removed from
 * the family; their bookings' notes, requests' messages, coaches' feedback texts and skill ratings
 * go; the bookings, payments, refunds and ledger stay as they are.
 */
export async function eraseAthlete(tx: Tx, athleteId: number, now: Date): Promise<void> {
  if (!(await hasHistory(tx, athleteId))) {
    await tx.delete(athletes).where(eq(athletes.id, athleteId));
    return;
  }
  await tx
    .update(athletes)
    .set({
      firstName: "Removed",
      lastName: "athlete",
      birthday: null,
      position: null,
      secondaryPosition: null,
      skillLevel: null,
      goals: [],
      school: null,
      photoUrl: null,
      removedAt: now,
      updatedAt: now,
    })
    .where(eq(athletes.id, athleteId));
  await tx.update(bookings).set({ notes: null }).where(eq(bookings.athleteId, athleteId));
  await tx.execute(
    sql`update session_feedback set feedback = '' where booking_id in (select id from bookings where athlete_id = ${athleteId})`,
  );
  await tx.delete(sessionSkillRatings).where(eq(sessionSkillRatings.athleteId, athleteId));
  await tx
    .update(sessionRequests)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(sessionRequests.athleteId, athleteId), eq(sessionRequests.status, "pending")));
  await tx.update(sessionRequests).set({ message: null }).where(eq(sessionRequests.athleteId, athleteId));
  await tx
    .update(waitlistEntries)
    .set({ status: "left", updatedAt: now })
    .where(and(eq(waitlistEntries.athleteId, athleteId), inArray(waitlistEntries.status, ["waiting", "offered"])));
}

/** Everything held about one athlete, read for the export (one family's, checked by the service). */
export async function athleteRecords(db: Queryable, athleteId: number, familyId: number) {
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await db.execute(query));
  const [bookingRows, requestRows, waitlistRows, feedbackRows, ratingRows, messageRows, creditRows] = await Promise.all([
    q(sql`select b.id, b.coach_id as "coachId", trim(concat(cu.first_name, ' ', cu.last_name)) as "coachName", b.session_type as "sessionType",
        b.duration_minutes as "durationMinutes", b.starts_at as "startsAt", b.ends_at as "endsAt", b.status, b.payment_status as "paymentStatus",
        b.total_cents as "totalCents", b.tip_cents as "tipCents", b.notes, b.cancellation_reason as "cancellationReason",
        b.no_show_note as "noShowNote", b.created_at as "createdAt"
      from bookings b join coaches c on c.id = b.coach_id join users cu on cu.id = c.user_id
      where b.athlete_id = ${athleteId} order by b.starts_at, b.id`),
    q(sql`select r.id, r.coach_id as "coachId", r.session_type as "sessionType", r.message, r.coach_response as "coachResponse",
        r.status, r.created_at as "createdAt"
      from session_requests r where r.athlete_id = ${athleteId} order by r.id`),
    q(sql`select w.id, w.time_slot_id as "timeSlotId", w.status, w.created_at as "createdAt"
      from waitlist_entries w where w.athlete_id = ${athleteId} order by w.id`),
    q(sql`select f.booking_id as "bookingId", f.coach_id as "coachId", f.feedback, f.rating, f.created_at as "createdAt"
      from session_feedback f join bookings b on b.id = f.booking_id where b.athlete_id = ${athleteId} order by f.id`),
    q(sql`select s.booking_id as "bookingId", s.coach_id as "coachId", s.skill, s.rating, s.created_at as "createdAt"
      from session_skill_ratings s where s.athlete_id = ${athleteId} order by s.id`),
    // The family's conversations with the coaches who coached or were asked about this athlete.
    q(sql`select m.id, m.conversation_id as "conversationId", m.sender_id as "senderId", m.body, m.created_at as "createdAt"
      from messages m join conversations cv on cv.id = m.conversation_id
      where cv.family_id = ${familyId} and cv.coach_id in (
        select coach_id from bookings where athlete_id = ${athleteId}
        union select coach_id from session_requests where athlete_id = ${athleteId})
      order by m.conversation_id, m.id`),
    q(sql`select l.id, l.kind, l.credits, l.value_cents as "valueCents", l.booking_id as "bookingId", l.created_at as "createdAt"
      from credit_ledger l where l.booking_id in (select id from bookings where athlete_id = ${athleteId}) order by l.id`),
  ]);
  return {
    bookings: bookingRows,
    sessionRequests: requestRows,
    waitlist: waitlistRows,
    feedback: feedbackRows,
    skillRatings: ratingRows,
    messages: messageRows,
    creditsUsed: creditRows,
  };
}
