import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { StudentCancelMessages } from "@contract/bookings";
import { bookings, refunds, users } from "@server/db/schema/index";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post } from "@tests/factories/bookings";
import { withPinnedClock } from "@tests/factories/basics";
import { createPaidBooking, passSessionEnd } from "@tests/factories/paid-booking";
import { attachedCalendar } from "@tests/support/ics";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

const cancel = (id: number, cookie: string) =>
  request(t.app).delete(`/api/bookings/${id}`).set("Cookie", cookie).set("Content-Type", "application/json").send({});
const bookingRow = async (id: number) => (await t.deps.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
/** Holds the server clock still at `msBefore` the instant while `body` runs (no sweeps, no drift). */
const at = (instant: Date, msBefore: number, body: () => Promise<void>) => withPinnedClock(t, new Date(instant.getTime() - msBefore), body);
const DAY_MS = 24 * 3_600_000;

describe("DELETE /api/bookings/:id by the student", () => {
  it("releases an unpaid hold and frees its seat", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 10 });
    const student = await createPerson(t, "player");
    const hold = await bookSlot(t, student, coach, slot.id);
    const res = await cancel(hold.id, student.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: StudentCancelMessages.CANCELLED_PENDING,
      booking: { id: hold.id, status: "cancelled" },
    });
    expect((await bookingRow(hold.id)).cancelCode).toBe("student_cancelled");
    // The seat is back on sale: another player can book it.
    const other = await createPerson(t, "player");
    await bookSlot(t, other, coach, slot.id);
  });

  it("24 hours ahead exactly (in an instant, whatever the coach's zone): a full refund, the seat back, the coach told", async () => {
    const coach = await createBookableCoach(t, { timeZone: "America/Los_Angeles" });
    await t.deps.database.db.update(users).set({ smsOptIn: true, phoneNumber: "4105559876" }).where(eq(users.id, coach.userId));
    const paid = await createPaidBooking(t, { coach, hoursFromNow: 50 });
    let res!: request.Response;
    await at(paid.slot.startsAt, DAY_MS, async () => {
      res = await cancel(paid.bookingId, paid.student.cookie);
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(StudentCancelMessages.CANCELLED_REFUNDED);
    const row = await bookingRow(paid.bookingId);
    expect(row).toMatchObject({
      status: "cancelled",
      cancelCode: "student_cancelled",
      paymentStatus: "refunded",
      cancellationReason: null,
    });
    const [refund] = await t.deps.database.db.select().from(refunds).where(eq(refunds.bookingId, paid.bookingId));
    expect(refund).toMatchObject({ status: "sent", amountCents: row.totalCents, reason: "student_cancelled" });
    expect((await get(t, `/api/time-slots/single/${paid.slot.id}`, paid.student.cookie)).body.isAvailable).toBe(true);

    const toCoach = t.outbox().filter((m) => m.recipient === coach.email && m.headers.Subject?.startsWith("Booking cancelled"));
    expect(toCoach).toHaveLength(1);
    const calendar = attachedCalendar(toCoach[0]!)!;
    expect(calendar.method).toBe("CANCEL");
    expect(calendar.events[0]).toMatchObject({
      uid: `booking-${paid.bookingId}@localhost`,
      status: "CANCELLED",
      tzid: "America/Los_Angeles",
    });
    expect(t.outbox().filter((m) => m.channel === "sms" && m.recipient === "4105559876" && m.body.includes("cancelled"))).toHaveLength(1);
    expect(t.outbox().filter((m) => m.recipient === paid.student.email && m.headers.Subject?.startsWith("Booking cancelled"))).toHaveLength(
      1,
    );

    const again = await cancel(paid.bookingId, paid.student.cookie);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(StudentCancelMessages.NOT_CANCELLABLE);
    expect(await t.deps.database.db.select().from(refunds).where(eq(refunds.bookingId, paid.bookingId))).toHaveLength(1);
  });

  it("a minute inside the 24 hours: refused with the policy, and nothing changes", async () => {
    const coach = await createBookableCoach(t, { timeZone: "America/Denver" });
    const paid = await createPaidBooking(t, { coach, hoursFromNow: 50 });
    let res!: request.Response;
    await at(paid.slot.startsAt, DAY_MS - 60_000, async () => {
      res = await cancel(paid.bookingId, paid.student.cookie);
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(StudentCancelMessages.TOO_LATE);
    expect(res.body.message).toContain("24-hour cancellation policy");
    expect(res.body.message).toContain("message your coach");
    expect(await bookingRow(paid.bookingId)).toMatchObject({ status: "confirmed", paymentStatus: "completed" });
    expect(await t.deps.database.db.select().from(refunds).where(eq(refunds.bookingId, paid.bookingId))).toEqual([]);
  });

  it("only the student: the coach gets 403, another player 404; a completed session cannot be cancelled", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 60 });
    const byCoach = await cancel(paid.bookingId, paid.coach.cookie);
    expect(byCoach.status).toBe(403);
    expect(byCoach.body.message).toBe(StudentCancelMessages.ONLY_STUDENT);
    const other = await createPerson(t, "player");
    expect((await cancel(paid.bookingId, other.cookie)).status).toBe(404);
    expect((await request(t.app).delete(`/api/bookings/${paid.bookingId}`).set("Content-Type", "application/json").send({})).status).toBe(
      401,
    );
    expect((await cancel(999999, paid.student.cookie)).status).toBe(404);
    expect((await bookingRow(paid.bookingId)).status).toBe("confirmed");

    const done = await createPaidBooking(t, { hoursFromNow: 1 });
    await passSessionEnd(t, done);
    const late = await cancel(done.bookingId, done.student.cookie);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(StudentCancelMessages.NOT_CANCELLABLE);
  });

  it("a seat freed by a cancellation goes to the first player on the slot's waitlist", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72, isGroup: true, capacity: 2 });
    const leaving = await createPaidBooking(t, { coach, slot, isGroup: true });
    await createPaidBooking(t, { coach, slot, isGroup: true });
    const waiting = await createPerson(t, "player");
    expect((await post(t, `/api/time-slots/${slot.id}/waitlist`, waiting.cookie, {})).status).toBe(201);
    expect((await cancel(leaving.bookingId, leaving.student.cookie)).status).toBe(200);
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 });
    const [place] = (await get(t, "/api/waitlist/mine", waiting.cookie)).body;
    expect(place).toMatchObject({ status: "offered", bookingId: expect.any(Number) });
    expect(t.outbox().filter((m) => m.recipient === waiting.email && m.headers.Subject?.startsWith("A seat opened up"))).toHaveLength(1);
  });
});
