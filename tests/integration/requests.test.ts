import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { GROUP_SIZE_MESSAGE } from "@contract/requests";
import { SessionRequestMessages } from "@contract/request-basics";
import { SlotMessages } from "@contract/slot-basics";
import { bookings, coaches, sessionRequests, timeSlots, users } from "@server/db/schema/index";
import { instantToLocal } from "@server/features/slots/slot-time";
import { createBookableCoach, createPerson, createSlot, get, post, type BookableCoach, type Person } from "@tests/factories/bookings";
import { GOOD_CARD } from "@tests/factories/paid-booking";
import { listenWithCalendar, openCalendarSocket } from "@tests/factories/slot-helpers";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

const HOUR_MS = 3_600_000;
const ZONE = "America/New_York";

/** The coach's wall clock `hours` after now, rounded up to a quarter hour. */
function localIn(hours: number, timeZone = ZONE) {
  const base = Math.ceil(t.deps.clock.now().getTime() / (15 * 60_000)) * 15 * 60_000;
  const instant = new Date(base + hours * HOUR_MS);
  return { ...instantToLocal(instant, timeZone), instant };
}

function requestBody(coach: BookableCoach, overrides: Record<string, unknown> = {}, hours = 48) {
  const at = localIn(hours);
  return {
    coachId: coach.coachId,
    requestedDate: at.date,
    requestedStartTime: at.time,
    sessionType: "individual",
    duration: 60,
    message: "Working on my dodges",
    ...overrides,
  };
}

