import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { BookingMessages } from "@contract/booking-basics";
import { ErrorCode } from "@contract/error-basics";
import type { CalendarEvent } from "@contract/realtime";
import { bookings, sessions, timeSlots, users } from "@server/db/schema/index";
import { hashSessionToken, SESSION_IDLE_MS } from "@server/features/accounts/sessions.service";
import { instantToLocal } from "@server/features/slots/slot-time";
import {
  bookSlot,
  createBookableCoach,
  createPerson,
  createSlot,
  get,
  post,
  requestBooking,
  type BookableCoach,
  type Person,
} from "@tests/factories/bookings";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

const localTime = (instant: Date, minutesLater = 0) =>
  instantToLocal(new Date(instant.getTime() + minutesLater * 60_000), "America/New_York").time;

async function bookingCount(slotId: number): Promise<number> {
  const rows = await t.deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.timeSlotId, slotId));
  return rows[0]!.n;
}

async function slotIsAvailable(slotId: number): Promise<boolean> {
  const [row] = await t.deps.database.db.select({ a: timeSlots.isAvailable }).from(timeSlots).where(eq(timeSlots.id, slotId));
  return row!.a;
}

describe("POST /api/bookings", () => {
  let coach: BookableCoach;
  let student: Person;

  beforeAll(async () => {
    coach = await createBookableCoach(t);
    student = await createPerson(t);
  });

  it("holds the seat as a pending booking priced from the coach's rate, in the coach's time zone", async () => {
    // Two days ahead at about noon on the coach's clock: half an hour into the slot is still the
    // slot's date whatever the hour the test runs (from 23:30 in New York it was the next day's).
    const hourThere = Number(instantToLocal(t.deps.clock.now(), "America/New_York").time.slice(0, 2));
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 48 + ((36 - hourThere) % 24), lengthMinutes: 120 });
    const start = localTime(slot.startsAt, 30);
    const res = await requestBooking(t, student, coach, slot.id, { preferredStartTime: start, extra: { notes: "Working on my shot" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      studentId: student.userId,
      coachId: coach.coachId,
      timeSlotId: slot.id,
      rateId: coach.rates.individual60,
      sessionType: "individual",
      duration: 60,
      status: "pending",
      paymentStatus: "unpaid",
      rate: "85.00",
      platformFee: "12.75",
      tipAmount: "0.00",
      totalAmount: "97.75",
      coachEarnings: "85.00",
      notes: "Working on my shot",
      preferredStartTime: start,
      startTime: start,
      sessionTime: start,
      sessionDate: instantToLocal(slot.startsAt, "America/New_York").date,
      coachName: "Casey Coach",
      coach: { id: coach.coachId, title: "Former D1 Midfielder", user: { firstName: "Casey", lastName: "Coach" } },
      timeSlot: { id: slot.id, isGroup: false, capacity: 1, locationName: "Memorial Field", startTime: localTime(slot.startsAt) },
    });
    expect(new Date(res.body.holdExpiresAt).getTime() - t.deps.clock.now().getTime()).toBeGreaterThan(14 * 60_000);
    expect(new Date(res.body.holdExpiresAt).getTime() - t.deps.clock.now().getTime()).toBeLessThanOrEqual(15 * 60_000);
    expect(res.body.student).toBeUndefined();
    // A booking's slot is the API slot's place and times, without the slot list's status, zone and counts.
    expect(Object.keys(res.body.timeSlot).sort()).toEqual([
      "capacity",
      "coachId",
      "date",
      "endTime",
      "id",
      "isAvailable",
      "isGroup",
      "locationAddress",
      "locationLat",
      "locationLng",
      "locationName",
      "locationNotes",
      "startTime",
    ]);
    // The only seat is held: the slot shows as Booked.
    expect(await slotIsAvailable(slot.id)).toBe(false);
  });

  it("tells the coach's calendar about the new booking and the slot's availability", async () => {
    const slot = await createSlot(t, coach.coachId);
    const heard: CalendarEvent[] = [];
    const stopListening = await t.deps.events.subscribe((event) => {
      if (event.coachId === coach.coachId) heard.push(event);
    });
    try {
      const booking = await bookSlot(t, student, coach, slot.id);
      await vi.waitFor(() =>
        expect(heard).toEqual([
          {
            type: "booking_updated",
            coachId: coach.coachId,
            bookingId: booking.id,
            studentId: student.userId,
            status: "pending",
            timeSlotId: slot.id,
          },
          { type: "availability_updated", coachId: coach.coachId },
        ]),
      );
    } finally {
      await stopListening();
    }
  });

  it("starts at the slot start when no start time is chosen", async () => {
    const slot = await createSlot(t, coach.coachId);
    const res = await post(t, "/api/bookings", student.cookie, {
      timeSlotId: slot.id,
      rateId: coach.rates.individual30,
      sessionType: "individual",
      duration: 30,
    });
    expect(res.status).toBe(201);
    expect(res.body.startTime).toBe(localTime(slot.startsAt));
    expect(res.body.totalAmount).toBe("57.50");
  });

  it("takes the price from the database, not from the rate the client sends", async () => {
    const slot = await createSlot(t, coach.coachId);
    const res = await requestBooking(t, student, coach, slot.id, { extra: { rate: "1.00", coachId: 999999 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rate: "85.00", totalAmount: "97.75", coachId: coach.coachId });
  });

  it("computes the 15% fee in cents: $33.33 gives a $5.00 fee and $38.33 total", async () => {
    const oddCoach = await createBookableCoach(t, { rateCents: { individual60: 3333 } });
    const slot = await createSlot(t, oddCoach.coachId);
    const booking = await bookSlot(t, student, oddCoach, slot.id);
    const res = await get(t, `/api/bookings/${booking.id}`, student.cookie);
    expect(res.body).toMatchObject({ rate: "33.33", platformFee: "5.00", tipAmount: "0.00", totalAmount: "38.33", coachEarnings: "33.33" });
  });

  it("refuses coaches and admins with 403 and signed-out callers with 401, creating nothing", async () => {
    const slot = await createSlot(t, coach.coachId);
    const body = { timeSlotId: slot.id, rateId: coach.rates.individual60, sessionType: "individual", duration: 60 };
    const asCoach = await post(t, "/api/bookings", coach.cookie, body);
    expect(asCoach.status).toBe(403);
    expect(asCoach.body.message).toBe(BookingMessages.ONLY_PLAYERS);
    const admin = await createPerson(t, "admin");
    const asAdmin = await post(t, "/api/bookings", admin.cookie, body);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toBe(BookingMessages.ONLY_PLAYERS);
    const signedOut = await request(t.app).post("/api/bookings").send(body);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ message: "Unauthorized" });
    expect(await bookingCount(slot.id)).toBe(0);
  });

  // The route reads its session in one statement with the booking's pre-read, not through the
  // session middleware: the same sessions must count, and nothing of a session is kept between requests.
  it("signs in by the session as every route does: idle, ended or no longer a player's is refused, a used one is kept alive", async () => {
    const slot = await createSlot(t, coach.coachId);
    const body = { timeSlotId: slot.id, rateId: coach.rates.individual60, sessionType: "individual", duration: 60 };
    const person = await createPerson(t);
    const idHash = hashSessionToken(person.cookie.slice(person.cookie.indexOf("=") + 1));
    const db = t.deps.database.db;
    const lastSeen = async () => (await db.select().from(sessions).where(eq(sessions.idHash, idHash)))[0]?.lastSeenAt;
    const setLastSeen = (minutesAgo: number) =>
      db
        .update(sessions)
        .set({ lastSeenAt: new Date(t.deps.clock.now().getTime() - minutesAgo * 60_000) })
        .where(eq(sessions.idHash, idHash));

    // Last used five minutes ago: a request (here for a slot that does not exist) moves its idle deadline on.
    await setLastSeen(5);
    const before = await lastSeen();
    const missing = await post(t, "/api/bookings", person.cookie, { ...body, timeSlotId: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(BookingMessages.SLOT_NOT_FOUND);
    expect((await lastSeen())!.getTime()).toBeGreaterThan(before!.getTime());

    // Unused for longer than the idle timeout: signed out.
    await setLastSeen(SESSION_IDLE_MS / 60_000 + 1);
    expect((await post(t, "/api/bookings", person.cookie, body)).status).toBe(401);

    // In use again, but the account is now a coach's: the role counts from this request.
    await setLastSeen(0);
    await db.update(users).set({ userType: "coach" }).where(eq(users.id, person.userId));
    const asCoach = await post(t, "/api/bookings", person.cookie, body);
    expect(asCoach.status).toBe(403);
    expect(asCoach.body.message).toBe(BookingMessages.ONLY_PLAYERS);

    // A player again, then signed out: the ended session books nothing.
    await db.update(users).set({ userType: "player" }).where(eq(users.id, person.userId));
    expect((await post(t, "/api/auth/logout", person.cookie, {})).status).toBeLessThan(300);
    const ended = await post(t, "/api/bookings", person.cookie, body);
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ message: "Unauthorized" });
    expect(await bookingCount(slot.id)).toBe(0);
  });

  it("refuses to book for another student", async () => {
    const slot = await createSlot(t, coach.coachId);
    const other = await createPerson(t);
    const res = await requestBooking(t, student, coach, slot.id, { extra: { studentId: other.userId } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(BookingMessages.NOT_YOURSELF);
    expect(await bookingCount(slot.id)).toBe(0);
  });

  describe("validation: 400 with the first failing field's message and no booking", () => {
    const cases: [string, (c: BookableCoach, slot: { id: number; startsAt: Date }) => Record<string, unknown>, string][] = [
      [
        "no time slot",
        (c) => ({ rateId: c.rates.individual60, sessionType: "individual", duration: 60 }),
        BookingMessages.MISSING_INFORMATION,
      ],
      ["no rate", (_c, s) => ({ timeSlotId: s.id, sessionType: "individual", duration: 60 }), BookingMessages.SELECT_DURATION],
      [
        "no session type",
        (c, s) => ({ timeSlotId: s.id, rateId: c.rates.individual60, duration: 60 }),
        BookingMessages.MISSING_INFORMATION,
      ],
      [
        "a duration that is not 30 or 60",
        (c, s) => ({ timeSlotId: s.id, rateId: c.rates.individual60, sessionType: "individual", duration: 45 }),
        BookingMessages.SELECT_DURATION,
      ],
      [
        "a group rate on an individual slot",
        (c, s) => ({ timeSlotId: s.id, rateId: c.rates.group60, sessionType: "group", duration: 60 }),
        BookingMessages.RATE_WRONG_KIND_INDIVIDUAL,
      ],
      [
        "a session type other than the rate's",
        (c, s) => ({ timeSlotId: s.id, rateId: c.rates.individual60, sessionType: "group", duration: 60 }),
        BookingMessages.SESSION_TYPE_MISMATCH,
      ],
      [
        "a duration other than the rate's",
        (c, s) => ({ timeSlotId: s.id, rateId: c.rates.individual60, sessionType: "individual", duration: 30 }),
        BookingMessages.DURATION_MISMATCH,
      ],
      [
        "a start time that is not a time",
        (c, s) => ({ timeSlotId: s.id, rateId: c.rates.individual30, sessionType: "individual", duration: 30, preferredStartTime: "9am" }),
        BookingMessages.START_INVALID,
      ],
      [
        "a start time off the 15-minute steps",
        (c, s) => ({
          timeSlotId: s.id,
          rateId: c.rates.individual30,
          sessionType: "individual",
          duration: 30,
          preferredStartTime: localTime(s.startsAt, 10),
        }),
        BookingMessages.START_OFF_STEP,
      ],
      [
        "a session that would end after the slot",
        (c, s) => ({
          timeSlotId: s.id,
          rateId: c.rates.individual60,
          sessionType: "individual",
          duration: 60,
          preferredStartTime: localTime(s.startsAt, 15),
        }),
        BookingMessages.START_OUTSIDE_SLOT,
      ],
      [
        "a start before the slot",
        (c, s) => ({
          timeSlotId: s.id,
          rateId: c.rates.individual30,
          sessionType: "individual",
          duration: 30,
          preferredStartTime: localTime(s.startsAt, -15),
        }),
        BookingMessages.START_OUTSIDE_SLOT,
      ],
      [
        "notes longer than 2000 characters",
        (c, s) => ({ timeSlotId: s.id, rateId: c.rates.individual60, sessionType: "individual", duration: 60, notes: "x".repeat(2001) }),
        BookingMessages.NOTES_TOO_LONG,
      ],
    ];
    it.each(cases)("%s", async (_name, build, message) => {
      const slot = await createSlot(t, coach.coachId);
      const res = await post(t, "/api/bookings", student.cookie, build(coach, slot));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await bookingCount(slot.id)).toBe(0);
    });

    it("an individual rate on a group slot", async () => {
      const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 3 });
      const res = await requestBooking(t, student, coach, slot.id);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(BookingMessages.RATE_WRONG_KIND_GROUP);
    });

    it("a rate of another coach", async () => {
      const other = await createBookableCoach(t);
      const slot = await createSlot(t, coach.coachId);
      const res = await requestBooking(t, student, other, slot.id);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(BookingMessages.RATE_NOT_FOUND);
    });

    it("a coach without rates of the slot's kind: the spec's group and individual wordings", async () => {
      const noGroup = await createBookableCoach(t, { rateCents: { group60: null } });
      const groupSlot = await createSlot(t, noGroup.coachId, { isGroup: true });
      const groupRes = await requestBooking(t, student, noGroup, groupSlot.id);
      expect(groupRes.status).toBe(400);
      expect(groupRes.body.message).toBe(
        "No group rates available for this session type. Please select a different time slot or contact the coach.",
      );
      const noIndividual = await createBookableCoach(t, { rateCents: { individual30: null, individual60: null } });
      const slot = await createSlot(t, noIndividual.coachId);
      const res = await post(t, "/api/bookings", student.cookie, {
        timeSlotId: slot.id,
        rateId: noIndividual.rates.group60,
        sessionType: "group",
        duration: 60,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "No individual rates available for this session type. Please select a different time slot or contact the coach.",
      );
    });

    it("a slot that does not exist: 404", async () => {
      const res = await requestBooking(t, student, coach, 987654);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(BookingMessages.SLOT_NOT_FOUND);
    });

    it("a slot in the past", async () => {
      const slot = await createSlot(t, coach.coachId, { hoursFromNow: -3 });
      const res = await requestBooking(t, student, coach, slot.id);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(BookingMessages.SLOT_IN_PAST);
      expect(await bookingCount(slot.id)).toBe(0);
    });
  });

  it("refuses a full slot with 409 and a second active booking of the same student", async () => {
    // A student of their own: the suite's student already holds as many unpaid seats as a player may.
    const student = await createPerson(t);
    const slot = await createSlot(t, coach.coachId);
    await bookSlot(t, student, coach, slot.id);
    const again = await requestBooking(t, student, coach, slot.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: BookingMessages.ALREADY_BOOKED, code: ErrorCode.ALREADY_BOOKED });
    const other = await createPerson(t);
    const full = await requestBooking(t, other, coach, slot.id);
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ message: BookingMessages.SLOT_UNAVAILABLE, code: ErrorCode.SLOT_FULL });
    expect(await bookingCount(slot.id)).toBe(1);
  });
});

