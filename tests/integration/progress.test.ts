import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { and, eq, inArray } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { EARNINGS_CSV_HEADER, earningsCsvRow, type CoachEarningsSeries, type CoachStatement } from "@contract/earnings";
import { SKILLS_BY_POSITION } from "@contract/progress";
import { athletes, bookings, sessionSkillRatings, simulatedPaymentObjects } from "@server/db/schema/index";
import { reconcilePayments } from "@server/features/reconcile/reconcile.service";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post } from "@tests/factories/bookings";
import { createPaidBooking, passSessionEnd, type PaidBooking } from "@tests/factories/paid-booking";
import { getPdf, pdfText } from "@tests/support/pdf-text";
import { useTestApp } from "@tests/support/test-app";
import { connectPayoutAccount } from "@tests/factories/payout-account";

const t = useTestApp();

const db = () => t.deps.database.db;

async function athleteOf(bookingId: number): Promise<number> {
  const [row] = await db().select({ athleteId: bookings.athleteId }).from(bookings).where(eq(bookings.id, bookingId));
  return row!.athleteId!;
}

async function setPosition(athleteId: number, position: string): Promise<void> {
  await db().update(athletes).set({ position }).where(eq(athletes.id, athleteId));
}

async function bookingRow(id: number) {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function transfersOf(bookingIds: number[]) {
  const rows = await db().select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.kind, "transfer"));
  return rows.filter((r) => bookingIds.includes(Number((r.data as { metadata?: { bookingId?: string } }).metadata?.bookingId)));
}

/** Moves the test clock by a number of minutes (fractions allowed). */
async function advance(minutes: number): Promise<void> {
  const res = await request(t.app).post("/api/test/clock").send({ advanceMinutes: minutes });
  expect(res.status).toBe(200);
}

/** Moves the test clock to `minutesAfter` minutes after the instant (never back). */
async function advanceTo(at: Date, minutesAfter = 0): Promise<void> {
  const target = at.getTime() + minutesAfter * 60_000;
  await advance(Math.max(0, (target - t.deps.clock.now().getTime()) / 60_000));
}