async function makeRequest(student: Person, coach: BookableCoach, overrides: Record<string, unknown> = {}, hours = 48) {
  const res = await post(t, "/api/session-requests", student.cookie, requestBody(coach, overrides, hours));
  if (res.status !== 201) throw new Error(`request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; totalAmount: string; groupSize: number | null };
}

async function rowCount(table: typeof timeSlots | typeof bookings, coachId: number): Promise<number> {
  const rows = await t.deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.coachId, coachId));
  return rows[0]!.n;
}

async function setSms(userId: number, phoneNumber: string) {
  await t.deps.database.db.update(users).set({ smsOptIn: true, phoneNumber }).where(eq(users.id, userId));
}

const outboxFor = (recipient: string) => t.outbox().filter((m) => m.recipient === recipient);

describe("POST /api/session-requests", () => {
  let coach: BookableCoach;
  let student: Person;

  beforeAll(async () => {
    coach = await createBookableCoach(t);
    student = await createPerson(t);
  });

  it("stores a pending request priced from the coach's rate plus the 15% fee, ignoring the client's total and end time", async () => {
    const at = localIn(48);
    const res = await post(t, "/api/session-requests", student.cookie, {
      ...requestBody(coach),
      requestedEndTime: "23:45",
      totalAmount: "1.00",
      message: "  Working on my dodges  ",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      coachId: coach.coachId,
      studentId: student.userId,
      coach: { id: coach.coachId, title: "Former D1 Midfielder", user: { firstName: "Casey", lastName: "Coach" } },
      requestedDate: at.date,
      requestedStartTime: at.time,
      requestedEndTime: instantToLocal(new Date(at.instant.getTime() + HOUR_MS), ZONE).time,
      sessionType: "individual",
      duration: 60,
      rate: "85.00",
      platformFee: "12.75",
      totalAmount: "97.75",
      message: "Working on my dodges",
      coachResponse: null,
      status: "pending",
      booking: null,
    });
    expect(res.body.student).toBeUndefined();
  });

  it("computes the end from a 30-minute duration and the 30-minute rate", async () => {
    const at = localIn(50);
    const res = await post(t, "/api/session-requests", student.cookie, requestBody(coach, { duration: 30 }, 50));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      duration: 30,
      rate: "50.00",
      totalAmount: "57.50",
      requestedEndTime: instantToLocal(new Date(at.instant.getTime() + 30 * 60_000), ZONE).time,
    });
  });

  it("accepts a request exactly 4 hours ahead and refuses one less than 4 hours ahead", async () => {
    const ok = await post(t, "/api/session-requests", student.cookie, requestBody(coach, {}, 4));
    expect(ok.status).toBe(201);
    const late = await post(t, "/api/session-requests", student.cookie, requestBody(coach, {}, 3.75));
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(SessionRequestMessages.TOO_SOON);
  });

  it("reads the requested date and time on the coach's clock", async () => {
    // A New York wall clock 2 hours away is 5 hours away for a coach in Los Angeles.
    const westCoach = await createBookableCoach(t, { timeZone: "America/Los_Angeles" });
    const nyTwoHours = localIn(2, ZONE);
    const west = await post(t, "/api/session-requests", student.cookie, {
      ...requestBody(westCoach),
      requestedDate: nyTwoHours.date,
      requestedStartTime: nyTwoHours.time,
    });
    expect(west.status).toBe(201);
    const east = await post(t, "/api/session-requests", student.cookie, {
      ...requestBody(coach),
      requestedDate: nyTwoHours.date,
      requestedStartTime: nyTwoHours.time,
    });
    expect(east.status).toBe(400);
    expect(east.body.message).toBe(SessionRequestMessages.TOO_SOON);
  });

  it("refuses a type and duration combination that is not offered", async () => {
    for (const overrides of [{ duration: 45 }, { sessionType: "clinic" }, { duration: undefined }, { sessionType: undefined }]) {
      const res = await post(t, "/api/session-requests", student.cookie, requestBody(coach, overrides));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SessionRequestMessages.INVALID_COMBINATION);
    }
  });

  it("refuses a combination the coach has no rate for", async () => {
    const res = await post(t, "/api/session-requests", student.cookie, requestBody(coach, { sessionType: "group", duration: 30 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SessionRequestMessages.RATE_NOT_FOUND);
  });

  it("refuses a coach who does not accept requests, and an unknown coach", async () => {
    const closed = await createBookableCoach(t);
    await t.deps.database.db.update(coaches).set({ allowSessionRequests: false }).where(eq(coaches.id, closed.coachId));
    const refused = await post(t, "/api/session-requests", student.cookie, requestBody(closed));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SessionRequestMessages.NOT_ACCEPTING);
    const missing = await post(t, "/api/session-requests", student.cookie, requestBody(coach, { coachId: 999999 }));
    expect(missing.status).toBe(404);
  });

  it("refuses start times off the 15-minute steps, invalid dates and long messages, storing nothing", async () => {
    const before = await t.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(sessionRequests);
    const offStep = await post(t, "/api/session-requests", student.cookie, requestBody(coach, { requestedStartTime: "10:10" }));
    expect(offStep.status).toBe(400);
    expect(offStep.body.message).toBe(SessionRequestMessages.START_OFF_STEP);
    const badTime = await post(t, "/api/session-requests", student.cookie, requestBody(coach, { requestedStartTime: "25:00" }));
    expect(badTime.body.message).toBe(SessionRequestMessages.START_INVALID);
    const badDate = await post(t, "/api/session-requests", student.cookie, requestBody(coach, { requestedDate: "2030-02-30" }));
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe(SessionRequestMessages.DATE_INVALID);
    const long = await post(t, "/api/session-requests", student.cookie, requestBody(coach, { message: "x".repeat(1001) }));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(SessionRequestMessages.MESSAGE_TOO_LONG);
    const after = await t.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(sessionRequests);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("refuses a second pending request for the same coach and time", async () => {
    await makeRequest(student, coach, {}, 72);
    const again = await post(t, "/api/session-requests", student.cookie, requestBody(coach, {}, 72));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SessionRequestMessages.DUPLICATE);
  });

  it("is for players only: 403 for a coach, 401 signed out", async () => {
    const res = await post(t, "/api/session-requests", coach.cookie, requestBody(coach));
    expect(res.status).toBe(403);
    const signedOut = await request(t.app).post("/api/session-requests").send(requestBody(coach));
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ message: "Unauthorized" });
  });

  it("tells the coach by e-mail, and by SMS when they opted in", async () => {
    const texting = await createBookableCoach(t);
    await setSms(texting.userId, "+14105550101");
    const quiet = await createBookableCoach(t);
    await makeRequest(student, texting);
    await makeRequest(student, quiet);
    const toTexting = outboxFor(texting.email);
    expect(toTexting).toHaveLength(1);
    expect(toTexting[0]!.headers.Subject).toContain("New session request from Pat Player");
    expect(toTexting[0]!.body).toContain("Message: Working on my dodges");
    expect(outboxFor("+14105550101")).toHaveLength(1);
    expect(outboxFor("+14105550101")[0]!.body).toContain("http://localhost:5000/coach-dashboard");
    expect(outboxFor(quiet.email)).toHaveLength(1);
  });
});

describe("listing requests", () => {
  it("gives the student their own requests newest first, and the coach theirs: name, age and message, contact only once paid", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t, "player", { firstName: "Riley" });
    const other = await createPerson(t);
    const first = await makeRequest(student, coach, {}, 30);
    const second = await makeRequest(student, coach, { message: "" }, 31);
    await makeRequest(other, coach, {}, 32);

    const mine = await get(t, "/api/session-requests/student", student.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect(mine.body[0].message).toBeNull();

    const forCoach = await get(t, `/api/session-requests/coach/${coach.coachId}`, coach.cookie);
    expect(forCoach.status).toBe(200);
    expect(forCoach.body).toHaveLength(3);
    const riley = forCoach.body.find((r: { id: number }) => r.id === first.id);
    // Issue 28: no e-mail or phone until a seat is paid.
    expect(riley.student).toMatchObject({ firstName: "Riley", lastName: "Player", email: null, phoneNumber: null, parentEmail: null });
    expect(riley.student).toHaveProperty("ageGroup");
    expect(riley.message).toBe("Working on my dodges");

    // Accepted: still awaiting payment, still no contact; paid: the contact shows.
    const accepted = await post(t, `/api/session-requests/${first.id}/accept`, coach.cookie, {});
    expect(accepted.status).toBe(200);
    const unpaid = (await get(t, `/api/session-requests/coach/${coach.coachId}`, coach.cookie)).body.find(
      (r: { id: number }) => r.id === first.id,
    );
    expect(unpaid.student).toMatchObject({ email: null, phoneNumber: null });
    const intent = await post(t, "/api/create-payment-intent", student.cookie, { bookingId: accepted.body.bookingId });
    await post(t, "/api/payments/simulated/confirm", student.cookie, {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    const paid = (await get(t, `/api/session-requests/coach/${coach.coachId}`, coach.cookie)).body.find(
      (r: { id: number }) => r.id === first.id,
    );
    expect(paid.student).toMatchObject({ firstName: "Riley", email: student.email, phoneNumber: "4105551234" });
  });

  it("shows a coach's requests only to that coach", async () => {
    const coach = await createBookableCoach(t);
    const otherCoach = await createBookableCoach(t);
    const student = await createPerson(t);
    expect((await get(t, `/api/session-requests/coach/${coach.coachId}`, otherCoach.cookie)).status).toBe(403);
    expect((await get(t, `/api/session-requests/coach/${coach.coachId}`, student.cookie)).status).toBe(403);
    expect((await request(t.app).get(`/api/session-requests/coach/${coach.coachId}`)).status).toBe(401);
  });
});

describe("accepting a request", () => {
  it("creates the slot and a payable booking awaiting payment, and tells the student", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    await setSms(student.userId, "+14105550202");
    const at = localIn(48);
    const made = await makeRequest(student, coach, { requestedDate: at.date, requestedStartTime: at.time });

    const res = await post(t, `/api/session-requests/${made.id}/accept`, coach.cookie, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Session Request Accepted", bookingId: expect.any(Number) });
    expect(res.body.request).toMatchObject({ id: made.id, status: "accepted", booking: { id: res.body.bookingId, status: "pending" } });
    const bookingId = res.body.bookingId as number;

    const booking = await get(t, `/api/bookings/${bookingId}`, student.cookie);
    expect(booking.body).toMatchObject({
      status: "pending",
      paymentStatus: "unpaid",
      rate: "85.00",
      platformFee: "12.75",
      totalAmount: "97.75",
      coachEarnings: "85.00",
      // DESIGN.md 10: payable until 24 h after acceptance (the session is 48 h away, so 2 h before it is later).
      holdExpiresAt: expect.any(String),
      notes: "Working on my dodges",
      timeSlot: { isGroup: false, capacity: 1, isAvailable: false },
    });
    // Issue 28: the slot is the student's alone: never in the public list, only in the coach's own.
    const slots = await get(t, `/api/time-slots/${coach.coachId}`, student.cookie);
    expect(slots.body).toEqual([]);
    const coachList = await get(t, `/api/time-slots/${coach.coachId}?includeBookingCounts=true`, coach.cookie);
    expect(coachList.body).toEqual([expect.objectContaining({ id: booking.body.timeSlotId, isAvailable: false })]);
    const payBy = new Date(booking.body.holdExpiresAt).getTime() - t.deps.clock.now().getTime();
    expect(payBy).toBeGreaterThan(24 * HOUR_MS - 10_000);
    expect(payBy).toBeLessThanOrEqual(24 * HOUR_MS);

    // Still payable long after a normal 15-minute hold would have run out.
    await post(t, "/api/test/clock", student.cookie, { advanceMinutes: 60 });
    const intent = await post(t, "/api/create-payment-intent", student.cookie, { bookingId });
    expect(intent.status).toBe(200);
    expect(intent.body.totalAmount).toBe("97.75");
    const paid = await post(t, "/api/payments/simulated/confirm", student.cookie, {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body).toEqual({ status: "succeeded" });
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body.status).toBe("confirmed");

    // The text names the day, the time with the coach's zone and the place (none yet: to be confirmed).
    const day = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, dateStyle: "full" }).format(at.instant);
    const clock = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "numeric", minute: "2-digit" })
      .format(at.instant)
      .replace(/\s/g, " ");
    const mail = outboxFor(student.email).find((m) => m.headers.Subject?.startsWith("Session request accepted"));
    expect(mail?.body).toContain(`http://localhost:5000/booking-checkout/${bookingId}`);
    expect(mail?.body).toContain(`Date: ${day}`);
    expect(mail?.body).toMatch(new RegExp(`Time: ${clock} - .* E[SD]T`));
    expect(mail?.body).toContain("Location: Location to be confirmed by your coach");
    const [sms] = outboxFor("+14105550202").map((m) => m.body);
    expect(sms).toMatch(new RegExp(`^Casey Coach accepted your session request for ${day} at ${clock} E[SD]T\\.`));
    expect(sms).toContain(" Place: Location to be confirmed by your coach. ");
    expect(sms).toContain(`Complete payment: http://localhost:5000/booking-checkout/${bookingId}`);
  });

  it("makes a group slot of the smallest group capacity for a group request", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const made = await makeRequest(student, coach, { sessionType: "group" });
    const res = await post(t, `/api/session-requests/${made.id}/accept`, coach.cookie, {});
    expect(res.status).toBe(200);
    const booking = await get(t, `/api/bookings/${res.body.bookingId}`, student.cookie);
    expect(booking.body).toMatchObject({
      sessionType: "group",
      rate: "40.00",
      totalAmount: "46.00",
      timeSlot: { isGroup: true, capacity: 2 },
    });
  });

  it("makes a group slot with the capacity the student asked for, and refuses a group size outside 2 to 10", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const made = await makeRequest(student, coach, { sessionType: "group", groupSize: 5 });
    expect(made.groupSize).toBe(5);
    const res = await post(t, `/api/session-requests/${made.id}/accept`, coach.cookie, {});
    expect(res.status).toBe(200);
    expect(res.body.request.groupSize).toBe(5);
    const booking = await get(t, `/api/bookings/${res.body.bookingId}`, student.cookie);
    expect(booking.body.timeSlot).toMatchObject({ isGroup: true, capacity: 5 });

    for (const groupSize of [1, 11, "lots"]) {
      const bad = await post(t, "/api/session-requests", student.cookie, {
        coachId: coach.coachId,
        requestedDate: "2099-01-01",
        requestedStartTime: "10:00",
        sessionType: "group",
        duration: 60,
        groupSize,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(GROUP_SIZE_MESSAGE);
    }
  });

  it("is refused when the time overlaps one of the coach's slots, creating nothing", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 48, lengthMinutes: 120 });
    const at = instantToLocal(new Date(slot.startsAt.getTime() + 30 * 60_000), ZONE);
    const made = await makeRequest(student, coach, { requestedDate: at.date, requestedStartTime: at.time });
    const [slotsBefore, bookingsBefore] = [await rowCount(timeSlots, coach.coachId), await rowCount(bookings, coach.coachId)];

    const res = await post(t, `/api/session-requests/${made.id}/accept`, coach.cookie, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SlotMessages.OVERLAP);
    expect(await rowCount(timeSlots, coach.coachId)).toBe(slotsBefore);
    expect(await rowCount(bookings, coach.coachId)).toBe(bookingsBefore);
    const [row] = await t.deps.database.db.select().from(sessionRequests).where(eq(sessionRequests.id, made.id));
    expect(row).toMatchObject({ status: "pending", timeSlotId: null, bookingId: null });
  });

  it("is for the request's coach only, and only once", async () => {
    const coach = await createBookableCoach(t);
    const otherCoach = await createBookableCoach(t);
    const student = await createPerson(t);
    const made = await makeRequest(student, coach);
    expect((await post(t, `/api/session-requests/${made.id}/accept`, otherCoach.cookie, {})).status).toBe(403);
    expect((await post(t, `/api/session-requests/${made.id}/accept`, student.cookie, {})).status).toBe(403);
    expect((await post(t, `/api/session-requests/999999/accept`, coach.cookie, {})).status).toBe(404);
    expect((await post(t, `/api/session-requests/${made.id}/accept`, coach.cookie, {})).status).toBe(200);
    const again = await post(t, `/api/session-requests/${made.id}/accept`, coach.cookie, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SessionRequestMessages.ALREADY_ANSWERED);
    expect(await rowCount(bookings, coach.coachId)).toBe(1);
  });
});