describe("seats under concurrency", () => {
  it("50 students booking one individual slot at once: exactly one holds it", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId);
    const students = await Promise.all(Array.from({ length: 50 }, () => createPerson(t)));
    const results = await Promise.all(students.map((s) => requestBooking(t, s, coach, slot.id)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === BookingMessages.SLOT_UNAVAILABLE)).toBe(true);
    expect(await bookingCount(slot.id)).toBe(1);
    expect(await slotIsAvailable(slot.id)).toBe(false);
  });

  it("50 students booking a group slot of capacity 4 at once: exactly four hold seats", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4 });
    const students = await Promise.all(Array.from({ length: 50 }, () => createPerson(t)));
    const results = await Promise.all(
      students.map((s) =>
        post(t, "/api/bookings", s.cookie, { timeSlotId: slot.id, rateId: coach.rates.group60, sessionType: "group", duration: 60 }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.filter((r) => r.status === 409)).toHaveLength(46);
    expect(results.find((r) => r.status === 201)!.body).toMatchObject({ rate: "40.00", platformFee: "6.00", totalAmount: "46.00" });
    expect(await bookingCount(slot.id)).toBe(4);
    expect(await slotIsAvailable(slot.id)).toBe(false);
  });

  it("a group slot stays available while seats are left", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 2 });
    await bookSlot(t, await createPerson(t), coach, slot.id, { sessionType: "group" });
    expect(await slotIsAvailable(slot.id)).toBe(true);
    await bookSlot(t, await createPerson(t), coach, slot.id, { sessionType: "group" });
    expect(await slotIsAvailable(slot.id)).toBe(false);
  });
});

