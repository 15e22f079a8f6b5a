import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { EARNINGS_CSV_HEADER, earningsCsvRow, type CoachEarnings, type CoachEarningsSeries, type CoachStatement } from "@contract/earnings";
import { pinClock } from "@tests/factories/basics";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post } from "@tests/factories/bookings";
import { createPaidBooking, type PaidBooking } from "@tests/factories/paid-booking";
import { getPdf, pdfText } from "@tests/support/pdf-text";
import { useTestApp } from "@tests/support/test-app";
import { connectPayoutAccount } from "@tests/factories/payout-account";

/**
 * DESIGN.md 12 ("Families and money"): the dashboard's cards, the chart's series, the CSV and the
 * yearly PDF use one set of words and one computation, so on the same sessions they agree to the
 * cent. Earned: taught or no-show, at their rates; upcoming: paid, not yet taught; paid out; to be
 * paid: earned and not paid out. Holds, unpaid and refunded sessions are in none of them.
 */
const t = useTestApp();
// Monday 4 March 2030, 09:00 in New York: every session below falls in this week and month.
beforeAll(() => pinClock(t, "2030-03-04T14:00:00Z"));

/** The clock is pinned: moves it to `minutesAfter` the instant, then lets the sweeps run there. */
async function advanceTo(at: Date, minutesAfter = 0): Promise<void> {
  pinClock(t, new Date(at.getTime() + minutesAfter * 60_000));
  expect((await request(t.app).post("/api/test/clock").send({ advanceMinutes: 0.01 })).status).toBe(200);
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe("the coach's figures", () => {
  it("the four views (cards, chart data, CSV, yearly PDF) agree to the cent on the same sessions", async () => {
    const coach = await createBookableCoach(t, { timeZone: "America/New_York" });
    await connectPayoutAccount(t, coach);
    const family = await createPerson(t);
    // Taught with feedback and a tip: earned and paid out.
    const paidOut = await createPaidBooking(t, { coach, student: family, hoursFromNow: 2, tip: "10.50" });
    // Taught, no feedback yet: earned, to be paid.
    const taught = await createPaidBooking(t, { coach, student: family, hoursFromNow: 4 });
    // A no-show: earned, to be paid while its payout waits 24 hours for the family's answer.
    const noShow: PaidBooking = await createPaidBooking(t, { coach, hoursFromNow: 6 });
    // Paid, not yet taught: upcoming.
    await createPaidBooking(t, { coach, hoursFromNow: 48 });
    // None of them: a hold, and a session cancelled and refunded.
    await bookSlot(t, await createPerson(t), coach, (await createSlot(t, coach.coachId, { hoursFromNow: 30 })).id);
    const refunded = await createPaidBooking(t, { coach, hoursFromNow: 50 });
    expect((await request(t.app).delete(`/api/bookings/${refunded.bookingId}`).set("Cookie", refunded.student.cookie)).status).toBe(200);

    await advanceTo(paidOut.slot.endsAt, 1);
    const feedback = await post(t, `/api/bookings/${paidOut.bookingId}/submit-feedback`, coach.cookie, {
      feedback: "Sharp today",
      rating: 5,
    });
    expect(feedback.body.booking.payoutStatus).toBe("paid");
    await advanceTo(noShow.slot.startsAt, 20);
    expect((await post(t, `/api/bookings/${noShow.bookingId}/no-show`, coach.cookie, { note: "Nobody came" })).status).toBe(200);
    await advanceTo(noShow.slot.endsAt, 1);
    expect((await get(t, `/api/bookings/${taught.bookingId}`, coach.cookie)).body.status).toBe("completed");

    // 1. The dashboard's cards.
    const cards = (await get(t, "/api/coaches/me/earnings", coach.cookie)).body as CoachEarnings;
    expect(cards).toEqual({
      thisWeekSessions: 4,
      monthlyEarnings: 255,
      totalStudents: 3,
      pendingPayouts: "170.00",
      paidOut: "95.50",
      upcoming: "85.00",
    });

    // 2. The chart's data: the month, and the same sessions by week.
    const month = (await get(t, "/api/coach/earnings?from=2030-03-01&to=2030-03-31&interval=month", coach.cookie))
      .body as CoachEarningsSeries;
    expect(month.periods).toEqual([
      {
        start: "2030-03-01",
        sessions: 3,
        gross: "255.00",
        tips: "10.50",
        platformFees: "38.25",
        paidOut: "95.50",
        pending: "170.00",
        upcoming: "85.00",
        upcomingSessions: 1,
      },
    ]);
    const [march] = month.periods;
    expect(Math.floor(cents(march!.gross) / 100)).toBe(cards.monthlyEarnings);
    expect(march!.pending).toBe(cards.pendingPayouts);
    expect(march!.paidOut).toBe(cards.paidOut);
    expect(march!.upcoming).toBe(cards.upcoming);
    // Earned + tips is what is paid out plus what is to be paid, to the cent.
    expect(cents(march!.gross) + cents(march!.tips)).toBe(cents(march!.paidOut) + cents(march!.pending));
    const weeks = (await get(t, "/api/coach/earnings?from=2030-03-01&to=2030-03-31&interval=week", coach.cookie))
      .body as CoachEarningsSeries;
    for (const field of ["gross", "tips", "paidOut", "pending", "upcoming"] as const) {
      expect(weeks.periods.reduce((sum, p) => sum + cents(p[field]), 0)).toBe(cents(march![field]));
    }

    // 3. The CSV: the same row, in the same words.
    const csv = await get(t, "/api/coach/earnings.csv?from=2030-03-01&to=2030-03-31&interval=month", coach.cookie);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split(/\r\n/);
    expect(lines).toEqual([EARNINGS_CSV_HEADER.join(","), earningsCsvRow(march!)]);
    expect(lines[0]).toBe("start,sessions,earned,tips,platform_fees,paid_out,to_be_paid,upcoming,upcoming_sessions");
    expect(lines[1]).toBe("2030-03-01,3,255.00,10.50,38.25,95.50,170.00,85.00,1");

    // 4. The yearly statement, as JSON and as the PDF's text.
    const statement = (await get(t, "/api/coach/statements/2030", coach.cookie)).body as CoachStatement;
    expect(statement.months[2]).toEqual(march);
    const { start: _start, ...marchTotals } = march!;
    expect(statement.totals).toEqual(marchTotals);
    const pdf = await getPdf(t, "/api/coach/statements/2030.pdf", coach.cookie);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain("Sessions taught: 3");
    expect(text).toContain("Earned: $255.00");
    expect(text).toContain("Tips: $10.50");
    expect(text).toContain("Paid out: $95.50");
    expect(text).toContain("To be paid: $170.00");
    expect(text).toContain("Upcoming: $85.00 (1 sessions)");
    // The March row of the table carries the same figures.
    const rows = text.split("\n");
    const marchAt = rows.indexOf("March");
    expect(rows.slice(marchAt, marchAt + 8)).toEqual(["March", "3", "$255.00", "$38.25", "$10.50", "$95.50", "$170.00", "$85.00"]);
  });
});
