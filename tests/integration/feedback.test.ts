import { and, eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { PayoutMessages } from "@contract/payouts";
import { bookings, coaches, sessionFeedback, simulatedPaymentObjects } from "@server/db/schema/index";
import { createBookableCoach, get, post } from "@tests/factories/bookings";
import { createPaidBooking, passSessionEnd } from "@tests/factories/paid-booking";
import { useTestApp } from "@tests/support/test-app";
import { connectPayoutAccount } from "@tests/factories/payout-account";

const t = useTestApp();

const db = () => t.deps.database.db;

async function transfersOf(bookingId: number) {
  return db()
    .select()
    .from(simulatedPaymentObjects)
    .where(and(eq(simulatedPaymentObjects.kind, "transfer"), eq(simulatedPaymentObjects.idempotencyKey, `booking-${bookingId}-payout`)));
}

async function bookingRow(id: number) {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

const FEEDBACK = { feedback: "Great footwork today; keep working on your off hand.", rating: 5 };

describe("POST /api/bookings/:id/submit-feedback", () => {
  it("is refused before the session is completed", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2 });
    const res = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, FEEDBACK);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Feedback can be submitted once the session is completed.");
    expect((await bookingRow(paid.bookingId)).feedbackSubmittedAt).toBeNull();
  });

  it("after the session ends, stores the feedback once and pays the coach rate + tip in one transfer", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2, tip: "10.50" });
    const accountId = await connectPayoutAccount(t, paid.coach);
    await passSessionEnd(t, paid);
    expect((await get(t, `/api/bookings/${paid.bookingId}`, paid.coach.cookie)).body.status).toBe("completed");

    const res = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, {
      ...FEEDBACK,
      feedback: `  ${FEEDBACK.feedback}  `,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Feedback Submitted",
      booking: { id: paid.bookingId, feedbackSubmittedAt: expect.any(String), payoutStatus: "paid" },
    });

    const transfers = await transfersOf(paid.bookingId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.amountCents).toBe(8500 + 1050);
    expect((transfers[0]!.data as { destination: string }).destination).toBe(accountId);

    const row = await bookingRow(paid.bookingId);
    expect(row).toMatchObject({ payoutStatus: "paid", transferId: transfers[0]!.id });
    expect(row.payoutReleasedAt).not.toBeNull();
    const [stored] = await db().select().from(sessionFeedback).where(eq(sessionFeedback.bookingId, paid.bookingId));
    expect(stored).toMatchObject({ feedback: FEEDBACK.feedback, rating: 5 });
    expect((await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie)).body.feedbackSubmittedAt).toBe(
      res.body.booking.feedbackSubmittedAt,
    );

    const mail = t
      .outbox()
      .filter((m) => m.channel === "email" && m.recipient === paid.student.email && m.headers.Subject?.startsWith("Feedback from"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(FEEDBACK.feedback);

    const twice = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "Again", rating: 3 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("Feedback has already been submitted for this session.");
    expect(await transfersOf(paid.bookingId)).toHaveLength(1);

    const earnings = await get(t, "/api/coaches/me/earnings", paid.coach.cookie);
    expect(earnings.body).toMatchObject({ paidOut: "95.50", pendingPayouts: "0.00", totalStudents: 1 });
  });

  it("two feedback submissions at once store one feedback and pay once", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2 });
    await connectPayoutAccount(t, paid.coach);
    await passSessionEnd(t, paid);
    const answers = await Promise.all(
      [1, 2, 3].map((rating) =>
        post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "Nice", rating }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await db().select().from(sessionFeedback).where(eq(sessionFeedback.bookingId, paid.bookingId))).toHaveLength(1);
    expect(await transfersOf(paid.bookingId)).toHaveLength(1);
  });

  it("only the owning coach may submit it", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2 });
    await passSessionEnd(t, paid);
    const other = await createBookableCoach(t);
    const byOther = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, other.cookie, FEEDBACK);
    expect(byOther.status).toBe(403);
    const byStudent = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.student.cookie, FEEDBACK);
    expect(byStudent.status).toBe(403);
    expect((await request(t.app).post(`/api/bookings/${paid.bookingId}/submit-feedback`).send(FEEDBACK)).status).toBe(401);
    expect((await bookingRow(paid.bookingId)).feedbackSubmittedAt).toBeNull();
  });

  it("requires feedback text and a whole rating from 1 to 5", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2 });
    await passSessionEnd(t, paid);
    const cases: [unknown, string][] = [
      [{ rating: 4 }, PayoutMessages.FEEDBACK_REQUIRED],
      [{ feedback: "   ", rating: 4 }, "Please provide feedback for this session."],
      [{ feedback: "Good" }, "Please rate this session (1-5 stars)."],
      [{ feedback: "Good", rating: 0 }, "Please rate this session (1-5 stars)."],
      [{ feedback: "Good", rating: 6 }, "Please rate this session (1-5 stars)."],
      [{ feedback: "Good", rating: 2.5 }, "Please rate this session (1-5 stars)."],
      [{ feedback: "Good", rating: "five" }, "Please rate this session (1-5 stars)."],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await bookingRow(paid.bookingId)).feedbackSubmittedAt).toBeNull();
    const ok = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "Good", rating: "4" });
    expect(ok.status).toBe(200);
  });

  it("the payout waits for an incomplete account and goes out when the coach completes it", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2, tip: "5" });
    const accountId = await connectPayoutAccount(t, paid.coach, { complete: false });
    await passSessionEnd(t, paid);

    const res = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, FEEDBACK);
    expect(res.status).toBe(200);
    expect(res.body.booking.payoutStatus).toBe("pending");
    expect(await transfersOf(paid.bookingId)).toHaveLength(0);
    expect((await get(t, "/api/coaches/me/earnings", paid.coach.cookie)).body).toMatchObject({ pendingPayouts: "90.00", paidOut: "0.00" });

    // The sweep leaves it alone while the account cannot receive money.
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 5 });
    expect(await transfersOf(paid.bookingId)).toHaveLength(0);

    expect((await post(t, "/api/payments/simulated/onboarding/complete", paid.coach.cookie, { accountId })).status).toBe(200);
    const transfers = await transfersOf(paid.bookingId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.amountCents).toBe(9000);
    expect(await bookingRow(paid.bookingId)).toMatchObject({ payoutStatus: "paid", transferId: transfers[0]!.id });
    expect((await get(t, "/api/coaches/me/earnings", paid.coach.cookie)).body).toMatchObject({ pendingPayouts: "0.00", paidOut: "90.00" });
  });

  it("a coach with no account at all is paid once they create and complete one", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2 });
    await passSessionEnd(t, paid);
    expect((await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, FEEDBACK)).body.booking.payoutStatus).toBe(
      "pending",
    );
    await connectPayoutAccount(t, paid.coach);
    expect(await transfersOf(paid.bookingId)).toHaveLength(1);
    expect((await bookingRow(paid.bookingId)).payoutStatus).toBe("paid");
  });

  it("the sweep sends a payout whose account became ready without the coach coming back", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2 });
    const accountId = await connectPayoutAccount(t, paid.coach, { complete: false });
    await passSessionEnd(t, paid);
    await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, FEEDBACK);
    expect(await transfersOf(paid.bookingId)).toHaveLength(0);

    // The account is ready at the provider and our copy says so (as an earlier refresh would have left it).
    const { SimulatedPaymentProvider } = await import("@server/adapters/payments/simulated");
    expect(t.deps.payments).toBeInstanceOf(SimulatedPaymentProvider);
    await (t.deps.payments as InstanceType<typeof SimulatedPaymentProvider>).completeOnboarding(accountId);
    await db()
      .update(coaches)
      .set({ paymentDetailsSubmitted: true, paymentPayoutsEnabled: true })
      .where(eq(coaches.id, paid.coach.coachId));
    expect(await transfersOf(paid.bookingId)).toHaveLength(0);

    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 });
    expect(await transfersOf(paid.bookingId)).toHaveLength(1);
    expect((await bookingRow(paid.bookingId)).payoutStatus).toBe("paid");
  });
});