describe("holds and sessions over time (test clock)", () => {
  it("an unpaid hold expires after 15 minutes and frees the seat for another student", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId);
    const first = await createPerson(t);
    const second = await createPerson(t);
    const held = await bookSlot(t, first, coach, slot.id);
    const refused = await requestBooking(t, second, coach, slot.id);
    expect(refused.status).toBe(409);

    const clock = await request(t.app).post("/api/test/clock").send({ advanceMinutes: 16 });
    expect(clock.status).toBe(200);
    const expired = await get(t, `/api/bookings/${held.id}`, first.cookie);
    expect(expired.body).toMatchObject({ status: "cancelled", cancelCode: "hold_expired", cancellationReason: null, holdExpiresAt: null });
    expect(await slotIsAvailable(slot.id)).toBe(true);

    const booked = await requestBooking(t, second, coach, slot.id);
    expect(booked.status).toBe(201);
    // The expired hold is no clutter on the first student's list.
    const list = await get(t, "/api/bookings/student", first.cookie);
    expect(list.body.map((b: { id: number }) => b.id)).not.toContain(held.id);
  });

  it("an expired hold frees its seat even before the sweep runs", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    await bookSlot(t, await createPerson(t), coach, slot.id);
    // Moving the clock without the sweep: the booking itself expires the stale hold.
    t.deps.clock.advanceMinutes(16);
    const res = await post(t, "/api/bookings", (await createPerson(t)).cookie, {
      timeSlotId: slot.id,
      rateId: coach.rates.individual60,
      sessionType: "individual",
      duration: 60,
    });
    expect(res.status).toBe(201);
  });
});

