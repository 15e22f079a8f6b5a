import request from "supertest";
import { describe, expect, it, vi } from "vitest";
import { BookingMessages } from "@contract/booking-basics";
import { ErrorCode } from "@contract/error-basics";
import { PaymentMessages } from "@contract/payments";
import type { SimulatedPaymentProvider } from "@server/adapters/payments/simulated";
import {
  bookSlot,
  createBookableCoach,
  createPerson,
  createSlot,
  get,
  post,
  type BookableCoach,
  type Person,
} from "@tests/factories/bookings";
import { useTestApp } from "@tests/support/test-app";
import { instantToLocal } from "@server/features/slots/slot-time";

const GOOD_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";

const t = useTestApp();

const simulated = () => t.deps.payments as SimulatedPaymentProvider;

/** E-mails in the outbox to this address whose subject starts with `prefix`. */
const mailsTo = (address: string, prefix: string) =>
  t.outbox().filter((m) => m.channel === "email" && m.recipient === address && m.headers.Subject?.startsWith(prefix));

async function newBooking(options: { rateCents?: number; hoursFromNow?: number; lengthMinutes?: number } = {}) {
  const coach = await createBookableCoach(t, options.rateCents ? { rateCents: { individual60: options.rateCents } } : {});
  const student = await createPerson(t);
  const slot = await createSlot(t, coach.coachId, { hoursFromNow: options.hoursFromNow, lengthMinutes: options.lengthMinutes });
  const booking = await bookSlot(t, student, coach, slot.id);
  return { coach, student, slot, bookingId: booking.id };
}

async function createIntent(student: Person, bookingId: number) {
  const res = await post(t, "/api/create-payment-intent", student.cookie, { bookingId });
  expect(res.status).toBe(200);
  return res.body as { paymentIntentId: string; clientSecret: string; totalAmount: string };
}

describe("POST /api/create-payment-intent", () => {
  it("answers the payment intent response for the booking's total, computed from the database", async () => {
    const { student, bookingId } = await newBooking();
    const res = await post(t, "/api/create-payment-intent", student.cookie, { bookingId, amount: 1, totalAmount: "1.00" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      bookingId,
      totalAmount: "97.75",
      tipAmount: "0.00",
      platformFee: "12.75",
      coachEarnings: "85.00",
      rate: "85.00",
      coachName: "Casey Coach",
      duration: 60,
      provider: "simulated",
    });
    expect(res.body.clientSecret).toEqual(expect.any(String));
    expect(res.body.sessionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.sessionTime).toMatch(/^\d{2}:\d{2}$/);
    const intent = await t.deps.payments.retrievePaymentIntent(res.body.paymentIntentId);
    expect(intent.amountCents).toBe(9775);
    expect(intent.metadata).toMatchObject({
      bookingId: String(bookingId),
      studentId: expect.any(String),
      coachId: expect.any(String),
      timeSlotId: expect.any(String),
    });
  });

  it("reuses the booking's intent when called again", async () => {
    const { student, bookingId } = await newBooking();
    const first = await createIntent(student, bookingId);
    const second = await createIntent(student, bookingId);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
  });

  it("books the slot first when given timeSlotId, sessions, duration and sessionType", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 3 });
    // The checkout's default sessionType is individual; the slot's kind decides.
    const checkout = () =>
      post(t, "/api/create-payment-intent", student.cookie, { timeSlotId: slot.id, sessions: 1, duration: 60, sessionType: "individual" });
    const res = await checkout();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalAmount: "46.00", rate: "40.00", platformFee: "6.00" });
    const booking = await get(t, `/api/bookings/${res.body.bookingId}`, student.cookie);
    expect(booking.body).toMatchObject({ status: "pending", sessionType: "group", timeSlotId: slot.id });
    // A reloaded checkout gets the same booking back, not a conflict.
    const again = await checkout();
    expect(again.status).toBe(200);
    expect(again.body.bookingId).toBe(res.body.bookingId);
    expect(again.body.paymentIntentId).toBe(res.body.paymentIntentId);
  });

  it("refuses a booking whose hold expired", async () => {
    const { student, bookingId } = await newBooking();
    t.deps.clock.advanceMinutes(16);
    const res = await post(t, "/api/create-payment-intent", student.cookie, { bookingId });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Your reservation expired. Please book the time slot again.");
  });

  it("refuses coaches, and hides other students' bookings", async () => {
    const { coach, bookingId } = await newBooking();
    const asCoach = await post(t, "/api/create-payment-intent", coach.cookie, { bookingId });
    expect(asCoach.status).toBe(403);
    const other = await createPerson(t);
    const asOther = await post(t, "/api/create-payment-intent", other.cookie, { bookingId });
    expect(asOther.status).toBe(404);
    expect((await request(t.app).post("/api/create-payment-intent").send({ bookingId })).status).toBe(401);
    const empty = await post(t, "/api/create-payment-intent", other.cookie, {});
    expect(empty.status).toBe(400);
  });
});