describe("declining and cancelling", () => {
  it("declines with the coach's message, which the student reads and is e-mailed", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const made = await makeRequest(student, coach);
    const res = await post(t, `/api/session-requests/${made.id}/decline`, coach.cookie, { message: "  Away that weekend, sorry!  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.id, status: "declined", coachResponse: "Away that weekend, sorry!" });
    const mine = await get(t, "/api/session-requests/student", student.cookie);
    expect(mine.body[0]).toMatchObject({ status: "declined", coachResponse: "Away that weekend, sorry!" });
    const mail = outboxFor(student.email).find((m) => m.headers.Subject?.startsWith("Session request declined"));
    expect(mail?.body).toContain("Coach's response: Away that weekend, sorry!");
    const again = await post(t, `/api/session-requests/${made.id}/accept`, coach.cookie, {});
    expect(again.status).toBe(409);
  });

  it("declines without a message, and only by the request's coach", async () => {
    const coach = await createBookableCoach(t);
    const otherCoach = await createBookableCoach(t);
    const student = await createPerson(t);
    const made = await makeRequest(student, coach);
    expect((await post(t, `/api/session-requests/${made.id}/decline`, otherCoach.cookie, {})).status).toBe(403);
    const res = await post(t, `/api/session-requests/${made.id}/decline`, coach.cookie, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "declined", coachResponse: null });
  });

  it("lets the student cancel their own pending request, keeping it as cancelled and telling the coach", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const made = await makeRequest(student, coach);
    const res = await request(t.app).delete(`/api/session-requests/${made.id}`).set("Cookie", student.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.id, status: "cancelled" });
    const mine = await get(t, "/api/session-requests/student", student.cookie);
    expect(mine.body.find((r: { id: number }) => r.id === made.id).status).toBe("cancelled");
    expect(outboxFor(coach.email).some((m) => m.headers.Subject?.startsWith("Session request cancelled"))).toBe(true);
    const accept = await post(t, `/api/session-requests/${made.id}/accept`, coach.cookie, {});
    expect(accept.status).toBe(409);
  });

  it("refuses cancelling someone else's request or one that is no longer pending", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const other = await createPerson(t);
    const made = await makeRequest(student, coach);
    const del = (cookie: string, id = made.id) => request(t.app).delete(`/api/session-requests/${id}`).set("Cookie", cookie);
    expect((await del(other.cookie)).status).toBe(404);
    expect((await del(coach.cookie)).status).toBe(403);
    expect((await request(t.app).delete(`/api/session-requests/${made.id}`)).status).toBe(401);
    await post(t, `/api/session-requests/${made.id}/decline`, coach.cookie, {});
    const late = await del(student.cookie);
    expect(late.status).toBe(409);
    const [row] = await t.deps.database.db.select().from(sessionRequests).where(eq(sessionRequests.id, made.id));
    expect(row!.status).toBe("declined");
  });
});

