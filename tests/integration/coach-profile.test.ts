import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import type { CoachProfile, SearchResultCoach } from "@contract/search";
import { useTestApp } from "@tests/support/test-app";
import { insertBooking, insertCoach, insertReview, insertPlayer, insertSlot, slotCardOf } from "./search-support";
import { pinClock } from "@tests/factories/basics";

const NOW = "2026-12-01T15:00:00.000Z";

describe("GET /api/coaches/{id}/profile", () => {
  const t = useTestApp();
  beforeAll(() => pinClock(t, NOW));

  it("is public and shows the coach, their rates and the next 5 bookable slots, without contact details", async () => {
    const { coachId } = await insertCoach(t, {
      zipcode: "21201",
      specializations: ["Attack", "Dodging", "Midfield"],
      firstName: "Jordan",
      title: "Former D1 Attackman",
      bio: "Dodging and shooting.",
      experience: "12 years",
      rates: [
        ["group", 60, 4000],
        ["individual", 60, 8500],
        ["individual", 30, 5000],
      ],
    });
    await insertSlot(t, coachId, "2026-12-01T14:00:00.000Z"); // started an hour ago
    await insertSlot(t, coachId, "2026-12-02T14:00:00.000Z", { isAvailable: false });
    const upcoming: number[] = [];
    for (let day = 7; day >= 2; day--) upcoming.unshift(await insertSlot(t, coachId, `2026-12-0${day}T22:00:00.000Z`));

    const res = await request(t.app).get(`/api/coaches/${coachId}/profile`);
    expect(res.status).toBe(200);
    const profile = res.body as CoachProfile;
    expect(profile).toMatchObject({
      id: coachId,
      user: { firstName: "Jordan", lastName: "Coach", profileImageUrl: null },
      title: "Former D1 Attackman",
      bio: "Dodging and shooting.",
      experience: "12 years",
      location: "Baltimore, MD",
      specializations: ["Attack", "Dodging", "Midfield"],
      positions: ["Attack", "Midfield"],
      allowSessionRequests: true,
      rating: null,
      totalReviews: 0,
    });
    // player-side 5: individual 30, individual 60, group 30, group 60.
    expect(profile.rates.map((r) => [r.sessionType, r.duration, r.rate])).toEqual([
      ["individual", 30, "50.00"],
      ["individual", 60, "85.00"],
      ["group", 60, "40.00"],
    ]);
    expect(profile.availableSlots.map((s) => s.id)).toEqual(upcoming.slice(0, 5));
    // 22:00 UTC is 17:00 in Baltimore in December.
    expect(profile.availableSlots[0]).toMatchObject({ date: "2026-12-02", startTime: "17:00", endTime: "18:00", isAvailable: true });
    expect(JSON.stringify(profile)).not.toContain("@example.com");
    expect(profile.user).not.toHaveProperty("email");
  });

  it("shows a coach without slots with an empty list (the page then offers a session request)", async () => {
    const { coachId } = await insertCoach(t, { zipcode: "21201", specializations: ["Goalie"] });
    const res = await request(t.app).get(`/api/coaches/${coachId}/profile`);
    expect(res.status).toBe(200);
    expect(res.body.availableSlots).toEqual([]);
    expect(res.body.allowSessionRequests).toBe(true);
  });

  it("rates the coach from students' reviews only, never from the coach's own feedback", async () => {
    const { coachId } = await insertCoach(t, { zipcode: "21201", specializations: ["Goalie"] });
    const { userId: studentId } = await insertPlayer(t);
    for (const rating of [5, 4, 4]) {
      const slotId = await insertSlot(t, coachId, `2026-11-2${rating + 2}T15:00:00.000Z`);
      const bookingId = await insertBooking(t, { slotId, coachId, studentId, status: "confirmed" });
      await insertReview(t, bookingId, coachId, studentId, rating);
    }
    const res = await request(t.app).get(`/api/coaches/${coachId}/profile`);
    expect(res.body).toMatchObject({ rating: 4.3, totalReviews: 3, reviewCount: 3 });
    expect(res.body.reviewSummary).toMatchObject({ rating: 4.3, reviewCount: 3, distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } });
  });

  it("describes a coach the same way as search does", async () => {
    const { coachId } = await insertCoach(t, {
      zipcode: "21201",
      specializations: ["Faceoff", "Wing play"],
      rates: [["individual", 60, 9050]],
    });
    await insertSlot(t, coachId, "2026-12-03T15:00:00.000Z");
    const profile = (await request(t.app).get(`/api/coaches/${coachId}/profile`)).body as CoachProfile;
    const found = (await request(t.app).get("/api/coaches/search").query({ specialization: "Faceoff", zipcode: "21201" }))
      .body as SearchResultCoach[];
    const { distance, hasMoreSlots, availableSlots, ...listed } = found.find((c) => c.id === coachId)!;
    expect(distance).toBe(0);
    expect(hasMoreSlots).toBe(false);
    // The search card shows neither bio nor experience nor the review summary, and of each slot only when and where.
    const { bio, experience, availableSlots: profileSlots, reviewCount, reviewSummary, ...card } = profile;
    expect(bio).toEqual(expect.any(String));
    expect(experience === null || typeof experience === "string").toBe(true);
    expect(listed).toEqual(card);
    expect(reviewCount).toBe(listed.totalReviews);
    expect(reviewSummary.rating).toBe(listed.rating);
    expect(availableSlots).toEqual(profileSlots.map(slotCardOf));
  });

  it.each(["999999", "abc", "stripe-connect", "12abc", "-1"])("answers 404 Coach not found for the id %s", async (id) => {
    const res = await request(t.app).get(`/api/coaches/${id}/profile`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Coach not found");
  });
});