describe("POST /api/update-payment-intent (tip)", () => {
  it("adds a tip with cents: rate $85 + tip $12.34 -> fee $12.75, total $110.09, coach earns $97.34", async () => {
    const { student, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    const res = await post(t, "/api/update-payment-intent", student.cookie, { bookingId, tipAmount: 12.34 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalAmount: "110.09",
      tipAmount: "12.34",
      platformFee: "12.75",
      coachEarnings: "97.34",
      paymentIntentId: intent.paymentIntentId,
    });
    expect((await t.deps.payments.retrievePaymentIntent(intent.paymentIntentId)).amountCents).toBe(11009);
    const booking = await get(t, `/api/bookings/${bookingId}`, student.cookie);
    expect(booking.body).toMatchObject({ totalAmount: "110.09", tipAmount: "12.34", coachEarnings: "97.34" });
  });

  it("rate $33.33 + tip $10 -> fee $5.00, total $48.33", async () => {
    const { student, bookingId } = await newBooking({ rateCents: 3333 });
    await createIntent(student, bookingId);
    const res = await post(t, "/api/update-payment-intent", student.cookie, { bookingId, tipAmount: "10" });
    expect(res.body).toMatchObject({
      rate: "33.33",
      platformFee: "5.00",
      tipAmount: "10.00",
      totalAmount: "48.33",
      coachEarnings: "43.33",
    });
    expect((await t.deps.payments.retrievePaymentIntent(res.body.paymentIntentId)).amountCents).toBe(4833);
  });

  it("a tip sent before any intent exists creates the intent for the new total; no tip means 0", async () => {
    const { student, bookingId } = await newBooking();
    const res = await post(t, "/api/update-payment-intent", student.cookie, { bookingId, tipAmount: 5 });
    expect(res.status).toBe(200);
    expect(res.body.totalAmount).toBe("102.75");
    expect((await t.deps.payments.retrievePaymentIntent(res.body.paymentIntentId)).amountCents).toBe(10275);
    const cleared = await post(t, "/api/update-payment-intent", student.cookie, { bookingId });
    expect(cleared.body).toMatchObject({ tipAmount: "0.00", totalAmount: "97.75" });
  });

  it.each([
    [-5, PaymentMessages.TIP_NEGATIVE],
    ["-0.01", PaymentMessages.TIP_NEGATIVE],
    [1.234, PaymentMessages.TIP_INVALID],
    ["ten", PaymentMessages.TIP_INVALID],
    [1000.01, PaymentMessages.TIP_TOO_LARGE],
  ])("refuses the tip %s and changes nothing", async (tipAmount, message) => {
    const { student, bookingId } = await newBooking();
    const res = await post(t, "/api/update-payment-intent", student.cookie, { bookingId, tipAmount });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body.totalAmount).toBe("97.75");
  });

  it("another student cannot tip someone else's booking", async () => {
    const { student, bookingId } = await newBooking();
    await createIntent(student, bookingId);
    const other = await createPerson(t);
    const res = await post(t, "/api/update-payment-intent", other.cookie, { bookingId, tipAmount: 20 });
    expect(res.status).toBe(404);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body.tipAmount).toBe("0.00");
  });
});