describe("reading bookings", () => {
  let coach: BookableCoach;
  let student: Person;
  let bookingId: number;

  beforeAll(async () => {
    coach = await createBookableCoach(t);
    student = await createPerson(t, "player", { firstName: "Riley" });
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 100 });
    bookingId = (await bookSlot(t, student, coach, slot.id)).id;
  });

  it("a student lists their own bookings with the coach, most recent first", async () => {
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 120 });
    const later = await bookSlot(t, student, coach, slot.id);
    const res = await get(t, "/api/bookings/student", student.cookie);
    expect(res.status).toBe(200);
    expect(res.body.map((b: { id: number }) => b.id)).toEqual([later.id, bookingId]);
    expect(res.body[0]).toMatchObject({ coach: { title: "Former D1 Midfielder", user: { firstName: "Casey" } }, status: "pending" });
    const stranger = await createPerson(t);
    expect((await get(t, "/api/bookings/student", stranger.cookie)).body).toEqual([]);
  });

  it("a coach lists their bookings with the student's contact details once the seat is paid (issue 28)", async () => {
    let res = await get(t, "/api/bookings/coach", coach.cookie);
    expect(res.status).toBe(200);
    let mine = res.body.find((b: { id: number }) => b.id === bookingId);
    // Awaiting payment: the name and profile, no e-mail or phone.
    expect(mine.student).toMatchObject({ firstName: "Riley", lastName: "Player", email: null, phoneNumber: null, parentEmail: null });
    const intent = await post(t, "/api/create-payment-intent", student.cookie, { bookingId });
    const paid = await post(t, "/api/payments/simulated/confirm", student.cookie, {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: "4242424242424242",
    });
    expect(paid.body.status).toBe("succeeded");
    res = await get(t, "/api/bookings/coach", coach.cookie);
    mine = res.body.find((b: { id: number }) => b.id === bookingId);
    expect(mine.student).toMatchObject({ firstName: "Riley", lastName: "Player", email: student.email, phoneNumber: "4105551234" });
    expect(mine.coachEarnings).toBe("85.00");
    const otherCoach = await createBookableCoach(t);
    expect((await get(t, "/api/bookings/coach", otherCoach.cookie)).body).toEqual([]);
    expect((await get(t, "/api/bookings/coach", student.cookie)).status).toBe(403);
  });

  it("a booking is readable by its student, its coach and admins, and 404 for everyone else", async () => {
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).status).toBe(200);
    const asCoach = await get(t, `/api/bookings/${bookingId}`, coach.cookie);
    expect(asCoach.status).toBe(200);
    expect(asCoach.body.student.email).toBe(student.email);
    const admin = await createPerson(t, "admin");
    expect((await get(t, `/api/bookings/${bookingId}`, admin.cookie)).status).toBe(200);
    const otherStudent = await createPerson(t);
    const otherCoach = await createBookableCoach(t);
    const hidden = await get(t, `/api/bookings/${bookingId}`, otherStudent.cookie);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(BookingMessages.BOOKING_NOT_FOUND);
    expect((await get(t, `/api/bookings/${bookingId}`, otherCoach.cookie)).status).toBe(404);
    expect((await get(t, "/api/bookings/99999999", student.cookie)).status).toBe(404);
    expect((await request(t.app).get(`/api/bookings/${bookingId}`)).status).toBe(401);
  });
});
