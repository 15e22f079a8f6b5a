import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CredentialMessages } from "@contract/credentials";
import { ageRuleToday } from "@contract/players";
import { bookings } from "@server/db/schema/index";
import { instantToLocal } from "@server/features/slots/slot-time";
import { createBookableCoach, createPerson, createSlot, get, post, type BookableCoach, type Person } from "@tests/factories/bookings";
import { buyPackage, createPackage } from "@tests/factories/packages";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { publishWeeklySlots } from "@tests/factories/slot-helpers";
import { startTestApp, type TestApp } from "@tests/support/test-app";

// DESIGN 12, Verified coaches: REQUIRE_SCREENING_FOR_MINORS, and families told when a coach's screening lapses.

const REFUSED = "This coach hasn't completed the screening required to coach athletes under 18.";

let on: TestApp;
let off: TestApp;
let onAdmin: Person;

beforeAll(async () => {
  [on, off] = await Promise.all([startTestApp({ REQUIRE_SCREENING_FOR_MINORS: "true" }), startTestApp()]);
  onAdmin = await createPerson(on, "admin");
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

const today = (t: TestApp) => instantToLocal(t.deps.clock.now(), t.deps.config.appTimeZone).date;
const daysFromToday = (t: TestApp, days: number) =>
  new Date(Date.parse(`${today(t)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** A birthday `years` years before the age rule's today. */
const yearsAgo = (t: TestApp, years: number) => {
  const day = ageRuleToday(t.deps.clock.now());
  return `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
};

async function advanceDays(t: TestApp, days: number) {
  const res = await request(t.app)
    .post("/api/test/clock")
    .send({ advanceMinutes: days * 24 * 60 });
  expect(res.status).toBe(200);
}

/** A parent whose family is an adult athlete (the parent, 30) and a 15-year-old: each booking names one. */
async function family(t: TestApp): Promise<{ parent: Person; adult: number; minor: number }> {
  const parent = await createPerson(t);
  const add = async (body: object) => {
    const res = await post(t, "/api/athletes", parent.cookie, body);
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const minor = await add({ firstName: "Sam", lastName: "Whitaker", birthday: yearsAgo(t, 15), position: "Attack" });
  const adult = await add({ firstName: "Dana", lastName: "Whitaker", birthday: yearsAgo(t, 30), position: "Midfield" });
  return { parent, adult, minor };
}

/** SafeSport (completed `safesportDaysAgo` days ago) verified by an admin, and a clear background check. */
async function screen(t: TestApp, admin: Person, coach: BookableCoach, safesportDaysAgo = 10): Promise<{ safesportId: number }> {
  const added = await post(t, "/api/coach/credentials", coach.cookie, {
    kind: "safesport",
    completedOn: daysFromToday(t, -safesportDaysAgo),
  });
  expect(added.status).toBe(201);
  expect((await post(t, `/api/admin/credentials/${added.body.id}/verify`, admin.cookie, {})).status).toBe(200);
  const check = await post(t, "/api/coach/background-check", coach.cookie, {});
  expect(check.status).toBe(202);
  expect((await request(t.app).post(`/api/test/screening/${check.body.id}`).send({ result: "clear" })).status).toBe(200);
  return { safesportId: added.body.id as number };
}

const seat = (coach: BookableCoach, slotId: number, extra: object = {}) => ({
  timeSlotId: slotId,
  rateId: coach.rates.individual60,
  sessionType: "individual",
  duration: 60,
  ...extra,
});

const weeklySlots = (t: TestApp, coach: BookableCoach, daysAhead: number) => publishWeeklySlots(t, coach, daysFromToday(t, daysAhead));

/** The parent asks for three weeks of the series by card for the athlete. */
const bookSeries = (t: TestApp, parent: Person, firstSlotId: number, athleteId: number) =>
  post(t, "/api/bookings/series", parent.cookie, { timeSlotId: firstSlotId, weeks: 3, payWith: "card", athleteId });

const ask = (t: TestApp, coach: BookableCoach, athleteId: number) => ({
  coachId: coach.coachId,
  requestedDate: daysFromToday(t, 4),
  requestedStartTime: "10:00",
  sessionType: "individual",
  duration: 60,
  athleteId,
});

const bookingsOfSlot = (t: TestApp, slotId: number) => t.deps.database.db.select().from(bookings).where(eq(bookings.timeSlotId, slotId));

describe("REQUIRE_SCREENING_FOR_MINORS=true", () => {
  it("refuses a booking, siblings, a series and a request for a minor with an unscreened coach (409), holding nothing; an adult athlete books", async () => {
    const coach = await createBookableCoach(on);
    const { parent, adult, minor } = await family(on);
    const slot = await createSlot(on, coach.coachId);

    const single = await post(on, "/api/bookings", parent.cookie, seat(coach, slot.id, { athleteId: minor }));
    expect(single.status).toBe(409);
    expect(single.body).toEqual({ message: REFUSED, code: "SCREENING_REQUIRED" });
    expect(CredentialMessages.SCREENING_REQUIRED_FOR_MINORS).toBe(REFUSED);

    const group = await createSlot(on, coach.coachId, { hoursFromNow: 60, isGroup: true, capacity: 4 });
    const siblings = await post(on, "/api/bookings", parent.cookie, {
      ...seat(coach, group.id, { athleteIds: [adult, minor] }),
      rateId: coach.rates.group60,
      sessionType: "group",
    });
    expect([siblings.status, siblings.body.message]).toEqual([409, REFUSED]);
    expect(await bookingsOfSlot(on, group.id)).toHaveLength(0);

    const first = await weeklySlots(on, coach, 7);
    const series = await bookSeries(on, parent, first, minor);
    expect([series.status, series.body.message]).toEqual([409, REFUSED]);
    expect(await bookingsOfSlot(on, first)).toHaveLength(0);

    const requested = await post(on, "/api/session-requests", parent.cookie, ask(on, coach, minor));
    expect([requested.status, requested.body.message]).toEqual([409, REFUSED]);
    expect((await get(on, "/api/session-requests/student", parent.cookie)).body).toEqual([]);

    // The checkout page's variant goes through the same rule.
    const checkout = await post(on, "/api/create-payment-intent", parent.cookie, {
      timeSlotId: slot.id,
      duration: 60,
      sessionType: "individual",
      athleteId: minor,
    });
    expect([checkout.status, checkout.body.message]).toEqual([409, REFUSED]);
    expect(await bookingsOfSlot(on, slot.id)).toHaveLength(0);

    // An adult athlete of the same family is not a minor: the coach needs no screening for them.
    const grownUp = await post(on, "/api/bookings", parent.cookie, seat(coach, slot.id, { athleteId: adult }));
    expect(grownUp.status).toBe(201);
  });

  it("lets the minor book once the coach holds a current SafeSport training and background check, and refuses again when one lapses", async () => {
    const coach = await createBookableCoach(on);
    const { parent, minor } = await family(on);
    // SafeSport done 360 days ago: 5 days left. Only SafeSport: not screened yet.
    const added = await post(on, "/api/coach/credentials", coach.cookie, { kind: "safesport", completedOn: daysFromToday(on, -360) });
    await post(on, `/api/admin/credentials/${added.body.id}/verify`, onAdmin.cookie, {});
    const slot = await createSlot(on, coach.coachId, { hoursFromNow: 24 * 10 });
    expect((await post(on, "/api/bookings", parent.cookie, seat(coach, slot.id, { athleteId: minor }))).status).toBe(409);

    const check = await post(on, "/api/coach/background-check", coach.cookie, {});
    await request(on.app).post(`/api/test/screening/${check.body.id}`).send({ result: "clear" });
    const booked = await post(on, "/api/bookings", parent.cookie, seat(coach, slot.id, { athleteId: minor }));
    expect(booked.status).toBe(201);
    const first = await weeklySlots(on, coach, 20);
    expect((await post(on, "/api/session-requests", parent.cookie, ask(on, coach, minor))).status).toBe(201);

    // Five days on, the SafeSport training has expired: the same family is refused again.
    await advanceDays(on, 5);
    const later = await createSlot(on, coach.coachId, { hoursFromNow: 24 * 3 });
    const refused = await post(on, "/api/bookings", parent.cookie, seat(coach, later.id, { athleteId: minor }));
    expect([refused.status, refused.body.message]).toEqual([409, REFUSED]);
    const series = await bookSeries(on, parent, first, minor);
    expect([series.status, series.body.message]).toEqual([409, REFUSED]);
  });

  it("refuses a credit booking for a minor with an unscreened coach and spends no credit", async () => {
    const coach = await createBookableCoach(on);
    const { parent, minor } = await family(on);
    await buyPackage(on, parent, (await createPackage(on, coach)).id);
    const remaining = async () => ((await get(on, "/api/credits", parent.cookie)).body as { remaining: number }[])[0]?.remaining;
    expect(await remaining()).toBe(5);

    const slot = await createSlot(on, coach.coachId);
    const credit = await post(on, "/api/bookings", parent.cookie, seat(coach, slot.id, { athleteId: minor, payWith: "credit" }));
    expect([credit.status, credit.body.message]).toEqual([409, REFUSED]);
    expect(await remaining()).toBe(5);

    await screen(on, onAdmin, coach);
    const booked = await post(on, "/api/bookings", parent.cookie, seat(coach, slot.id, { athleteId: minor, payWith: "credit" }));
    expect(booked.status).toBe(201);
    expect(await remaining()).toBe(4);
  });
});

describe("REQUIRE_SCREENING_FOR_MINORS off (the default)", () => {
  it("books, holds a series and asks for a minor with an unscreened coach, as before", async () => {
    const coach = await createBookableCoach(off);
    const { parent, adult, minor } = await family(off);
    const slot = await createSlot(off, coach.coachId);
    expect((await post(off, "/api/bookings", parent.cookie, seat(coach, slot.id, { athleteId: minor }))).status).toBe(201);
    const group = await createSlot(off, coach.coachId, { hoursFromNow: 60, isGroup: true, capacity: 4 });
    const siblings = await post(off, "/api/bookings", parent.cookie, {
      ...seat(coach, group.id, { athleteIds: [adult, minor] }),
      rateId: coach.rates.group60,
      sessionType: "group",
    });
    expect(siblings.status).toBe(201);
    const first = await weeklySlots(off, coach, 7);
    const series = await bookSeries(off, parent, first, minor);
    expect(series.status).toBe(201);
    expect((await post(off, "/api/session-requests", parent.cookie, ask(off, coach, minor))).status).toBe(201);
  });
});

describe("a coach's screening lapses", () => {
  it("mails each family with a session still to come once, through the outbox; past sessions and renewed coaches mail nobody", async () => {
    const t = await startTestApp();
    try {
      const admin = await createPerson(t, "admin");
      const coach = await createBookableCoach(t);
      // SafeSport done 355 days ago: it expires in 10 days.
      await screen(t, admin, coach, 355);
      const soon = await createPaidBooking(t, { coach, hoursFromNow: 24 * 3 });
      const later = await createPaidBooking(t, { coach, hoursFromNow: 24 * 20, studentName: "Robin" });
      // A coach who renewed before the old training expired has not lapsed.
      const renewed = await createBookableCoach(t);
      await screen(t, admin, renewed, 355);
      const renewal = await post(t, "/api/coach/credentials", renewed.cookie, { kind: "safesport", completedOn: daysFromToday(t, -1) });
      await post(t, `/api/admin/credentials/${renewal.body.id}/verify`, admin.cookie, {});
      const renewedFamily = await createPaidBooking(t, { coach: renewed, hoursFromNow: 24 * 20 });

      const lapseMails = () => t.outbox().filter((m) => /screening has lapsed/.test(m.headers.Subject ?? ""));
      await advanceDays(t, 9);
      expect(lapseMails()).toEqual([]);
      await advanceDays(t, 1); // the day it expires
      const mails = lapseMails();
      expect(mails.map((m) => m.recipient)).toEqual([later.student.email]);
      expect(mails[0]?.headers.Subject).toBe("Casey Coach's screening has lapsed");
      expect(mails[0]?.body).toContain("SafeSport training expired");
      expect(mails.map((m) => m.recipient)).not.toContain(soon.student.email);
      expect(mails.map((m) => m.recipient)).not.toContain(renewedFamily.student.email);
      // The badge is gone from the profile (not verified any more) and the lapse is not mailed twice.
      const profile = await request(t.app).get(`/api/coaches/${coach.coachId}/profile`);
      expect(profile.body.badges.map((b: { kind: string }) => b.kind)).toEqual(["background_check"]);
      await advanceDays(t, 1);
      await advanceDays(t, 1);
      expect(lapseMails()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