describe("expiry", () => {
  it("expires a pending request once it is 4 hours from its start, and tells the student", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const soon = await makeRequest(student, coach, {}, 6);
    const later = await makeRequest(student, coach, {}, 30);

    await post(t, "/api/test/clock", student.cookie, { advanceMinutes: 60 });
    let mine = await get(t, "/api/session-requests/student", student.cookie);
    expect(mine.body.find((r: { id: number }) => r.id === soon.id).status).toBe("pending");

    await post(t, "/api/test/clock", student.cookie, { advanceMinutes: 80 });
    mine = await get(t, "/api/session-requests/student", student.cookie);
    expect(mine.body.find((r: { id: number }) => r.id === soon.id).status).toBe("expired");
    expect(mine.body.find((r: { id: number }) => r.id === later.id).status).toBe("pending");
    expect(outboxFor(student.email).some((m) => m.headers.Subject?.startsWith("Session request expired"))).toBe(true);

    const accept = await post(t, `/api/session-requests/${soon.id}/accept`, coach.cookie, {});
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(SessionRequestMessages.EXPIRED);
  });

  it("refuses an answer that comes after the deadline even before the sweep ran, and expires the request", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const made = await makeRequest(student, coach, {}, 5);
    // Move the clock without running the sweeps.
    t.deps.clock.advanceMinutes(80);
    const res = await post(t, `/api/session-requests/${made.id}/accept`, coach.cookie, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SessionRequestMessages.EXPIRED);
    expect(await rowCount(timeSlots, coach.coachId)).toBe(0);
    const [row] = await t.deps.database.db.select().from(sessionRequests).where(eq(sessionRequests.id, made.id));
    expect(row!.status).toBe("expired");
  });
});

