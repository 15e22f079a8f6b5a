import { advanceClock, UNDER_13_ATHLETE } from "@tests/factories/basics";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { familyGuardians, users } from "@server/db/schema/index";
import { rowsOf } from "@server/db/sql";
import { startSession } from "@server/features/accounts/sessions.service";
import { createBookableCoach, createPerson, createSlot, get, post, type BookableCoach, type Person } from "@tests/factories/bookings";
import { GOOD_CARD, passSessionEnd } from "@tests/factories/paid-booking";
import { parseCalendar } from "@tests/support/ics";
import { type OutboxMessage, useTestApp } from "@tests/support/test-app";
import { buyPackage, createPackage, FIVE_PACK } from "@tests/factories/packages";

/**
 * DESIGN.md 11: every notification about a family's booking, request, waitlist place or credits
 * reaches every guardian (texts by each one's own opt-in), and a minor account holder's parent
 * until a second guardian has joined; the coach sees the athlete (name, age, position) and the
 * guardians' contact once a seat is paid; a coach or an admin has no family.
 */
const t = useTestApp();

afterEach(() => vi.restoreAllMocks());

const db = () => t.deps.database.db;
const advance = (minutes: number) => advanceClock(t, minutes);

// Under 13: added with the guardian's consent (DESIGN.md 12).
const MIA = { ...UNDER_13_ATHLETE, skillLevel: "beginner", goals: ["Shooting"] };

let phoneSequence = 0;
const nextPhone = () => `+1443555${String(++phoneSequence).padStart(4, "0")}`;

const mailsTo = (email: string, subject: RegExp | string) =>
  t
    .outbox()
    .filter(
      (m) =>
        m.channel === "email" &&
        m.recipient === email &&
        (typeof subject === "string" ? (m.headers.Subject ?? "").startsWith(subject) : subject.test(m.headers.Subject ?? "")),
    );
const textsTo = (phone: string, contains: string) =>
  t.outbox().filter((m: OutboxMessage) => m.channel === "sms" && m.recipient === phone && m.body.includes(contains));

type Family = { holder: Person; second: Person; secondPhone: string; mia: number };

async function verified(person: Person): Promise<Person> {
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, person.userId));
  return person;
}

/** A second guardian joins `holder`'s family through the invitation mail, and takes texts on their own phone. */
async function joinAsGuardian(holder: Person): Promise<{ second: Person; secondPhone: string }> {
  await verified(holder);
  const second = await verified(await createPerson(t, "player", { firstName: "Jordan" }));
  expect((await post(t, "/api/family/guardians", holder.cookie, { email: second.email })).status).toBe(201);
  const mail = t
    .outbox()
    .filter((m) => m.recipient === second.email)
    .at(-1);
  const token = /\/family\/invitations\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? "")?.[1];
  expect((await post(t, `/api/family/invitations/${token}/accept`, second.cookie, {})).status).toBe(200);
  const secondPhone = nextPhone();
  await db().update(users).set({ smsOptIn: true, phoneNumber: secondPhone }).where(eq(users.id, second.userId));
  return { second, secondPhone };
}

/** A holder (no texts), their child Mia, and a second guardian who takes texts. */
async function family(): Promise<Family> {
  const holder = await createPerson(t, "player", { firstName: "Dana" });
  const created = await post(t, "/api/athletes", holder.cookie, MIA);
  expect(created.status).toBe(201);
  return { holder, mia: created.body.id as number, ...(await joinAsGuardian(holder)) };
}

