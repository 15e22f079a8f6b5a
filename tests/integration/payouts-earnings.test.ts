import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { bookSlot, createBookableCoach, createPerson, createSlot, get } from "@tests/factories/bookings";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { pinClock } from "@tests/factories/basics";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();
// Wednesday 16 January 2030, 10:00 in New York: the week runs Monday 14 to Sunday 20.
beforeAll(() => pinClock(t, "2030-01-16T15:00:00Z"));

describe("GET /api/coaches/me/earnings", () => {
  it("counts taught sessions as earned and paid ones to come as upcoming, this week and month in the coach's time zone, students once", async () => {
    const coach = await createBookableCoach(t, { timeZone: "America/New_York" });
    const sam = await createPerson(t, "player", { firstName: "Sam" });
    const kim = await createPerson(t, "player", { firstName: "Kim" });
    // Wednesday 16 January 12:00 in New York, with a $10.50 tip: taught below, so earned.
    const taught = await createPaidBooking(t, { coach, student: sam, hoursFromNow: 2, tip: "10.50" });
    // Sunday 20 January 23:30 in New York (Monday 04:30 UTC): still this week, not yet taught.
    const sunday = await createPaidBooking(t, { coach, student: sam, hoursFromNow: 109.5 });
    // Monday 21 January 00:30 in New York: next week, same month.
    await createPaidBooking(t, { coach, student: sam, hoursFromNow: 110.5, tip: "10.50" });
    // 5 February: next month.
    await createPaidBooking(t, { coach, student: kim, hoursFromNow: 20 * 24 });
    // Waiting for payment: not counted anywhere.
    const waiting = await createPerson(t);
    await bookSlot(t, waiting, coach, (await createSlot(t, coach.coachId, { hoursFromNow: 24 })).id);

    // Before any is taught, nothing is earned: the paid sessions are upcoming (at their rates).
    expect((await get(t, "/api/coaches/me/earnings", coach.cookie)).body).toEqual({
      thisWeekSessions: 2,
      monthlyEarnings: 0,
      totalStudents: 2,
      pendingPayouts: "0.00",
      paidOut: "0.00",
      upcoming: "340.00",
    });

    // The clock is pinned: move it past the session's end, then let the sweeps run at that instant.
    pinClock(t, new Date(taught.slot.endsAt.getTime() + 60_000));
    expect((await request(t.app).post("/api/test/clock").send({ advanceMinutes: 0.01 })).status).toBe(200);
    const res = await get(t, "/api/coaches/me/earnings", coach.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      thisWeekSessions: 2,
      monthlyEarnings: 85,
      totalStudents: 2,
      pendingPayouts: "95.50",
      paidOut: "0.00",
      upcoming: "255.00",
    });

    // A cancelled (refunded) session no longer counts.
    expect(
      (await t.agent().post(`/api/bookings/${sunday.bookingId}/cancel`).set("Cookie", coach.cookie).send({ reason: "Ill" })).status,
    ).toBe(200);
    expect((await get(t, "/api/coaches/me/earnings", coach.cookie)).body).toEqual({
      thisWeekSessions: 1,
      monthlyEarnings: 85,
      totalStudents: 2,
      pendingPayouts: "95.50",
      paidOut: "0.00",
      upcoming: "170.00",
    });
  });

  it("answers zeros for a coach without a profile and 403 for a player", async () => {
    const noProfile = await createPerson(t, "coach");
    expect((await get(t, "/api/coaches/me/earnings", noProfile.cookie)).body).toEqual({
      thisWeekSessions: 0,
      monthlyEarnings: 0,
      totalStudents: 0,
      pendingPayouts: "0.00",
      paidOut: "0.00",
      upcoming: "0.00",
    });
    expect((await get(t, "/api/coaches/me/earnings", (await createPerson(t)).cookie)).status).toBe(403);
  });
});