describe("live updates", () => {
  it("tells the request's coach and student over /ws/calendar, and no other coach", async () => {
    const coach = await createBookableCoach(t);
    const otherCoach = await createBookableCoach(t);
    const student = await createPerson(t);
    const server = await listenWithCalendar(t.app, t.deps);
    const coachSocket = await openCalendarSocket(server.wsUrl, coach.cookie);
    const studentSocket = await openCalendarSocket(server.wsUrl, student.cookie);
    const otherSocket = await openCalendarSocket(server.wsUrl, otherCoach.cookie);
    try {
      await Promise.all([coachSocket, studentSocket, otherSocket].map((s) => s.next((m) => m.type === "connected")));
      const made = await makeRequest(student, coach);
      const created = await coachSocket.next((m) => m.type === "session_request_updated");
      expect(created).toMatchObject({ coachId: coach.coachId, requestId: made.id, status: "pending" });
      expect(created.studentId).toBeUndefined();

      const accepted = await post(t, `/api/session-requests/${made.id}/accept`, coach.cookie, {});
      await coachSocket.next((m) => m.type === "booking_updated" && m.bookingId === accepted.body.bookingId);
      await coachSocket.next((m) => m.type === "time_slot_updated");
      await studentSocket.next((m) => m.type === "session_request_updated" && m.status === "accepted");
      await studentSocket.next((m) => m.type === "booking_updated" && m.bookingId === accepted.body.bookingId);
      expect(otherSocket.messages.filter((m) => m.type === "session_request_updated" || m.type === "booking_updated")).toEqual([]);
    } finally {
      await Promise.all([coachSocket.close(), studentSocket.close(), otherSocket.close()]);
      await server.close();
    }
  });
});
