import request from "supertest";
import { describe, expect, it } from "vitest";
import { ReviewMessages } from "@contract/reviews";
import { completeSessions } from "@server/features/bookings/booking-sweeps.service";
import { createBookableCoach, createPerson, get, post } from "@tests/factories/bookings";
import { createPaidBooking, passSessionEnd, type PaidBooking } from "@tests/factories/paid-booking";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

async function completedBooking(options: Parameters<typeof createPaidBooking>[1] = {}): Promise<PaidBooking> {
  const paid = await createPaidBooking(t, { hoursFromNow: 2, ...options });
  await passSessionEnd(t, paid);
  return paid;
}

const review = (paid: PaidBooking, body: unknown, cookie = paid.student.cookie) =>
  post(t, `/api/bookings/${paid.bookingId}/review`, cookie, body);

describe("POST /api/bookings/:id/review", () => {
  it("is refused before the session has taken place", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 30 });
    const res = await review(paid, { rating: 5, comment: "Great" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ReviewMessages.NOT_COMPLETED);
    expect((await request(t.app).get(`/api/coaches/${paid.coach.coachId}/reviews`)).body).toEqual([]);
  });

  it("stores one review by the student of a completed session and lists it with first name and initial", async () => {
    const paid = await completedBooking({ studentName: "Jordan" });
    const res = await review(paid, { rating: 4, comment: "  Clear drills and good feedback.  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      bookingId: paid.bookingId,
      rating: 4,
      comment: "Clear drills and good feedback.",
      authorName: "Jordan P.",
      reply: null,
    });

    const again = await review(paid, { rating: 1, comment: "Changed my mind" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ReviewMessages.ALREADY_REVIEWED);

    const listed = await request(t.app).get(`/api/coaches/${paid.coach.coachId}/reviews`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        id: res.body.id,
        coachId: paid.coach.coachId,
        authorName: "Jordan P.",
        rating: 4,
        comment: "Clear drills and good feedback.",
        createdAt: expect.any(String),
        reply: null,
        repliedAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain("@example.com");
    expect(JSON.stringify(listed.body)).not.toContain("Player");
  });

  it("two reviews at once store one", async () => {
    const paid = await completedBooking();
    const answers = await Promise.all([5, 4, 3].map((rating) => review(paid, { rating, comment: "Nice" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect((await request(t.app).get(`/api/coaches/${paid.coach.coachId}/reviews`)).body).toHaveLength(1);
  });

  it("only the booking's student may review it: others get 404, the coach 403", async () => {
    const paid = await completedBooking();
    const other = await createPerson(t, "player");
    expect((await review(paid, { rating: 5 }, other.cookie)).status).toBe(404);
    const byCoach = await review(paid, { rating: 5 }, paid.coach.cookie);
    expect(byCoach.status).toBe(403);
    expect(byCoach.body.message).toBe(ReviewMessages.ONLY_STUDENT);
    expect((await request(t.app).post(`/api/bookings/${paid.bookingId}/review`).send({ rating: 5 })).status).toBe(401);
    expect((await post(t, "/api/bookings/999999/review", paid.student.cookie, { rating: 5 })).status).toBe(404);
  });

  it.each([[{}], [{ rating: 0 }], [{ rating: 6 }], [{ rating: 4.5 }], [{ rating: "five" }], [{ rating: null }]])(
    "refuses a bad rating %j with 400 and stores nothing",
    async (body) => {
      const paid = await completedBooking();
      const res = await review(paid, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ReviewMessages.RATING_REQUIRED);
      expect((await request(t.app).get(`/api/coaches/${paid.coach.coachId}/reviews`)).body).toEqual([]);
    },
  );

  it("refuses a comment over 2000 characters", async () => {
    const paid = await completedBooking();
    const res = await review(paid, { rating: 5, comment: "x".repeat(2001) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ReviewMessages.COMMENT_TOO_LONG);
  });
});

describe("a coach's public rating", () => {
  it("is the average of the reviews, with the distribution, and ignores the coach's own feedback", async () => {
    const coach = await createBookableCoach(t);
    const before = await request(t.app).get(`/api/coaches/${coach.coachId}/profile`);
    expect(before.body).toMatchObject({ rating: null, totalReviews: 0, reviewCount: 0 });
    expect(before.body.reviewSummary).toMatchObject({ rating: null, reviewCount: 0, latestReviews: [], sessionsTaught: 0 });

    for (const stars of [5, 4, 4, 2]) {
      const paid = await completedBooking({ coach });
      // The coach rates every session 5 in their private feedback; it must never count.
      expect(
        (await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, coach.cookie, { feedback: "Good work", rating: 5 })).status,
      ).toBe(200);
      expect((await review(paid, { rating: stars, comment: `${stars} stars` })).status).toBe(201);
    }
    const profile = await request(t.app).get(`/api/coaches/${coach.coachId}/profile`);
    // (5 + 4 + 4 + 2) / 4 = 3.75, shown to one decimal.
    expect(profile.body).toMatchObject({ rating: 3.8, totalReviews: 4, reviewCount: 4 });
    expect(profile.body.reviewSummary).toMatchObject({
      rating: 3.8,
      reviewCount: 4,
      distribution: { 1: 0, 2: 1, 3: 0, 4: 2, 5: 1 },
      sessionsTaught: 4,
      medianResponseMinutes: null,
    });
    expect(profile.body.reviewSummary.latestReviews.map((r: { comment: string }) => r.comment)).toEqual([
      "2 stars",
      "4 stars",
      "4 stars",
      "5 stars",
    ]);
    // The private feedback text appears nowhere public.
    expect(JSON.stringify(profile.body)).not.toContain("Good work");
  });
});

describe("POST /api/reviews/:id/reply", () => {
  it("lets the reviewed coach reply once, publicly", async () => {
    const paid = await completedBooking();
    const created = await review(paid, { rating: 3, comment: "OK session" });
    const other = await createBookableCoach(t);
    const byOther = await post(t, `/api/reviews/${created.body.id}/reply`, other.cookie, { reply: "Not mine" });
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(ReviewMessages.ONLY_COACH);
    expect((await post(t, `/api/reviews/${created.body.id}/reply`, paid.student.cookie, { reply: "Me" })).status).toBe(403);
    const empty = await post(t, `/api/reviews/${created.body.id}/reply`, paid.coach.cookie, { reply: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(ReviewMessages.REPLY_REQUIRED);

    const res = await post(t, `/api/reviews/${created.body.id}/reply`, paid.coach.cookie, { reply: "Thanks, see you next week." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reply: "Thanks, see you next week.", repliedAt: expect.any(String) });
    const twice = await post(t, `/api/reviews/${created.body.id}/reply`, paid.coach.cookie, { reply: "Again" });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ReviewMessages.ALREADY_REPLIED);

    const listed = await request(t.app).get(`/api/coaches/${paid.coach.coachId}/reviews`);
    expect(listed.body[0]).toMatchObject({ reply: "Thanks, see you next week." });
    const mine = await get(t, "/api/reviews/mine", paid.coach.cookie);
    expect(mine.body).toEqual([expect.objectContaining({ id: created.body.id, bookingId: paid.bookingId })]);
    const studentMine = await get(t, "/api/reviews/mine", paid.student.cookie);
    expect(studentMine.body).toEqual([expect.objectContaining({ id: created.body.id, bookingId: paid.bookingId })]);
  });
});

describe("the review request e-mail", () => {
  it("goes out once after the session, with a link to the review form", async () => {
    const paid = await completedBooking();
    const requests = () =>
      t.outbox().filter((m) => m.recipient === paid.student.email && m.headers.Subject?.startsWith("How was your session"));
    // passSessionEnd ran the sweeps once; run them twice more.
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 });
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 });
    expect(requests()).toHaveLength(1);
    expect(requests()[0]!.body).toContain(`http://localhost:5000/my-bookings?review=${paid.bookingId}`);
  });

  it("is not sent for a session reviewed before the sweep came to it", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2 });
    // Move the clock and complete the session without the other sweeps, then review at once.
    t.deps.clock.advanceMinutes(200);
    await completeSessions(t.deps);
    expect((await review(paid, { rating: 5 })).status).toBe(201);
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 1 });
    expect(t.outbox().filter((m) => m.recipient === paid.student.email && m.headers.Subject?.startsWith("How was your session"))).toEqual(
      [],
    );
  });
});
