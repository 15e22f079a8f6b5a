import { and, eq, inArray } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PayoutMessages } from "@contract/payouts";
import type { CalendarEvent } from "@contract/realtime";
import { bookings, simulatedPaymentObjects, timeSlots, users } from "@server/db/schema/index";
import { withPinnedClock } from "@tests/factories/basics";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post } from "@tests/factories/bookings";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { startTestApp, type TestApp } from "@tests/support/test-app";

let t: TestApp;
const events: CalendarEvent[] = [];
let unsubscribe: (() => Promise<void>) | undefined;

beforeAll(async () => {
  t = await startTestApp();
  unsubscribe = await t.deps.events.subscribe((event) => events.push(event));
});

afterAll(async () => {
  await unsubscribe?.();
  await t?.close();
});

const db = () => t.deps.database.db;

async function refundsOf(bookingIds: number[]) {
  return db()
    .select()
    .from(simulatedPaymentObjects)
    .where(
      and(
        eq(simulatedPaymentObjects.kind, "refund"),
        inArray(
          simulatedPaymentObjects.idempotencyKey,
          bookingIds.map((id) => `booking-${id}-refund`),
        ),
      ),
    );
}

async function bookingRow(id: number) {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

/** A group slot with three students who each paid $46.00 (group rate $40.00 + $6.00 fee). */
async function groupOfThree() {
  const first = await createPaidBooking(t, { isGroup: true, capacity: 4, studentName: "Avery" });
  const second = await createPaidBooking(t, { coach: first.coach, slot: first.slot, isGroup: true, studentName: "Blake" });
  const third = await createPaidBooking(t, { coach: first.coach, slot: first.slot, isGroup: true, studentName: "Charlie" });
  return { coach: first.coach, slot: first.slot, paid: [first, second, third] };
}

/** Every player so far agrees to text messages (the cancellation SMS goes only to those who do). */
const optInEveryone = () => db().update(users).set({ smsOptIn: true });

describe("POST /api/bookings/:id/cancel", () => {
  it("cancels every booking of a group slot, refunds each in full once, and tells each student by SMS and e-mail", async () => {
    const { coach, slot, paid } = await groupOfThree();
    const ids = paid.map((p) => p.bookingId);
    await optInEveryone();
    const res = await post(t, `/api/bookings/${ids[1]}/cancel`, coach.cookie, { reason: "  Field closed for a storm  " });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Session Cancelled Successfully" });
    expect(res.body.cancellation.reason).toBe("Field closed for a storm");
    expect(res.body.cancellation.affectedBookings).toEqual(
      paid.map((p, i) => ({
        bookingId: p.bookingId,
        studentId: p.student.userId,
        studentName: `${["Avery", "Blake", "Charlie"][i]} Player`,
        refundAmount: "46.00",
        refundStatus: "refunded",
      })),
    );

    const refunds = await refundsOf(ids);
    expect(refunds).toHaveLength(3);
    expect(refunds.map((r) => r.amountCents)).toEqual([4600, 4600, 4600]);

    for (const p of paid) {
      const seen = await get(t, `/api/bookings/${p.bookingId}`, p.student.cookie);
      expect(seen.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded", cancellationReason: "Field closed for a storm" });
      expect(seen.body.timeSlot.isAvailable).toBe(false);
      const row = await bookingRow(p.bookingId);
      expect(row.refundId).toBe(refunds.find((r) => r.idempotencyKey === `booking-${p.bookingId}-refund`)!.id);
    }

    const sms = t.outbox().filter((m) => m.channel === "sms" && m.body.includes("was cancelled by the coach: Field closed for a storm."));
    expect(sms).toHaveLength(3);
    expect(sms[0]!.recipient).toBe("4105551234");
    expect(sms[0]!.body).toMatch(
      /^Your session with Casey Coach on \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) E[SD]T was cancelled/,
    );
    expect(sms[0]!.body).toContain("You will be refunded $46.00 in full.");
    for (const p of paid) {
      const mails = t
        .outbox()
        .filter((m) => m.channel === "email" && m.recipient === p.student.email && m.headers.Subject?.startsWith("Session cancelled"));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain("You will be refunded $46.00 in full.");
    }

    // Nobody can book the cancelled session again.
    const [slotRow] = await db().select().from(timeSlots).where(eq(timeSlots.id, slot.id));
    expect(slotRow!.isAvailable).toBe(false);

    // The events arrive after the answer; a timeout fails the test with the last unmet expectation.
    await vi.waitFor(
      () => {
        for (const p of paid) {
          expect(events).toContainEqual(
            expect.objectContaining({ type: "booking_updated", bookingId: p.bookingId, studentId: p.student.userId, status: "cancelled" }),
          );
        }
      },
      { timeout: 3000, interval: 20 },
    );
    expect(events).toContainEqual({ type: "availability_updated", coachId: coach.coachId });

    // The coach's own list shows them cancelled too; a second cancellation is refused and refunds nothing more.
    const again = await post(t, `/api/bookings/${ids[0]}/cancel`, coach.cookie, { reason: "again" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PayoutMessages.ONLY_CONFIRMED_PAID);
    expect(await refundsOf(ids)).toHaveLength(3);
  });

  it("also cancels a seat still waiting for payment in that slot, without refunding it, and its payment intent can no longer be paid", async () => {
    const paid = await createPaidBooking(t, { isGroup: true, capacity: 3, studentName: "Dana" });
    const waiting = await createPerson(t, "player", { firstName: "Emery" });
    const hold = await bookSlot(t, waiting, paid.coach, paid.slot.id, { sessionType: "group" });
    const intent = await post(t, "/api/create-payment-intent", waiting.cookie, { bookingId: hold.id });
    expect(intent.status).toBe(200);

    await optInEveryone();
    const res = await post(t, `/api/bookings/${paid.bookingId}/cancel`, paid.coach.cookie, { reason: "Coach is ill" });
    expect(res.status).toBe(200);
    expect(res.body.cancellation.affectedBookings).toEqual([
      expect.objectContaining({ bookingId: paid.bookingId, refundAmount: "46.00", refundStatus: "refunded" }),
      expect.objectContaining({ bookingId: hold.id, studentName: "Emery Player", refundAmount: "0.00", refundStatus: "not_charged" }),
    ]);
    expect(await bookingRow(hold.id)).toMatchObject({ status: "cancelled", paymentStatus: "unpaid", cancellationReason: "Coach is ill" });
    expect((await t.deps.payments.retrievePaymentIntent(intent.body.paymentIntentId)).status).toBe("canceled");
    expect(await refundsOf([hold.id])).toHaveLength(0);
    const sms = t.outbox().filter((m) => m.channel === "sms" && m.body.includes("cancelled by the coach: Coach is ill."));
    expect(sms.map((m) => m.body.endsWith("You were not charged."))).toEqual([false, true]);

    // Paying the cancelled seat's card form anyway does not revive it.
    const late = await post(t, "/api/payments/simulated/confirm", waiting.cookie, {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: "4242424242424242",
    });
    expect(late.status).toBe(409);
    expect(late.body.status).not.toBe("succeeded");
    expect((await bookingRow(hold.id)).status).toBe("cancelled");
  });

  it("two cancellations of the same slot at once cancel it once and refund each payment once", async () => {
    const first = await createPaidBooking(t, { isGroup: true, capacity: 2 });
    const second = await createPaidBooking(t, { coach: first.coach, slot: first.slot, isGroup: true });
    await optInEveryone();
    const answers = await Promise.all(
      [first, second].map((p) => post(t, `/api/bookings/${p.bookingId}/cancel`, first.coach.cookie, { reason: "Double click" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await refundsOf([first.bookingId, second.bookingId])).toHaveLength(2);
    const sms = t.outbox().filter((m) => m.channel === "sms" && m.body.includes("cancelled by the coach: Double click."));
    expect(sms).toHaveLength(2);
  });

  it("closes the cancelled session for good: nobody can book its freed seats again", async () => {
    const paid = await createPaidBooking(t, { isGroup: true, capacity: 2 });
    const res = await post(t, `/api/bookings/${paid.bookingId}/cancel`, paid.coach.cookie, { reason: "Field closed" });
    expect(res.status).toBe(200);
    const newcomer = await createPerson(t, "player");
    const attempt = await post(t, "/api/bookings", newcomer.cookie, {
      timeSlotId: paid.slot.id,
      rateId: paid.coach.rates.group60,
      sessionType: "group",
      duration: 60,
    });
    expect(attempt.status).toBe(409);
    expect(attempt.body.message).toBe("This time slot is no longer available");
    const [slot] = await db().select().from(timeSlots).where(eq(timeSlots.id, paid.slot.id));
    expect(slot!.isAvailable).toBe(false);
    expect(slot!.cancelledAt).not.toBeNull();
  });

  it("refuses another coach and the student with 403 and changes nothing", async () => {
    const paid = await createPaidBooking(t);
    const otherCoach = await createBookableCoach(t);
    const byCoach = await post(t, `/api/bookings/${paid.bookingId}/cancel`, otherCoach.cookie, { reason: "Not mine" });
    expect(byCoach.status).toBe(403);
    expect(byCoach.body.message).toBe(PayoutMessages.NOT_YOUR_BOOKING);
    const byStudent = await post(t, `/api/bookings/${paid.bookingId}/cancel`, paid.student.cookie, { reason: "Changed my mind" });
    expect(byStudent.status).toBe(403);
    const signedOut = await request(t.app).post(`/api/bookings/${paid.bookingId}/cancel`).send({ reason: "x" });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ message: "Unauthorized" });
    expect(await bookingRow(paid.bookingId)).toMatchObject({ status: "confirmed", paymentStatus: "completed" });
    expect(await refundsOf([paid.bookingId])).toHaveLength(0);
  });

  it("refuses a booking that is still waiting for payment", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const slot = await createSlot(t, coach.coachId);
    const hold = await bookSlot(t, student, coach, slot.id);
    const res = await post(t, `/api/bookings/${hold.id}/cancel`, coach.cookie, { reason: "No thanks" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Only confirmed, paid sessions can be cancelled.");
    expect((await bookingRow(hold.id)).status).toBe("pending");
  });

  it("requires a reason, trimmed, and changes nothing without one", async () => {
    const paid = await createPaidBooking(t);
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: 42 }]) {
      const res = await post(t, `/api/bookings/${paid.bookingId}/cancel`, paid.coach.cookie, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please provide a reason for cancelling.");
    }
    expect(await bookingRow(paid.bookingId)).toMatchObject({ status: "confirmed", paymentStatus: "completed" });
  });

  it("answers 404 for a booking that does not exist", async () => {
    const coach = await createBookableCoach(t);
    const res = await post(t, "/api/bookings/999999/cancel", coach.cookie, { reason: "Gone" });
    expect(res.status).toBe(404);
  });

  it("texts only those who opted in: a student and a parent who did not agree get the e-mail but no SMS", async () => {
    const quiet = await createPaidBooking(t, { studentName: "Harper" });
    await db()
      .update(users)
      .set({ smsOptIn: false, parentPhoneNumber: "4435550001", parentSmsOptIn: false })
      .where(eq(users.id, quiet.student.userId));
    expect((await post(t, `/api/bookings/${quiet.bookingId}/cancel`, quiet.coach.cookie, { reason: "Quiet day" })).status).toBe(200);
    expect(t.outbox().filter((m) => m.channel === "sms" && m.body.includes("Quiet day"))).toHaveLength(0);
    expect(
      t.outbox().filter((m) => m.channel === "email" && m.recipient === quiet.student.email && m.body.includes("Quiet day")),
    ).toHaveLength(1);
  });

  it("refuses to cancel a session that has already started, changing nothing", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 1 });
    const startedAt = new Date(paid.slot.startsAt.getTime() + 60_000);
    await withPinnedClock(t, startedAt, async () => {
      const res = await post(t, `/api/bookings/${paid.bookingId}/cancel`, paid.coach.cookie, { reason: "Too late" });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("This session has already started and can no longer be cancelled.");
      expect((await bookingRow(paid.bookingId)).status).toBe("confirmed");
      expect(await refundsOf([paid.bookingId])).toHaveLength(0);
    });
  });

  it("texts a minor's parent when the student has no phone, and skips the SMS when nobody has one", async () => {
    const minor = await createPaidBooking(t, { studentName: "Finley" });
    await db()
      .update(users)
      .set({ phoneNumber: null, parentPhoneNumber: "4435550000", parentSmsOptIn: true })
      .where(eq(users.id, minor.student.userId));
    const nobody = await createPaidBooking(t, { studentName: "Gray" });
    await db().update(users).set({ phoneNumber: null, parentPhoneNumber: null }).where(eq(users.id, nobody.student.userId));

    expect((await post(t, `/api/bookings/${minor.bookingId}/cancel`, minor.coach.cookie, { reason: "Rain out" })).status).toBe(200);
    expect((await post(t, `/api/bookings/${nobody.bookingId}/cancel`, nobody.coach.cookie, { reason: "Snow out" })).status).toBe(200);

    const rain = t.outbox().filter((m) => m.channel === "sms" && m.body.includes("cancelled by the coach: Rain out."));
    expect(rain.map((m) => m.recipient)).toEqual(["4435550000"]);
    expect(t.outbox().filter((m) => m.channel === "sms" && m.body.includes("Snow out"))).toHaveLength(0);
    expect(
      t.outbox().filter((m) => m.channel === "email" && m.recipient === nobody.student.email && m.body.includes("Snow out")),
    ).toHaveLength(1);
    expect(await bookingRow(nobody.bookingId)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
  });
});