describe("paying with the simulated card form", () => {
  it("a declined card answers the provider's message and leaves the booking payable; a good card then confirms it", async () => {
    const { student, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    const declined = await post(t, "/api/payments/simulated/confirm", student.cookie, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: DECLINED_CARD,
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ status: "failed", message: "Your card was declined." });
    const after = await get(t, `/api/bookings/${bookingId}`, student.cookie);
    expect(after.body).toMatchObject({ status: "pending", paymentStatus: "failed" });

    const paid = await post(t, "/api/payments/simulated/confirm", student.cookie, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body).toEqual({ status: "succeeded" });
    const confirmed = await get(t, `/api/bookings/${bookingId}`, student.cookie);
    expect(confirmed.body).toMatchObject({ status: "confirmed", paymentStatus: "completed", holdExpiresAt: null });
    expect(confirmed.body.confirmedAt).toEqual(expect.any(String));
  });

  it("confirm-payment then the card form, each twice: one confirmation and one e-mail pair", async () => {
    const { student, coach, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    // The browser paid (what Stripe.js does), then the client and the card form both report it.
    await simulated().confirmWithCard(intent.paymentIntentId, GOOD_CARD);
    for (let i = 0; i < 2; i++) {
      const res = await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId: intent.paymentIntentId });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: bookingId, status: "confirmed", paymentStatus: "completed" });
    }
    for (let i = 0; i < 2; i++) {
      const res = await post(t, "/api/payments/simulated/confirm", student.cookie, {
        paymentIntentId: intent.paymentIntentId,
        cardNumber: GOOD_CARD,
      });
      expect(res.body).toEqual({ status: "succeeded" });
    }
    expect(mailsTo(student.email, "Booking confirmed")).toHaveLength(1);
    expect(mailsTo(coach.email, "New booking")).toHaveLength(1);
  });

  it("the card form then confirm-payment, twice each and concurrently: one confirmation and one e-mail pair", async () => {
    const { student, coach, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    const paid = await post(t, "/api/payments/simulated/confirm", student.cookie, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body).toEqual({ status: "succeeded" });
    const results = await Promise.all([
      post(t, "/api/confirm-payment", student.cookie, { paymentIntentId: intent.paymentIntentId }),
      post(t, "/api/confirm-payment", student.cookie, { paymentIntentId: intent.paymentIntentId }),
      post(t, "/api/payments/simulated/confirm", student.cookie, { paymentIntentId: intent.paymentIntentId, cardNumber: GOOD_CARD }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const student_ = mailsTo(student.email, "Booking confirmed");
    expect(student_).toHaveLength(1);
    expect(student_[0]!.body).toContain("Total paid: $97.75");
    expect(student_[0]!.body).toContain("Coach: Casey Coach");
    const coachMail = mailsTo(coach.email, "New booking");
    expect(coachMail).toHaveLength(1);
    expect(coachMail[0]!.body).toContain("Your earnings: $85.00");
    expect(coachMail[0]!.body).toContain("Duration: 60 minutes");
    const booking = await get(t, `/api/bookings/${bookingId}`, coach.cookie);
    expect(booking.body).toMatchObject({ status: "confirmed", totalAmount: "97.75" });
  });

  it("a tip is charged and recorded: the confirmed booking's money equals what the card paid", async () => {
    const { student, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    await post(t, "/api/update-payment-intent", student.cookie, { bookingId, tipAmount: 10 });
    await post(t, "/api/payments/simulated/confirm", student.cookie, { paymentIntentId: intent.paymentIntentId, cardNumber: GOOD_CARD });
    const charged = await t.deps.payments.retrievePaymentIntent(intent.paymentIntentId);
    expect(charged).toMatchObject({ status: "succeeded", amountCents: 10775 });
    const booking = await get(t, `/api/bookings/${bookingId}`, student.cookie);
    expect(booking.body).toMatchObject({ status: "confirmed", tipAmount: "10.00", totalAmount: "107.75", coachEarnings: "95.00" });
    // A paid booking's tip cannot change any more.
    const late = await post(t, "/api/update-payment-intent", student.cookie, { bookingId, tipAmount: 50 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(BookingMessages.ALREADY_PAID);
  });

  it("confirm-payment refuses an intent that has not been paid", async () => {
    const { student, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    const res = await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId: intent.paymentIntentId });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(PaymentMessages.NOT_PAID);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body.status).toBe("pending");
  });

  it("another student cannot pay, confirm or look up someone else's payment", async () => {
    const { student, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    const other = await createPerson(t);
    const card = await post(t, "/api/payments/simulated/confirm", other.cookie, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(card.status).toBe(404);
    expect((await t.deps.payments.retrievePaymentIntent(intent.paymentIntentId)).status).toBe("requires_payment_method");
    await simulated().confirmWithCard(intent.paymentIntentId, GOOD_CARD);
    const confirm = await post(t, "/api/confirm-payment", other.cookie, { paymentIntentId: intent.paymentIntentId });
    expect(confirm.status).toBe(404);
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body.status).toBe("pending");
    expect((await post(t, "/api/stripe/session-details", other.cookie, { sessionId: intent.paymentIntentId })).status).toBe(404);
    expect((await post(t, "/api/stripe/session-details", other.cookie, { sessionId: String(bookingId) })).status).toBe(404);
    expect((await post(t, "/api/confirm-payment", other.cookie, { paymentIntentId: "pi_sim_doesnotexist" })).status).toBe(404);
  });

  it("session-details answers the payment intent of the caller's booking, by intent id or booking id", async () => {
    const { student, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    const byIntent = await post(t, "/api/stripe/session-details", student.cookie, { sessionId: intent.paymentIntentId });
    expect(byIntent.body).toEqual({ paymentIntentId: intent.paymentIntentId });
    const byBooking = await post(t, "/api/stripe/session-details", student.cookie, { sessionId: bookingId });
    expect(byBooking.body).toEqual({ paymentIntentId: intent.paymentIntentId });
  });

  it("the card form refuses to charge a booking whose hold expired", async () => {
    const { student, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 16 });
    const res = await post(t, "/api/payments/simulated/confirm", student.cookie, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: BookingMessages.HOLD_EXPIRED, code: ErrorCode.HOLD_EXPIRED });
    // The sweep cancelled the intent too: it can no longer be paid.
    expect((await t.deps.payments.retrievePaymentIntent(intent.paymentIntentId)).status).toBe("canceled");
  });
});

describe("a payment that arrives after the hold ran out", () => {
  async function paidLate(seatTaken: boolean) {
    const { coach, student, slot, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    // Paid in the browser at the last moment, reported only after the hold ran out.
    await simulated().confirmWithCard(intent.paymentIntentId, GOOD_CARD);
    t.deps.clock.advanceMinutes(16);
    if (seatTaken) await bookSlot(t, await createPerson(t), coach, slot.id);
    const res = await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId: intent.paymentIntentId });
    return { res, student, bookingId, intent };
  }

  it("confirms the booking when the seat is still free", async () => {
    const { res, student } = await paidLate(false);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "confirmed", paymentStatus: "completed" });
    expect(mailsTo(student.email, "Booking confirmed")).toHaveLength(1);
  });

  it("a hold paid in the browser but never reported is confirmed by the sweep, not cancelled", async () => {
    const { student, bookingId, intent } = await (async () => {
      const made = await newBooking();
      return { ...made, intent: await createIntent(made.student, made.bookingId) };
    })();
    await simulated().confirmWithCard(intent.paymentIntentId, GOOD_CARD);
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 16 });
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body).toMatchObject({
      status: "confirmed",
      paymentStatus: "completed",
    });
    expect(mailsTo(student.email, "Booking confirmed")).toHaveLength(1);
  });

  it("refunds in full when the coach moved the slot after the hold ran out, and never confirms the old time", async () => {
    const { coach, student, slot, bookingId } = await newBooking();
    const intent = await createIntent(student, bookingId);
    // The hold runs out while the payment is still open (its cancel at the provider lost).
    const cancel = vi.spyOn(t.deps.payments, "cancelPaymentIntent").mockRejectedValue(new Error("connection reset"));
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 16 });
    cancel.mockRestore();
    expect((await get(t, `/api/bookings/${bookingId}`, student.cookie)).body.status).toBe("cancelled");
    // The slot holds no seat now, so its coach may move it two hours later.
    const movedStart = instantToLocal(new Date(slot.startsAt.getTime() + 2 * 3_600_000), "America/New_York");
    const movedEnd = instantToLocal(new Date(slot.endsAt.getTime() + 2 * 3_600_000), "America/New_York");
    const moved = await request(t.app)
      .put(`/api/time-slots/${slot.id}`)
      .set("Cookie", coach.cookie)
      .send({ date: movedStart.date, startTime: movedStart.time, endTime: movedEnd.time });
    expect(moved.status).toBe(200);

    // The payment of the old time goes through in a tab left open, and is reported.
    expect(await simulated().confirmWithCard(intent.paymentIntentId, GOOD_CARD)).toEqual({ status: "succeeded" });
    const res = await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId: intent.paymentIntentId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(mailsTo(student.email, "Booking confirmed")).toHaveLength(0);
    expect(mailsTo(student.email, "Payment refunded")).toHaveLength(1);
    // The moved slot is still open to others.
    expect(await bookSlot(t, await createPerson(t), coach, slot.id)).toMatchObject({ id: expect.any(Number) });
  });

  it("refunds in full when someone else took the seat, and never confirms it", async () => {
    const { res, student, intent } = await paidLate(true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(mailsTo(student.email, "Booking confirmed")).toHaveLength(0);
    expect(mailsTo(student.email, "Payment refunded")).toHaveLength(1);
    // Reported again: still one refund, no confirmation.
    const again = await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId: intent.paymentIntentId });
    expect(again.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(mailsTo(student.email, "Payment refunded")).toHaveLength(1);
  });
});

describe("sessions complete when the slot ends (test clock)", () => {
  it("a confirmed booking becomes completed once its slot has ended, not before", async () => {
    const coach: BookableCoach = await createBookableCoach(t);
    const student = await createPerson(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 1, lengthMinutes: 60 });
    const booking = await bookSlot(t, student, coach, slot.id);
    const intent = await createIntent(student, booking.id);
    await post(t, "/api/payments/simulated/confirm", student.cookie, { paymentIntentId: intent.paymentIntentId, cardNumber: GOOD_CARD });

    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 90 });
    expect((await get(t, `/api/bookings/${booking.id}`, student.cookie)).body.status).toBe("confirmed");
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 45 });
    const done = await get(t, `/api/bookings/${booking.id}`, coach.cookie);
    expect(done.body).toMatchObject({ status: "completed", feedbackSubmittedAt: null });
    expect(done.body.completedAt).toEqual(expect.any(String));
  });
});
