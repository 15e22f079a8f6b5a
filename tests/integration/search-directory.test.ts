import { eq } from "drizzle-orm";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SearchResultCoach } from "@contract/search";
import { coaches } from "@server/db/schema/index";
import { coachDirectoryFor } from "@server/features/search/coach-directory";
import { coachesChangedSince } from "@server/features/search/search.repository";
import { CALENDAR_CHANNEL } from "@server/realtime/event-bus";
import { makeCoach } from "@tests/factories/coaches";
import { createPaidBooking, passSessionEnd } from "@tests/factories/paid-booking";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * Search keeps every coach's listing in memory between searches (coach-directory.ts); these change
 * a coach the way users do and search again at once.
 */
describe("GET /api/coaches/search: listings stay current between searches", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await coachDirectoryFor(t.deps).listening;
  });

  afterAll(async () => {
    await t.close();
  });

  const search = async (position: string, zipcode: string, radius = "10"): Promise<SearchResultCoach[]> => {
    const res = await request(t.app)
      .get("/api/coaches/search")
      .query({ specialization: position, zipcode, radius, includeUnavailable: "true" });
    expect(res.status).toBe(200);
    return res.body as SearchResultCoach[];
  };
  const find = async (coachId: number, position: string, zipcode: string, radius = "10") =>
    (await search(position, zipcode, radius)).find((c) => c.id === coachId);

  it("finds a coach whose profile was created a moment ago", async () => {
    // The directory is loaded before this coach exists.
    await search("Goalie", "10001");
    const { coach } = await makeCoach(t, { zipcode: "10001", specializations: ["Goalie"], title: "Goalie Guru", firstName: "Gia" });

    const listed = await find(coach.id, "goalie", "10001");
    expect(listed).toMatchObject({
      id: coach.id,
      title: "Goalie Guru",
      user: { firstName: "Gia", lastName: "Coach" },
      location: "New York, NY",
      zipcode: "10001",
      timeZone: "America/New_York",
      specializations: ["Goalie"],
      positions: ["Goalie"],
      rating: null,
      totalReviews: 0,
      distance: 0,
      availableSlots: [],
    });
    expect(listed!.rates.map((r) => `${r.sessionType} ${r.duration} ${r.rate}`)).toEqual([
      "individual 30 50.00",
      "individual 60 85.00",
      "group 60 40.00",
    ]);
  });

  it("shows a new title, position, ZIP and rates in the next search", async () => {
    const { agent, coach } = await makeCoach(t, { zipcode: "10001", specializations: ["Attack"] });
    expect(await find(coach.id, "Attack", "10001")).toBeDefined();

    const changed = await agent.put(`/api/coaches/${coach.id}`).send({
      title: "Defense Specialist",
      specializations: ["Defense"],
      rates: [{ sessionType: "individual", duration: 60, rate: "99.50" }],
    });
    expect(changed.status).toBe(200);
    expect(await find(coach.id, "Attack", "10001")).toBeUndefined();
    const listed = await find(coach.id, "Defense", "10001");
    expect(listed?.title).toBe("Defense Specialist");
    expect(listed?.rates.map((r) => r.rate)).toEqual(["99.50"]);

    // Moving to Beverly Hills: gone from New York's searches, found near 90210.
    expect((await agent.put(`/api/coaches/${coach.id}`).send({ zipcode: "90210" })).status).toBe(200);
    expect(await find(coach.id, "Defense", "10001", "100")).toBeUndefined();
    expect(await find(coach.id, "Defense", "90210")).toMatchObject({ zipcode: "90210", timeZone: "America/Los_Angeles", distance: 0 });
  });

  it("shows the coach's new name and photo in the next search", async () => {
    const { agent, coach, user, email } = await makeCoach(t, { zipcode: "10001", specializations: ["Faceoff"] });
    expect((await find(coach.id, "Faceoff", "10001"))?.user.firstName).toBe("Casey");

    const renamed = await agent
      .put(`/api/users/${user.id}`)
      .send({ firstName: "Robin", lastName: "Reyes", email, phoneNumber: "4105551234" });
    expect(renamed.status).toBe(200);
    expect((await find(coach.id, "Faceoff", "10001"))?.user).toMatchObject({ firstName: "Robin", lastName: "Reyes" });

    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer();
    const uploaded = await agent.post("/api/upload/profile-image").attach("image", png, { filename: "me.png", contentType: "image/png" });
    expect(uploaded.status).toBe(201);
    const listed = await find(coach.id, "Faceoff", "10001");
    expect(listed?.profileImageUrl).toBe(uploaded.body.url);
    expect(listed?.user.profileImageUrl).toBe(uploaded.body.url);
  });

  it("shows the rating of a review submitted a moment ago, and not the coach's feedback", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2 });
    // The booking factory's coach has no place on the map; put them in Baltimore, as another process might.
    await t.deps.database.db.update(coaches).set({ latitude: 39.2847, longitude: -76.6205 }).where(eq(coaches.id, paid.coach.coachId));
    coachDirectoryFor(t.deps).invalidate(paid.coach.coachId);
    expect(await find(paid.coach.coachId, "Midfield", "21201")).toMatchObject({ rating: null, totalReviews: 0 });

    await passSessionEnd(t, paid);
    const res = await request(t.app)
      .post(`/api/bookings/${paid.bookingId}/submit-feedback`)
      .set("Cookie", paid.coach.cookie)
      .send({ feedback: "Sharp passing all session.", rating: 2 });
    expect(res.status).toBe(200);
    expect(await find(paid.coach.coachId, "Midfield", "21201")).toMatchObject({ rating: null, totalReviews: 0 });
    const review = await request(t.app)
      .post(`/api/bookings/${paid.bookingId}/review`)
      .set("Cookie", paid.student.cookie)
      .send({ rating: 4, comment: "Clear drills." });
    expect(review.status).toBe(201);
    expect(await find(paid.coach.coachId, "Midfield", "21201")).toMatchObject({ rating: 4, totalReviews: 1 });
  });

  it("hears a listing change announced by another server process through the database", async () => {
    const { coach } = await makeCoach(t, { zipcode: "10001", specializations: ["Midfield"], title: "Before" });
    expect((await find(coach.id, "Midfield", "10001"))?.title).toBe("Before");

    // Written straight into the table, as another process would, which then announces it.
    await t.deps.database.db.update(coaches).set({ title: "After" }).where(eq(coaches.id, coach.id));
    expect((await find(coach.id, "Midfield", "10001"))?.title).toBe("Before");
    await t.deps.database.notify(CALENDAR_CHANNEL, JSON.stringify({ type: "coach_updated", coachId: coach.id }));

    await vi.waitFor(async () => expect((await find(coach.id, "Midfield", "10001"))?.title).toBe("After"), { timeout: 2000, interval: 20 });
  });

  // After a lost listening connection, the directory re-reads only what changed since.
  it("finds a coach whose rating changed by a review while nobody was listening", async () => {
    const paid = await createPaidBooking(t);
    await passSessionEnd(t, paid);
    const since = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await coachesChangedSince(t.deps.database.db, since)).changed).not.toContain(paid.coach.coachId);
    const review = await request(t.app)
      .post(`/api/bookings/${paid.bookingId}/review`)
      .set("Cookie", paid.student.cookie)
      .send({ rating: 4, comment: "Clear drills." });
    expect(review.status).toBe(201);
    expect((await coachesChangedSince(t.deps.database.db, since)).changed).toContain(paid.coach.coachId);
  });
});