async function book(who: Person, coach: BookableCoach, slotId: number, athleteId?: number, group = false): Promise<number> {
  const res = await post(t, "/api/bookings", who.cookie, {
    timeSlotId: slotId,
    rateId: group ? coach.rates.group60 : coach.rates.individual60,
    sessionType: group ? "group" : "individual",
    duration: 60,
    athleteId,
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function pay(who: Person, bookingId: number) {
  const intent = await post(t, "/api/create-payment-intent", who.cookie, { bookingId });
  expect(intent.status).toBe(200);
  const paid = await post(t, "/api/payments/simulated/confirm", who.cookie, {
    paymentIntentId: intent.body.paymentIntentId,
    cardNumber: GOOD_CARD,
  });
  expect(paid.body).toEqual({ status: "succeeded" });
  return intent.body.paymentIntentId as string;
}

async function paidBooking(who: Person, coach: BookableCoach, athleteId: number | undefined, hoursFromNow: number) {
  const slot = await createSlot(t, coach.coachId, { hoursFromNow });
  const bookingId = await book(who, coach, slot.id, athleteId);
  await pay(who, bookingId);
  return { slot, bookingId };
}

describe("every guardian hears about the family's sessions", () => {
  it("a waitlist offer goes to both guardians by e-mail and to the one who takes texts by SMS, naming the athlete", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72, isGroup: true, capacity: 2 });
    for (const other of [await createPerson(t), await createPerson(t)]) await book(other, coach, slot.id, undefined, true);
    const { holder, second, secondPhone, mia } = await family();
    // The second guardian puts Mia on the list; the holder is told as well.
    const joined = await post(t, `/api/time-slots/${slot.id}/waitlist`, second.cookie, { athleteId: mia });
    expect(joined.status).toBe(201);

    // The other players' unpaid holds run out: a seat is offered to Mia.
    await advance(16);
    for (const guardian of [holder, second]) {
      const offers = mailsTo(guardian.email, "A seat opened up");
      expect(offers).toHaveLength(1);
      expect(offers[0]!.body).toContain("for Mia Parker");
    }
    expect(textsTo(secondPhone, "A seat opened up for Mia Parker")).toHaveLength(1);
    expect(textsTo("4105551234", "A seat opened up for Mia Parker")).toHaveLength(0);
  });

  it("a request's answers reach both guardians; the coach sees the athlete, and the guardians' contact only once the seat is paid", async () => {
    const coach = await createBookableCoach(t);
    const { holder, second, secondPhone, mia } = await family();
    const day = new Date(t.deps.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const ask = (requestedStartTime: string) =>
      post(t, "/api/session-requests", holder.cookie, {
        coachId: coach.coachId,
        requestedDate: day,
        requestedStartTime,
        sessionType: "individual",
        duration: 60,
        athleteId: mia,
      });
    const asked = await ask("10:00");
    expect(asked.status).toBe(201);
    const coachCard = async (id: number) =>
      ((await get(t, `/api/session-requests/coach/${coach.coachId}`, coach.cookie)).body as Record<string, unknown>[]).find(
        (r) => r.id === id,
      )!;
    const before = await coachCard(asked.body.id);
    expect(before.athlete).toMatchObject({ firstName: "Mia", lastName: "Parker", position: "Attack", isMinor: true });
    expect(typeof (before.athlete as { age: unknown }).age).toBe("number");
    expect(before.guardians).toBeUndefined();
    expect(before.student).toMatchObject({ email: null, phoneNumber: null });
    // The coach's notice says who asked for whom.
    expect(mailsTo(coach.email, "New session request")[0]!.body).toMatch(/Athlete: Mia Parker, age \d+, Attack/);

    const accepted = await post(t, `/api/session-requests/${asked.body.id}/accept`, coach.cookie, {});
    expect(accepted.status).toBe(200);
    for (const guardian of [holder, second]) expect(mailsTo(guardian.email, "Session request accepted")).toHaveLength(1);
    expect(textsTo(secondPhone, "accepted your session request")).toHaveLength(1);
    expect((await coachCard(asked.body.id)).guardians).toBeUndefined();

    // The second guardian pays the booking it led to: now the coach may reach the family.
    await pay(second, accepted.body.bookingId);
    const paidCard = await coachCard(asked.body.id);
    expect((paidCard.guardians as { email: string }[]).map((g) => g.email)).toEqual([holder.email, second.email]);

    const declined = await ask("13:00");
    expect((await post(t, `/api/session-requests/${declined.body.id}/decline`, coach.cookie, { message: "Busy then" })).status).toBe(200);
    for (const guardian of [holder, second]) {
      const mails = mailsTo(guardian.email, "Session request declined");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain("Busy then");
    }
  });

  it("reminders reach both guardians and name the athlete; the coach's reminder, bookings and calendar name her age and position", async () => {
    const coach = await createBookableCoach(t);
    const { holder, second, secondPhone, mia } = await family();
    const { bookingId } = await paidBooking(holder, coach, mia, 48);

    // The coach's bookings: the athlete, and the guardians' contact now that the seat is paid.
    const coachList = (await get(t, "/api/bookings/coach", coach.cookie)).body as Record<string, unknown>[];
    const card = coachList.find((b) => b.id === bookingId)!;
    expect(card.athlete).toMatchObject({ firstName: "Mia", position: "Attack", isMinor: true });
    expect((card.guardians as { email: string }[]).map((g) => g.email)).toEqual([holder.email, second.email]);

    // Within 24 hours of the start (slots start on a quarter hour).
    await advance(24 * 60 + 20);
    for (const guardian of [holder, second]) {
      const mails = mailsTo(guardian.email, "Reminder");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain("Athlete: Mia Parker");
    }
    expect(t.outbox().filter((m) => m.channel === "sms" && m.recipient === secondPhone && m.body.startsWith("Reminder"))).toHaveLength(1);
    const coachReminder = mailsTo(coach.email, "Reminder");
    expect(coachReminder).toHaveLength(1);
    expect(coachReminder[0]!.body).toMatch(/with Mia Parker \(age \d+, Attack\)/);

    // The coach's calendar feed names the athlete; the second guardian's feed has the family's session.
    const feedOf = async (person: Person) => {
      const token = await get(t, "/api/calendar/token", person.cookie);
      expect(token.status).toBe(200);
      const feed = await request(t.app).get(`/api/calendar.ics?token=${encodeURIComponent(token.body.token as string)}`);
      expect(feed.status).toBe(200);
      return parseCalendar(feed.text).events.find((e) => e.uid === `booking-${bookingId}@localhost`);
    };
    const coachEvent = await feedOf(coach);
    expect(coachEvent?.summary).toBe("Lacrosse session: Mia Parker");
    expect(coachEvent?.description).toMatch(/Student: Mia Parker \(age \d+ · Attack\)/);
    expect((await feedOf(second))?.summary).toBe("Lacrosse session with Casey Coach");
    const file = await get(t, `/api/bookings/${bookingId}/calendar.ics`, second.cookie);
    expect(file.status).toBe(200);
  });

  it("a no-show and the coach's feedback reach both guardians", async () => {
    const coach = await createBookableCoach(t);
    const { holder, second, mia } = await family();
    const missed = await paidBooking(holder, coach, mia, 2);
    const coached = await paidBooking(second, coach, mia, 4);
    await passSessionEnd(t, coached);

    expect((await post(t, `/api/bookings/${missed.bookingId}/no-show`, coach.cookie, { note: "Nobody came" })).status).toBe(200);
    const feedback = await post(t, `/api/bookings/${coached.bookingId}/submit-feedback`, coach.cookie, {
      feedback: "Great footwork today",
      rating: 5,
    });
    expect(feedback.status).toBe(200);
    for (const guardian of [holder, second]) {
      const noShow = mailsTo(guardian.email, "Missed session");
      expect(noShow).toHaveLength(1);
      expect(noShow[0]!.body).toContain("Nobody came");
      const notes = mailsTo(guardian.email, "Feedback from");
      expect(notes).toHaveLength(1);
      expect(notes[0]!.headers.Subject).toContain("Mia Parker's session");
      expect(notes[0]!.body).toContain("Great footwork today");
    }
  });

  it("a payment that arrived after its hold expired is refunded, and both guardians are told", async () => {
    const coach = await createBookableCoach(t);
    const { holder, second, mia } = await family();
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    const bookingId = await book(holder, coach, slot.id, mia);
    const intent = await post(t, "/api/create-payment-intent", holder.cookie, { bookingId });
    expect(intent.status).toBe(200);
    vi.spyOn(t.deps.payments, "cancelPaymentIntent").mockRejectedValue(new Error("connection reset"));
    await advance(16);
    expect((await get(t, `/api/bookings/${bookingId}`, second.cookie)).body.status).toBe("cancelled");
    // The holder paid in a tab left open after the hold ran out.
    expect(await t.deps.payments.simulated!.confirmWithCard(intent.body.paymentIntentId as string, GOOD_CARD)).toEqual({
      status: "succeeded",
    });
    vi.restoreAllMocks();
    await advance(20);
    expect((await get(t, `/api/bookings/${bookingId}`, second.cookie)).body).toMatchObject({ paymentStatus: "refunded" });
    for (const guardian of [holder, second]) expect(mailsTo(guardian.email, /refunded/i)).toHaveLength(1);
  });

  it("a removed guardian hears nothing more", async () => {
    const coach = await createBookableCoach(t);
    const { holder, second, mia } = await family();
    expect((await request(t.app).delete(`/api/family/guardians/${second.userId}`).set("Cookie", holder.cookie)).status).toBe(200);
    const { bookingId } = await paidBooking(holder, coach, mia, 50);
    expect((await post(t, `/api/bookings/${bookingId}/cancel`, coach.cookie, { reason: "Field flooded" })).status).toBe(200);
    expect(mailsTo(holder.email, "Session cancelled")).toHaveLength(1);
    expect(mailsTo(second.email, "Session cancelled")).toHaveLength(0);
    expect(mailsTo(second.email, "Booking confirmed")).toHaveLength(0);
  });
});

describe("a minor account holder's parent (DESIGN.md 11)", () => {
  it("is copied, by e-mail and by text on their own opt-in, until they join as a guardian; an adult holder's parent fields copy no one", async () => {
    const coach = await createBookableCoach(t);
    const minor = await createPerson(t, "player", { firstName: "Theo" });
    const parent = await verified(await createPerson(t, "player", { firstName: "Pam" }));
    const parentEmail = parent.email;
    const parentPhone = nextPhone();
    const onboarded = await request(t.app).patch("/api/users/profile").set("Cookie", minor.cookie).send({
      birthday: "2011-06-01",
      parentEmail,
      parentFirstName: "Pam",
      parentLastName: "Parker",
      parentPhoneNumber: parentPhone,
      parentSmsOptIn: true,
    });
    expect(onboarded.status).toBe(200);

    const first = await paidBooking(minor, coach, undefined, 60);
    expect(mailsTo(parentEmail, "Booking confirmed")).toHaveLength(1);
    expect((await post(t, `/api/bookings/${first.bookingId}/cancel`, coach.cookie, { reason: "Coach sick" })).status).toBe(200);
    expect(mailsTo(parentEmail, "Session cancelled")).toHaveLength(1);
    expect(textsTo(parentPhone, "Coach sick")).toHaveLength(1);

    // The parent joins through the family's first invitation (DESIGN.md 12): a guardian now, reached
    // as one (their own phone and opt-in), the parent fields no more.
    const invitation = mailsTo(parentEmail, "You're invited to join a family on LaxCoach").at(-1);
    const token = /\/family\/invitations\/([A-Za-z0-9_-]+)/.exec(invitation?.body ?? "")?.[1];
    expect((await post(t, `/api/family/invitations/${token}/accept`, parent.cookie, {})).status).toBe(200);
    const secondPhone = nextPhone();
    await db().update(users).set({ smsOptIn: true, phoneNumber: secondPhone }).where(eq(users.id, parent.userId));
    const later = await paidBooking(minor, coach, undefined, 62);
    expect((await post(t, `/api/bookings/${later.bookingId}/cancel`, coach.cookie, { reason: "Rained out" })).status).toBe(200);
    expect(mailsTo(parentEmail, "Booking confirmed")).toHaveLength(2);
    expect(mailsTo(parentEmail, "Session cancelled")).toHaveLength(2);
    expect(textsTo(parentPhone, "Rained out")).toHaveLength(0);
    expect(textsTo(secondPhone, "Rained out")).toHaveLength(1);

    const adult = await createPerson(t, "player", { firstName: "Avery" });
    const leftover = `old-parent-${adult.userId}@example.com`;
    await db().update(users).set({ birthday: "1990-02-02", parentEmail: leftover }).where(eq(users.id, adult.userId));
    await paidBooking(adult, coach, undefined, 64);
    expect(mailsTo(adult.email, "Booking confirmed")).toHaveLength(1);
    expect(mailsTo(leftover, "Booking confirmed")).toHaveLength(0);
  });
});

describe("the booking names its athlete for the family (checkout, the success page)", () => {
  it("GET /api/bookings/{id}, POST /api/confirm-payment and GET /api/bookings/student answer the athlete", async () => {
    const coach = await createBookableCoach(t);
    const { holder, second, mia } = await family();
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 90 });
    const bookingId = await book(holder, coach, slot.id, mia);
    const athlete = { id: mia, firstName: "Mia", lastName: "Parker", position: "Attack", isMinor: true };
    expect((await get(t, `/api/bookings/${bookingId}`, second.cookie)).body).toMatchObject({ athleteId: mia, athlete });
    const paymentIntentId = await pay(second, bookingId);
    const confirmed = await post(t, "/api/confirm-payment", second.cookie, { paymentIntentId });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: bookingId, status: "confirmed", athlete });
    const mine = (await get(t, "/api/bookings/student", holder.cookie)).body as { id: number; athlete: unknown }[];
    expect(mine.find((b) => b.id === bookingId)?.athlete).toMatchObject(athlete);
  });
});