describe("GET /api/skills", () => {
  it("answers each position's fixed list, and 400 for a position that is not one", async () => {
    const player = await createPerson(t);
    const attack = await get(t, "/api/skills?position=Attack", player.cookie);
    expect(attack.status).toBe(200);
    expect(attack.body).toEqual(SKILLS_BY_POSITION.Attack);
    expect(attack.body.map((s: { skill: string }) => s.skill)).toEqual(
      expect.arrayContaining(["dodging", "shooting", "off_ball_movement", "stick_skills"]),
    );
    for (const position of ["Defense", "Faceoff", "Goalie", "Midfield"] as const) {
      const res = await get(t, `/api/skills?position=${position}`, player.cookie);
      expect(res.body).toEqual(SKILLS_BY_POSITION[position]);
    }
    expect((await get(t, "/api/skills?position=Goalie", player.cookie)).body.map((s: { skill: string }) => s.skill)).toEqual(
      expect.arrayContaining(["clears", "saves"]),
    );
    const bad = await get(t, "/api/skills?position=Quarterback", player.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Please select a valid position");
    expect((await request(t.app).get("/api/skills?position=Attack")).status).toBe(401);
  });
});

describe("feedback with skills and the athlete's development record", () => {
  it("stores the ratings of the athlete's position, refuses another position's skill, and shows the record to the family and the coach only", async () => {
    const coach = await createBookableCoach(t);
    const first = await createPaidBooking(t, { coach, hoursFromNow: 2 });
    const athleteId = await athleteOf(first.bookingId);
    await setPosition(athleteId, "Attack");
    await passSessionEnd(t, first);

    const wrong = await post(t, `/api/bookings/${first.bookingId}/submit-feedback`, coach.cookie, {
      feedback: "Good",
      rating: 4,
      skills: [{ skill: "saves", rating: 3 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("This skill is not one of the athlete's position.");
    const outOfRange = await post(t, `/api/bookings/${first.bookingId}/submit-feedback`, coach.cookie, {
      feedback: "Good",
      rating: 4,
      skills: [{ skill: "dodging", rating: 6 }],
    });
    expect(outOfRange.status).toBe(400);
    const twice = await post(t, `/api/bookings/${first.bookingId}/submit-feedback`, coach.cookie, {
      feedback: "Good",
      rating: 4,
      skills: [
        { skill: "dodging", rating: 2 },
        { skill: "dodging", rating: 3 },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await bookingRow(first.bookingId)).feedbackSubmittedAt).toBeNull();

    const ok = await post(t, `/api/bookings/${first.bookingId}/submit-feedback`, coach.cookie, {
      feedback: "First session: quick first step, weak off hand.",
      rating: 4,
      skills: [
        { skill: "dodging", rating: 2 },
        { skill: "shooting", rating: 3 },
      ],
    });
    expect(ok.status).toBe(200);
    // The feedback form asks for the list of the booking's athlete; only its coach may.
    const forBooking = await get(t, `/api/skills?bookingId=${first.bookingId}`, coach.cookie);
    expect(forBooking.body).toEqual(SKILLS_BY_POSITION.Attack);
    expect((await get(t, `/api/skills?bookingId=${first.bookingId}`, first.student.cookie)).status).toBe(404);
    expect((await get(t, "/api/skills?bookingId=abc", coach.cookie)).status).toBe(400);

    // A second session with the same athlete, a week later: feedback without skills is still fine, then with.
    const second = await createPaidBooking(t, { coach, student: first.student, hoursFromNow: 24 * 7 });
    expect(await athleteOf(second.bookingId)).toBe(athleteId);
    await passSessionEnd(t, second);
    const withSkills = await post(t, `/api/bookings/${second.bookingId}/submit-feedback`, coach.cookie, {
      feedback: "Second session: off hand much better.",
      rating: 5,
      skills: [{ skill: "dodging", rating: 4 }],
    });
    expect(withSkills.status).toBe(200);
    expect(await db().select().from(sessionSkillRatings).where(eq(sessionSkillRatings.athleteId, athleteId))).toHaveLength(3);

    const byFamily = await get(t, `/api/athletes/${athleteId}/progress`, first.student.cookie);
    expect(byFamily.status).toBe(200);
    const dayOf = (at: Date) => format(new TZDate(at.getTime(), "America/New_York"), "yyyy-MM-dd");
    expect(byFamily.body.athlete).toMatchObject({ id: athleteId, position: "Attack" });
    expect(byFamily.body.skills).toEqual([
      {
        skill: "dodging",
        label: "Dodging",
        ratings: [
          { date: dayOf(first.slot.startsAt), bookingId: first.bookingId, coachId: coach.coachId, coach: "Casey Coach", rating: 2 },
          { date: dayOf(second.slot.startsAt), bookingId: second.bookingId, coachId: coach.coachId, coach: "Casey Coach", rating: 4 },
        ],
      },
      {
        skill: "shooting",
        label: "Shooting",
        ratings: [
          { date: dayOf(first.slot.startsAt), bookingId: first.bookingId, coachId: coach.coachId, coach: "Casey Coach", rating: 3 },
        ],
      },
    ]);
    // The last session's notes first.
    expect(byFamily.body.feedback.map((f: { feedback: string }) => f.feedback)).toEqual([
      "Second session: off hand much better.",
      "First session: quick first step, weak off hand.",
    ]);

    const byCoach = await get(t, `/api/athletes/${athleteId}/progress`, coach.cookie);
    expect(byCoach.status).toBe(200);
    expect(byCoach.body).toEqual(byFamily.body);

    // A coach with only an upcoming booking of the athlete has not coached them yet; a stranger never did.
    const otherCoach = await createBookableCoach(t);
    await createPaidBooking(t, { coach: otherCoach, student: first.student, hoursFromNow: 24 * 20 });
    const stranger = await createPerson(t);
    const admin = await createPerson(t, "admin");
    for (const cookie of [otherCoach.cookie, stranger.cookie, admin.cookie]) {
      const res = await get(t, `/api/athletes/${athleteId}/progress`, cookie);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Athlete not found");
    }
    expect((await get(t, "/api/athletes/999999/progress", first.student.cookie)).status).toBe(404);
    expect((await request(t.app).get(`/api/athletes/${athleteId}/progress`)).status).toBe(401);
  });
});

describe("the coach's earnings, CSV and yearly statement", () => {
  it("answers every week of the range (empty ones too), counts taught sessions as earned and paid ones to come as upcoming, and the CSV, the statement and the payouts agree to the cent", async () => {
    const coach = await createBookableCoach(t);
    await connectPayoutAccount(t, coach);
    const student = await createPerson(t);
    const first = await createPaidBooking(t, { coach, student, hoursFromNow: 3, tip: "10.50" });
    const later = await createPaidBooking(t, { coach, student, hoursFromNow: 3 + 24 * 14 });
    // A hold (never paid) and a cancelled, refunded booking do not count.
    const holdSlot = await createSlot(t, coach.coachId, { hoursFromNow: 30 });
    await bookSlot(t, await createPerson(t), coach, holdSlot.id);
    const refunded = await createPaidBooking(t, { coach, hoursFromNow: 50 });
    expect((await request(t.app).delete(`/api/bookings/${refunded.bookingId}`).set("Cookie", refunded.student.cookie)).status).toBe(200);

    await passSessionEnd(t, first);
    expect(
      (await post(t, `/api/bookings/${first.bookingId}/submit-feedback`, coach.cookie, { feedback: "Well done", rating: 5 })).status,
    ).toBe(200);

    const zone = "America/New_York";
    const dayOf = (at: Date) => format(new TZDate(at.getTime(), zone), "yyyy-MM-dd");
    const from = dayOf(first.slot.startsAt);
    const to = dayOf(later.slot.startsAt);
    const res = await get(t, `/api/coach/earnings?from=${from}&to=${to}&interval=week`, coach.cookie);
    expect(res.status).toBe(200);
    const series = res.body as CoachEarningsSeries;
    expect(series.periods).toHaveLength(3);
    const weekOf = (at: Date) => {
      const local = new TZDate(at.getTime(), zone);
      const monday = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - ((local.getDay() + 6) % 7), zone);
      return format(monday, "yyyy-MM-dd");
    };
    expect(series.periods[0]).toEqual({
      start: weekOf(first.slot.startsAt),
      sessions: 1,
      gross: "85.00",
      tips: "10.50",
      platformFees: "12.75",
      paidOut: "95.50",
      pending: "0.00",
      upcoming: "0.00",
      upcomingSessions: 0,
    });
    expect(series.periods[1]).toMatchObject({
      sessions: 0,
      gross: "0.00",
      tips: "0.00",
      paidOut: "0.00",
      pending: "0.00",
      upcoming: "0.00",
    });
    // Paid but not yet taught: upcoming, not earned (DESIGN.md 12).
    expect(series.periods[2]).toEqual({
      start: weekOf(later.slot.startsAt),
      sessions: 0,
      gross: "0.00",
      tips: "0.00",
      platformFees: "0.00",
      paidOut: "0.00",
      pending: "0.00",
      upcoming: "85.00",
      upcomingSessions: 1,
    });
    expect(series).toMatchObject({ from, to, interval: "week", clients: 1, repeatClients: 1 });

    const csv = await get(t, `/api/coach/earnings.csv?from=${from}&to=${to}&interval=week`, coach.cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="?earnings-week-/);
    const lines = csv.text.trim().split(/\r\n/);
    expect(lines[0]).toBe(EARNINGS_CSV_HEADER.join(","));
    expect(lines.slice(1)).toEqual(series.periods.map(earningsCsvRow));

    const months = await get(
      t,
      `/api/coach/earnings?from=${from.slice(0, 4)}-01-01&to=${from.slice(0, 4)}-12-31&interval=month`,
      coach.cookie,
    );
    expect(months.body.periods).toHaveLength(12);
    const statement = await get(t, `/api/coach/statements/${from.slice(0, 4)}`, coach.cookie);
    expect(statement.status).toBe(200);
    const body = statement.body as CoachStatement;
    expect(body.months).toEqual(months.body.periods);
    const cents = (amounts: string[]) => amounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0);
    for (const field of ["gross", "tips", "platformFees", "paidOut", "pending", "upcoming"] as const) {
      expect(cents([body.totals[field]])).toBe(cents(body.months.map((m) => m[field])));
    }
    // The payouts listed are the transfers the provider made, to the cent.
    const yearBookingIds = [first.bookingId, later.bookingId].filter((id) => body.payouts.some((p) => p.bookingId === id));
    const transfers = await transfersOf(yearBookingIds);
    expect(body.payouts.map((p) => p.transferId).sort()).toEqual(transfers.map((tr) => tr.id).sort());
    expect(cents(body.payouts.map((p) => p.amount))).toBe(transfers.reduce((sum, tr) => sum + tr.amountCents!, 0));
    expect(cents([body.totals.paidOut])).toBe(cents(body.payouts.map((p) => p.amount)));

    const pdf = await getPdf(t, `/api/coach/statements/${from.slice(0, 4)}.pdf`, coach.cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain(`Earnings statement ${body.year}`);
    expect(text).toContain(`Sessions taught: ${body.totals.sessions}`);
    expect(text).toContain(`Earned: $${body.totals.gross}`);
    expect(text).toContain(`Platform fees: $${body.totals.platformFees}`);
    expect(text).toContain(`Tips: $${body.totals.tips}`);
    expect(text).toContain(`Paid out: $${body.totals.paidOut}`);

    // Bad ranges and years are the client's mistake, never a 500; other roles are refused.
    expect((await get(t, `/api/coach/earnings?from=${to}&to=${from}`, coach.cookie)).status).toBe(400);
    expect((await get(t, "/api/coach/earnings?from=2026-02-30&to=2026-03-01", coach.cookie)).status).toBe(400);
    expect((await get(t, "/api/coach/earnings?from=2000-01-01&to=2026-01-01", coach.cookie)).status).toBe(400);
    expect((await get(t, "/api/coach/earnings?interval=day", coach.cookie)).status).toBe(400);
    expect((await get(t, "/api/coach/statements/99", coach.cookie)).status).toBe(400);
    expect((await get(t, "/api/coach/statements/abcd.pdf", coach.cookie)).status).toBe(400);
    expect((await get(t, "/api/coach/earnings", student.cookie)).status).toBe(403);
    const defaults = await get(t, "/api/coach/earnings", coach.cookie);
    expect(defaults.status).toBe(200);
    expect(defaults.body.periods).toHaveLength(12);
  });
});

describe("no-shows", () => {
  async function noShow(paid: PaidBooking, cookie = paid.coach.cookie, note = "Waited 30 minutes; nobody came.") {
    return post(t, `/api/bookings/${paid.bookingId}/no-show`, cookie, { note });
  }

  it("opens 15 minutes after the session's start (409 before) and closes 48 hours after its end", async () => {
    const early = await createPaidBooking(t, { hoursFromNow: 2 });
    await advanceTo(early.slot.startsAt, 14.9);
    const tooEarly = await noShow(early);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toBe("A no-show can be marked from 15 minutes after the session starts.");
    expect((await bookingRow(early.bookingId)).status).toBe("confirmed");
    await advanceTo(early.slot.startsAt, 15.05);
    const atStart = await noShow(early);
    expect(atStart.status).toBe(200);
    expect(atStart.body).toMatchObject({
      success: true,
      message: "Marked as a no-show",
      booking: { id: early.bookingId, status: "no_show" },
    });

    const late = await createPaidBooking(t, { hoursFromNow: 2 });
    const lastChance = await createPaidBooking(t, { hoursFromNow: 2 });
    await advanceTo(late.slot.endsAt, 48 * 60 - 1);
    expect((await get(t, `/api/bookings/${lastChance.bookingId}`, lastChance.student.cookie)).body.status).toBe("completed");
    expect((await noShow(lastChance)).status).toBe(200);
    await advanceTo(late.slot.endsAt, 48 * 60 + 1);
    const tooLate = await noShow(late);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toBe("A no-show can be marked up to 48 hours after the session ends.");
    expect((await bookingRow(late.bookingId)).status).toBe("completed");
  });

  it("pays the coach without feedback after 24 hours, tells the family with the note, and refuses twice, cancelled, feedback after, and anyone but the coach", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2, tip: "5.00" });
    await connectPayoutAccount(t, paid.coach);
    await advanceTo(paid.slot.startsAt, 20);

    const otherCoach = await createBookableCoach(t);
    for (const cookie of [otherCoach.cookie, paid.student.cookie, (await createPerson(t, "admin")).cookie]) {
      const res = await noShow(paid, cookie);
      expect(res.status).toBe(404);
    }
    expect((await noShow(paid, paid.coach.cookie, "   ")).status).toBe(400);

    const marked = await noShow(paid, paid.coach.cookie, "Waited 30 minutes at Memorial Field; nobody came.");
    expect(marked.status).toBe(200);
    // The payout waits 24 hours for the family's answer (DESIGN.md 12), then the sweep sends it.
    expect(marked.body.booking.payoutStatus).toBe("pending");
    expect(await bookingRow(paid.bookingId)).toMatchObject({
      status: "no_show",
      paymentStatus: "completed",
      payoutStatus: "pending",
      noShowNote: "Waited 30 minutes at Memorial Field; nobody came.",
    });
    expect(await transfersOf([paid.bookingId])).toHaveLength(0);
    await advance(24 * 60 - 2);
    expect(await transfersOf([paid.bookingId])).toHaveLength(0);
    await advance(3);
    expect((await bookingRow(paid.bookingId)).payoutStatus).toBe("paid");
    const transfers = await transfersOf([paid.bookingId]);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.amountCents).toBe(8500 + 500);
    expect(await db().select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.kind, "refund"))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ data: expect.objectContaining({ paymentIntentId: paid.paymentIntentId }) })]),
    );

    const mail = t
      .outbox()
      .filter((m) => m.channel === "email" && m.recipient === paid.student.email && m.headers.Subject?.startsWith("Missed session"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain("Waited 30 minutes at Memorial Field; nobody came.");

    const again = await noShow(paid);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This session is already marked as a no-show.");
    await passSessionEnd(t, paid);
    expect((await bookingRow(paid.bookingId)).status).toBe("no_show");
    const feedback = await post(t, `/api/bookings/${paid.bookingId}/submit-feedback`, paid.coach.cookie, { feedback: "x", rating: 3 });
    expect(feedback.status).toBe(409);
    expect(await transfersOf([paid.bookingId])).toHaveLength(1);

    const seen = await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie);
    expect(seen.body).toMatchObject({ status: "no_show", noShowNote: "Waited 30 minutes at Memorial Field; nobody came." });

    // A cancelled session, a session with feedback and an unpaid hold cannot be marked.
    const cancelled = await createPaidBooking(t, { hoursFromNow: 48 });
    expect((await request(t.app).delete(`/api/bookings/${cancelled.bookingId}`).set("Cookie", cancelled.student.cookie)).status).toBe(200);
    const withFeedback = await createPaidBooking(t, { hoursFromNow: 49 });
    const holdSlot = await createSlot(t, withFeedback.coach.coachId, { hoursFromNow: 49 });
    const hold = await bookSlot(t, await createPerson(t), withFeedback.coach, holdSlot.id);
    await passSessionEnd(t, withFeedback);
    expect(
      (await post(t, `/api/bookings/${withFeedback.bookingId}/submit-feedback`, withFeedback.coach.cookie, { feedback: "ok", rating: 4 }))
        .status,
    ).toBe(200);
    const onCancelled = await noShow(cancelled);
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.message).toBe("A cancelled session cannot be marked as a no-show.");
    const onFeedback = await noShow(withFeedback);
    expect(onFeedback.status).toBe(409);
    const onHold = await post(t, `/api/bookings/${hold.id}/no-show`, withFeedback.coach.cookie, { note: "No one" });
    expect(onHold.status).toBe(409);

    // The no-show counts as a paid session in the coach's earnings, and the provider's ledger balances.
    const day = format(new TZDate(paid.slot.startsAt.getTime(), "America/New_York"), "yyyy-MM-dd");
    const earnings = await get(t, `/api/coach/earnings?from=${day}&to=${day}`, paid.coach.cookie);
    expect(earnings.body.periods[0]).toMatchObject({ sessions: 1, gross: "85.00", tips: "5.00", paidOut: "90.00", pending: "0.00" });
    expect((await reconcilePayments(t.deps)).mismatches).toEqual([]);
  });

  it("an admin reverses one: the family refunded in full, the payout taken back, or recorded as owed when it cannot be", async () => {
    const admin = await createPerson(t, "admin");
    const paid = await createPaidBooking(t, { hoursFromNow: 2 });
    await connectPayoutAccount(t, paid.coach);
    const unpaidCoach = await createPaidBooking(t, { hoursFromNow: 2 });
    const owed = await createPaidBooking(t, { hoursFromNow: 2 });
    await connectPayoutAccount(t, owed.coach);
    await advanceTo(paid.slot.startsAt, 20);
    for (const b of [paid, unpaidCoach, owed]) expect((await noShow(b)).status).toBe(200);
    // After the family's 24 hours the payouts go out (the coach without an account waits).
    await advance(24 * 60 + 1);
    expect((await bookingRow(paid.bookingId)).payoutStatus).toBe("paid");
    expect((await bookingRow(unpaidCoach.bookingId)).payoutStatus).toBe("pending");

    expect((await post(t, `/api/admin/bookings/${paid.bookingId}/reverse-no-show`, paid.coach.cookie, {})).status).toBe(403);
    const reversed = await post(t, `/api/admin/bookings/${paid.bookingId}/reverse-no-show`, admin.cookie, {});
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({
      success: true,
      booking: { id: paid.bookingId, status: "cancelled", paymentStatus: "refunded" },
      refund: { amount: paid.totalAmount, status: "refunded" },
      payout: "reversed",
    });
    const [transfer] = await transfersOf([paid.bookingId]);
    expect(transfer!.status).toBe("reversed");
    const refunds = await db()
      .select()
      .from(simulatedPaymentObjects)
      .where(and(eq(simulatedPaymentObjects.kind, "refund")));
    const refund = refunds.find((r) => (r.data as { paymentIntentId?: string }).paymentIntentId === paid.paymentIntentId);
    expect(refund!.amountCents).toBe(Math.round(Number(paid.totalAmount) * 100));

    // Not sent yet: the payout is simply cancelled.
    const cancelledPayout = await post(t, `/api/admin/bookings/${unpaidCoach.bookingId}/reverse-no-show`, admin.cookie, {});
    expect(cancelledPayout.body.payout).toBe("cancelled");
    expect((await bookingRow(unpaidCoach.bookingId)).payoutStatus).toBe("none");

    // The provider cannot take it back: recorded as owed.
    const provider = t.deps.payments as { reverseTransfer: (typeof t.deps.payments)["reverseTransfer"] };
    const original = provider.reverseTransfer.bind(provider);
    provider.reverseTransfer = () => Promise.reject(new Error("Insufficient funds in the connected account"));
    try {
      const owedRes = await post(t, `/api/admin/bookings/${owed.bookingId}/reverse-no-show`, admin.cookie, {});
      expect(owedRes.status).toBe(200);
      expect(owedRes.body.payout).toBe("owed");
    } finally {
      provider.reverseTransfer = original;
    }
    expect(await bookingRow(owed.bookingId)).toMatchObject({ status: "cancelled", payoutStatus: "owed", cancelCode: "no_show_reversed" });

    const notNoShow = await createPaidBooking(t, { hoursFromNow: 30 });
    expect((await post(t, `/api/admin/bookings/${notNoShow.bookingId}/reverse-no-show`, admin.cookie, {})).status).toBe(409);
    expect((await post(t, "/api/admin/bookings/999999/reverse-no-show", admin.cookie, {})).status).toBe(404);

    expect((await reconcilePayments(t.deps)).mismatches).toEqual([]);
    const left = await db()
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(inArray(bookings.id, [paid.bookingId, unpaidCoach.bookingId, owed.bookingId]));
    expect(left.every((b) => b.status === "cancelled")).toBe(true);
  });
});
