import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicFigures } from "@contract/landing";
import type { TimeSlot } from "@contract/slots";
import { mountClient } from "@server/http/client-assets";
import { TOO_MANY_PUBLIC_READS } from "@server/http/rate-limit";
import { bookSlot, createBookableCoach, createPerson, createSlot, get } from "@tests/factories/bookings";
import { createPaidBooking, passSessionEnd } from "@tests/factories/paid-booking";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { insertCoach, insertReview, insertSlot } from "./search-support";

/** Issue 29 and DESIGN 11 ("Looking before signing in"), as the API and the served HTML show them. */
describe("looking before signing in", () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    t = await startTestApp();
    distDir = mkdtempSync(path.join(tmpdir(), "lacrosse-impressions-"));
    writeFileSync(
      path.join(distDir, "index.html"),
      '<!doctype html><html><head><meta name="description" content="Find a lacrosse coach near you." /><title>LaxCoach</title></head><body></body></html>',
    );
    await mountClient(t.app, { dev: false, server: createServer(), distDir });
    // The file's first app starts a cold database (PGlite and its migrations): slow on a busy machine.
  }, 180_000);

  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("a visitor reads search, a profile, open times and reviews, with no one's contact details", async () => {
    const coach = await createBookableCoach(t);
    await createSlot(t, coach.coachId, { hoursFromNow: 30 });
    // Search reads coaches placed on the map (the directory): one at a real ZIP.
    const placed = await insertCoach(t, { zipcode: "21201", specializations: ["Faceoff"] });
    await insertSlot(t, placed.coachId, new Date(t.deps.clock.now().getTime() + 30 * 3_600_000).toISOString());
    const answers = await Promise.all([
      request(t.app).get("/api/coaches/search").query({ specialization: "Faceoff", zipcode: "21201" }),
      request(t.app).get(`/api/coaches/${coach.coachId}/profile`),
      request(t.app).get(`/api/coaches/${coach.coachId}/available-slots`),
      request(t.app).get(`/api/coaches/${coach.coachId}/reviews`),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(coach.email);
      expect(answer.text).not.toMatch(/"(email|phoneNumber)"/);
    }
    expect((answers[0]!.body as { id: number }[]).map((c) => c.id)).toContain(placed.coachId);
    expect((answers[2]!.body as TimeSlot[]).length).toBe(1);
  });

  it("a coach's profile page carries the coach's own title and description in its HTML; an unknown coach is a 404 with the app's own title", async () => {
    const coach = await createBookableCoach(t);
    const html = (await request(t.app).get(`/coach/${coach.coachId}`)).text;
    expect(html).toMatch(/<title>Casey Coach, Former D1 Midfielder: lacrosse coach[^<]*\| LaxCoach<\/title>/);
    expect(html).toMatch(/<meta name="description" content="Casey Coach coaches Midfield lacrosse\.[^"]*Sessions from \$46\.00\.[^"]*"/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    const unknown = await request(t.app).get("/coach/999999");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("<title>LaxCoach: find and book lacrosse coaches</title>");
  });

  it("an empty marketplace claims no figures; a reviewed, completed session is counted", async () => {
    // Runs on this file's own data: the coaches made above are counted, no session or review yet.
    const before = (await request(t.app).get("/api/public-figures")).body as PublicFigures;
    expect(before).toMatchObject({ sessionsCompleted: 0, rating: null, reviewCount: 0 });
    const paid = await createPaidBooking(t);
    await passSessionEnd(t, paid);
    await insertReview(t, paid.bookingId, paid.coach.coachId, paid.student.userId, 4);
    const figures = (await request(t.app).get("/api/public-figures")).body as PublicFigures;
    expect(figures).toEqual({ coaches: before.coaches + 1, sessionsCompleted: 1, rating: 4, reviewCount: 1 });
  });

  it("the coach's slot list names a hold's expiry and no paid seat; a paid seat once paid; a hold is not earnings", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    const player = await createPerson(t);
    const held = await bookSlot(t, player, coach, slot.id);
    const slotOf = async (c: { coachId: number; cookie: string }, id: number) =>
      ((await get(t, `/api/time-slots/${c.coachId}?includeBookingCounts=true`, c.cookie)).body as TimeSlot[]).find((s) => s.id === id)!;
    const booking = (await get(t, `/api/bookings/${held.id}`, player.cookie)).body as { holdExpiresAt: string };
    expect(await slotOf(coach, slot.id)).toMatchObject({
      status: "booked",
      paidCount: 0,
      heldUntil: new Date(booking.holdExpiresAt).toISOString(),
    });
    const earnings = (await get(t, "/api/coaches/me/earnings", coach.cookie)).body as { monthlyEarnings: number; pendingPayouts: string };
    expect(earnings).toMatchObject({ monthlyEarnings: 0, pendingPayouts: "0.00" });

    const other = await createBookableCoach(t);
    const paid = await createPaidBooking(t, { coach: other, hoursFromNow: 72 });
    expect(await slotOf(other, paid.slot.id)).toMatchObject({ paidCount: 1, heldUntil: null });
  });
});

describe("a visitor's public reads are rate limited per address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_READ_LIMIT: "3" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("the fourth read in a minute is refused; a signed-in user's reads are not counted", async () => {
    const coach = await createBookableCoach(t);
    const profile = `/api/coaches/${coach.coachId}/profile`;
    for (let i = 0; i < 3; i += 1) expect((await request(t.app).get(profile)).status).toBe(200);
    const refused = await request(t.app).get(`/api/coaches/${coach.coachId}/available-slots`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_PUBLIC_READS);
    const me = await createPerson(t);
    for (let i = 0; i < 4; i += 1) expect((await get(t, profile, me.cookie)).status).toBe(200);
  });
});