describe("a coach or an admin has no family", () => {
  const familyCount = async () => Number(rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from families`))[0]!.n);
  const guardianRows = async (userId: number) => db().select().from(familyGuardians).where(eq(familyGuardians.userId, userId));

  it("GET and POST /api/athletes answer 403 to a coach, GET /api/credits nothing to an admin, and no family is made", async () => {
    const coach = await createBookableCoach(t);
    const admin = await createPerson(t, "admin");
    const before = await familyCount();
    expect((await get(t, "/api/athletes", coach.cookie)).status).toBe(403);
    expect((await post(t, "/api/athletes", coach.cookie, MIA)).status).toBe(403);
    expect((await get(t, "/api/family/guardians", coach.cookie)).status).toBe(403);
    const credits = await get(t, "/api/credits", admin.cookie);
    expect(credits.status).toBe(200);
    expect(credits.body).toEqual([]);
    // The SQL rule itself refuses: no family for a coach, an admin or a missing user.
    for (const userId of [coach.userId, admin.userId, 999_999]) {
      const answer = rowsOf<{ id: number | null }>(await db().execute(sql`select family_of_user(${userId}) as id`));
      expect(answer[0]?.id).toBeNull();
    }
    expect(await guardianRows(coach.userId)).toEqual([]);
    expect(await guardianRows(admin.userId)).toEqual([]);
    expect(await familyCount()).toBe(before);

    // A player's family is still made on first use.
    const player = await createPerson(t);
    expect((await get(t, "/api/athletes", player.cookie)).body).toHaveLength(1);
    expect(await familyCount()).toBe(before + 1);
  });
});

describe("package mails reach both guardians", () => {
  it("the purchase and the expiry notice a week before", async () => {
    const coach = await createBookableCoach(t);
    const { holder, second } = await family();
    await buyPackage(t, second, (await createPackage(t, coach, { ...FIVE_PACK, validDays: 30 })).id);
    for (const guardian of [holder, second]) expect(mailsTo(guardian.email, "Your package with")).toHaveLength(1);

    await advance(24 * 60 * 24);
    for (const guardian of [holder, second]) expect(mailsTo(guardian.email, /expire on/)).toHaveLength(1);
    // Still a family of two: the holder signs in again a month on and sees the credits.
    const { token } = await startSession(db(), holder.userId, t.deps.clock.now());
    expect((await get(t, "/api/credits", `sid=${token}`)).body).toHaveLength(1);
  });
});
