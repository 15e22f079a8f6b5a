import { UNDER_13_ATHLETE } from "@tests/factories/basics";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@server/db/schema/index";
import { createBookableCoach, createPerson, createSlot, get, post, type BookableCoach, type Person } from "@tests/factories/bookings";
import { GOOD_CARD } from "@tests/factories/paid-booking";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import request from "supertest";

const put = (t: TestApp, path: string, cookie: string, body: unknown) =>
  request(t.app)
    .put(path)
    .set("Cookie", cookie)
    .send(body as object);
const del = (t: TestApp, path: string, cookie: string) => request(t.app).delete(path).set("Cookie", cookie);

// Under 13: added with the guardian's consent (DESIGN.md 12).
const CHILD = { ...UNDER_13_ATHLETE, skillLevel: "beginner", goals: ["Shooting"] };
const SIBLING = { firstName: "Leo", lastName: "Parker", birthday: "2012-09-01", position: "Goalie", secondaryPosition: "Defense" };

/** The token of the newest family invitation mailed to `email`. */
function invitationToken(t: TestApp, email: string): string {
  const mail = t
    .outbox()
    .filter((m) => m.channel === "email" && m.recipient === email)
    .at(-1);
  const token = mail ? /\/family\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] : undefined;
  if (!token) throw new Error(`no invitation was mailed to ${email}`);
  return token;
}

async function verified(t: TestApp, person: Person): Promise<Person> {
  await t.deps.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, person.userId));
  return person;
}

async function addAthlete(t: TestApp, cookie: string, body: object = CHILD): Promise<{ id: number }> {
  const res = await post(t, "/api/athletes", cookie, body);
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

async function bookFor(t: TestApp, who: Person, coach: BookableCoach, slotId: number, athleteId?: number, group = false) {
  return post(t, "/api/bookings", who.cookie, {
    timeSlotId: slotId,
    rateId: group ? coach.rates.group60 : coach.rates.individual60,
    sessionType: group ? "group" : "individual",
    duration: 60,
    athleteId,
  });
}

/** A second guardian joins `holder`'s family through the invitation mail. */
async function joinAsGuardian(t: TestApp, holder: Person): Promise<Person> {
  await verified(t, holder);
  const second = await verified(t, await createPerson(t, "player", { firstName: "Jordan" }));
  expect((await post(t, "/api/family/guardians", holder.cookie, { email: second.email })).status).toBe(201);
  const accepted = await post(t, `/api/family/invitations/${invitationToken(t, second.email)}/accept`, second.cookie, {});
  expect(accepted.status).toBe(200);
  return second;
}

describe("families: athletes and guardians (DESIGN.md 11)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("a player's account starts with their own profile as its first athlete; more are added, edited and removed", async () => {
    const parent = await createPerson(t, "player", { firstName: "Dana" });
    const first = await get(t, "/api/athletes", parent.cookie);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(1);
    expect(first.body[0]).toMatchObject({ firstName: "Dana", isPrimary: true });

    const created = await post(t, "/api/athletes", parent.cookie, CHILD);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ firstName: "Mia", birthday: "2015-04-12", position: "Attack", isMinor: true, isPrimary: false });
    expect(created.body.ageGroup).toMatch(/futures|juniors/);
    expect(created.body.goals).toEqual(["Shooting"]);

    const updated = await put(t, `/api/athletes/${created.body.id}`, parent.cookie, {
      school: "Roland Park Lacrosse Club",
      position: "Midfield",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ school: "Roland Park Lacrosse Club", position: "Midfield", firstName: "Mia" });

    expect((await get(t, "/api/athletes", parent.cookie)).body.map((a: { firstName: string }) => a.firstName)).toEqual(["Dana", "Mia"]);
    const removed = await del(t, `/api/athletes/${created.body.id}`, parent.cookie);
    expect(removed.status).toBe(200);
    expect((await get(t, "/api/athletes", parent.cookie)).body).toHaveLength(1);
  });

  it("refuses bad athletes: a birthday in the future, a missing name, an eleventh athlete, removing the last one", async () => {
    const parent = await createPerson(t);
    const future = await post(t, "/api/athletes", parent.cookie, { ...CHILD, birthday: "2999-01-01" });
    expect(future.status).toBe(400);
    expect(future.body.message).toMatch(/Birthday/);
    expect((await post(t, "/api/athletes", parent.cookie, { ...CHILD, firstName: "" })).status).toBe(400);
    expect((await post(t, "/api/athletes", parent.cookie, { ...CHILD, birthday: "2015-02-30" })).status).toBe(400);

    for (let i = 0; i < 9; i++) await addAthlete(t, parent.cookie, { ...CHILD, firstName: `Kid${i}` });
    const eleventh = await post(t, "/api/athletes", parent.cookie, CHILD);
    expect(eleventh.status).toBe(409);

    const lone = await createPerson(t);
    const [only] = (await get(t, "/api/athletes", lone.cookie)).body as { id: number }[];
    expect((await del(t, `/api/athletes/${only!.id}`, lone.cookie)).status).toBe(409);
  });

  it("another family's athlete answers 404 on every athlete route, and a coach has no athletes (403)", async () => {
    const a = await createPerson(t);
    const b = await createPerson(t);
    const theirs = await addAthlete(t, b.cookie);
    expect((await get(t, `/api/athletes/${theirs.id}`, a.cookie)).status).toBe(404);
    expect((await put(t, `/api/athletes/${theirs.id}`, a.cookie, { firstName: "X" })).status).toBe(404);
    expect((await del(t, `/api/athletes/${theirs.id}`, a.cookie)).status).toBe(404);
    expect((await get(t, `/api/athletes/${theirs.id}/sessions`, a.cookie)).status).toBe(404);
    const coach = await createBookableCoach(t);
    expect((await get(t, "/api/athletes", coach.cookie)).status).toBe(403);
    expect((await request(t.app).get("/api/athletes")).status).toBe(401);
  });

  it("the spec's profile endpoint edits the first athlete too", async () => {
    const player = await createPerson(t);
    const res = await request(t.app)
      .patch("/api/users/profile")
      .set("Cookie", player.cookie)
      .send({ firstName: "Riley", position: "Defense", birthday: "1990-05-05" });
    expect(res.status).toBe(200);
    const [first] = (await get(t, "/api/athletes", player.cookie)).body as { firstName: string; position: string; isMinor: boolean }[];
    expect(first).toMatchObject({ firstName: "Riley", position: "Defense", birthday: "1990-05-05", isMinor: false, ageGroup: null });
  });

  it("siblings book one group slot as two seats; the same athlete twice is refused; another family's athlete is 404", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4 });
    const parent = await createPerson(t);
    const mia = await addAthlete(t, parent.cookie, CHILD);
    const leo = await addAthlete(t, parent.cookie, SIBLING);
    const one = await bookFor(t, parent, coach, slot.id, mia.id, true);
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ athleteId: mia.id, athlete: { firstName: "Mia", position: "Attack" } });
    const two = await bookFor(t, parent, coach, slot.id, leo.id, true);
    expect(two.status).toBe(201);
    expect((await bookFor(t, parent, coach, slot.id, mia.id, true)).status).toBe(409);

    const stranger = await createPerson(t);
    expect((await bookFor(t, stranger, coach, slot.id, mia.id, true)).status).toBe(404);

    // The coach sees each athlete's name, age and position; contact details of guardians only once paid.
    const coachView = await get(t, `/api/bookings/${one.body.id}`, coach.cookie);
    expect(coachView.body.athlete).toMatchObject({ firstName: "Mia", position: "Attack", isMinor: true });
    expect(typeof coachView.body.athlete.age).toBe("number");
    expect(coachView.body.guardians).toBeUndefined();

    // One checkout pays both seats.
    const intent = await post(t, "/api/create-payment-intent", parent.cookie, { bookingIds: [one.body.id, two.body.id] });
    expect(intent.status).toBe(200);
    expect(intent.body.bookingIds).toEqual([one.body.id, two.body.id]);
    const both = Number(one.body.totalAmount) + Number(two.body.totalAmount);
    expect(Number(intent.body.totalAmount)).toBeCloseTo(both, 2);
    const paid = await post(t, "/api/payments/simulated/confirm", parent.cookie, {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body).toEqual({ status: "succeeded" });
    for (const id of [one.body.id, two.body.id]) {
      expect((await get(t, `/api/bookings/${id}`, parent.cookie)).body).toMatchObject({ status: "confirmed", paymentStatus: "completed" });
    }
    const paidView = await get(t, `/api/bookings/${two.body.id}`, coach.cookie);
    expect(paidView.body.athlete).toMatchObject({ firstName: "Leo", position: "Goalie" });
    expect(paidView.body.guardians).toEqual([expect.objectContaining({ email: parent.email })]);

    // The athlete has an upcoming session: they cannot be removed.
    const blocked = await del(t, `/api/athletes/${mia.id}`, parent.cookie);
    expect(blocked.status).toBe(409);
    // The athlete's page lists their own sessions only.
    const sessions = await get(t, `/api/athletes/${leo.id}/sessions`, parent.cookie);
    expect(sessions.body.map((b: { id: number }) => b.id)).toEqual([two.body.id]);
  });

  it("a second guardian is invited by e-mail, accepts with that verified address, then sees, pays for and cancels the family's bookings", async () => {
    const coach = await createBookableCoach(t);
    const holder = await verified(t, await createPerson(t, "player", { firstName: "Alex" }));
    const mia = await addAthlete(t, holder.cookie);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    const booking = await bookFor(t, holder, coach, slot.id, mia.id);
    expect(booking.status).toBe(201);

    const invitee = await verified(t, await createPerson(t, "player", { firstName: "Jordan" }));
    const wrong = await verified(t, await createPerson(t));
    const invited = await post(t, "/api/family/guardians", holder.cookie, { email: invitee.email });
    expect(invited.status).toBe(201);
    const token = invitationToken(t, invitee.email);
    expect(t.outbox().at(-1)?.body).toContain(`/family/invitations/${token}`);

    expect((await post(t, `/api/family/invitations/${token}/accept`, wrong.cookie, {})).status).toBe(403);
    expect((await post(t, "/api/family/invitations/not-a-real-token-at-all/accept", invitee.cookie, {})).status).toBe(404);
    const accepted = await post(t, `/api/family/invitations/${token}/accept`, invitee.cookie, {});
    expect(accepted.status).toBe(200);
    expect((await post(t, `/api/family/invitations/${token}/accept`, invitee.cookie, {})).status).toBe(410);

    const guardians = await get(t, "/api/family/guardians", invitee.cookie);
    expect(guardians.body.map((g: { userId: number }) => g.userId)).toEqual([holder.userId, invitee.userId]);
    // Both see the family's athletes and bookings.
    expect((await get(t, "/api/athletes", invitee.cookie)).body.map((a: { id: number }) => a.id)).toContain(mia.id);
    const list = await get(t, "/api/bookings/student", invitee.cookie);
    expect(list.body.map((b: { id: number }) => b.id)).toContain(booking.body.id);
    expect((await get(t, `/api/bookings/${booking.body.id}`, invitee.cookie)).status).toBe(200);

    // The second guardian pays the holder's booking.
    const intent = await post(t, "/api/create-payment-intent", invitee.cookie, { bookingId: booking.body.id });
    expect(intent.status).toBe(200);
    const paid = await post(t, "/api/payments/simulated/confirm", invitee.cookie, {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body.status).toBe("succeeded");
    // Both guardians were told.
    const confirmations = t.outbox().filter((m) => m.channel === "email" && /confirmed/i.test(m.headers.Subject ?? ""));
    expect(confirmations.map((m) => m.recipient)).toEqual(expect.arrayContaining([holder.email, invitee.email]));

    // Someone outside the family sees nothing.
    expect((await get(t, `/api/bookings/${booking.body.id}`, wrong.cookie)).status).toBe(404);
    expect((await del(t, `/api/bookings/${booking.body.id}`, wrong.cookie)).status).toBe(404);

    // The owner (the first guardian) removes the other, is never removed, and is never the last one to go;
    // another family's guardian is 404 (DESIGN.md 12).
    expect((await del(t, `/api/family/guardians/${wrong.userId}`, holder.cookie)).status).toBe(404);
    expect((await del(t, `/api/family/guardians/${holder.userId}`, invitee.cookie)).status).toBe(409);
    expect((await del(t, `/api/family/guardians/${invitee.userId}`, holder.cookie)).status).toBe(200);
    expect((await del(t, `/api/family/guardians/${holder.userId}`, holder.cookie)).status).toBe(409);
    expect((await get(t, `/api/bookings/${booking.body.id}`, invitee.cookie)).status).toBe(404);
  });

  it("an invitee's own athletes without history do not move into the family (DESIGN.md 12): their empty profiles go", async () => {
    const holder = await verified(t, await createPerson(t));
    const invitee = await verified(t, await createPerson(t));
    const theirs = await addAthlete(t, invitee.cookie, SIBLING);
    await post(t, "/api/family/guardians", holder.cookie, { email: invitee.email });
    expect((await post(t, `/api/family/invitations/${invitationToken(t, invitee.email)}/accept`, invitee.cookie, {})).status).toBe(200);
    expect((await get(t, "/api/athletes", holder.cookie)).body.map((a: { id: number }) => a.id)).not.toContain(theirs.id);
    expect((await get(t, `/api/athletes/${theirs.id}`, invitee.cookie)).status).toBe(404);
  });

  it("an unverified address cannot accept; another family's invitation ids are 404", async () => {
    const holder = await verified(t, await createPerson(t));
    const invitee = await createPerson(t);
    await post(t, "/api/family/guardians", holder.cookie, { email: invitee.email });
    const token = invitationToken(t, invitee.email);
    expect((await post(t, `/api/family/invitations/${token}/accept`, invitee.cookie, {})).status).toBe(403);
    const pending = (await get(t, "/api/family/invitations", holder.cookie)).body as { id: number }[];
    expect(pending).toHaveLength(1);
    const other = await createPerson(t);
    expect((await del(t, `/api/family/invitations/${pending[0]!.id}`, other.cookie)).status).toBe(404);
    expect((await del(t, `/api/family/invitations/${pending[0]!.id}`, holder.cookie)).status).toBe(200);
    expect((await post(t, `/api/family/invitations/${token}/accept`, invitee.cookie, {})).status).toBe(404);
  });

  it("two guardians cancelling one booking at once: one wins, the other hears 409", async () => {
    const coach = await createBookableCoach(t);
    const holder = await createPerson(t);
    const second = await joinAsGuardian(t, holder);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 96 });
    const booking = await bookFor(t, holder, coach, slot.id);
    expect(booking.status).toBe(201);
    const answers = await Promise.all([
      del(t, `/api/bookings/${booking.body.id}`, holder.cookie),
      del(t, `/api/bookings/${booking.body.id}`, second.cookie),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("two guardians paying one booking: the second is told it is already paid (409)", async () => {
    const coach = await createBookableCoach(t);
    const holder = await createPerson(t);
    const second = await joinAsGuardian(t, holder);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 100 });
    const booking = await bookFor(t, holder, coach, slot.id);
    const [a, b] = await Promise.all([
      post(t, "/api/create-payment-intent", holder.cookie, { bookingId: booking.body.id }),
      post(t, "/api/create-payment-intent", second.cookie, { bookingId: booking.body.id }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const first = await post(t, "/api/payments/simulated/confirm", holder.cookie, {
      paymentIntentId: a.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(first.body.status).toBe("succeeded");
    const again = await post(t, "/api/create-payment-intent", second.cookie, { bookingId: booking.body.id });
    expect(again.status).toBe(409);
  });

  it("requests and waitlists name the athlete; another family's athlete is 404", async () => {
    const coach = await createBookableCoach(t);
    const parent = await createPerson(t);
    const mia = await addAthlete(t, parent.cookie);
    const day = new Date(t.deps.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const body = { coachId: coach.coachId, requestedDate: day, requestedStartTime: "10:00", sessionType: "individual", duration: 60 };
    const asked = await post(t, "/api/session-requests", parent.cookie, { ...body, athleteId: mia.id });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ athleteId: mia.id, athlete: { firstName: "Mia" } });
    const stranger = await createPerson(t);
    expect((await post(t, "/api/session-requests", stranger.cookie, { ...body, athleteId: mia.id })).status).toBe(404);
    const coachList = await get(t, `/api/session-requests/coach/${coach.coachId}`, coach.cookie);
    expect(coachList.body.find((r: { id: number }) => r.id === asked.body.id)?.athlete).toMatchObject({
      firstName: "Mia",
      position: "Attack",
    });

    const full = await createSlot(t, coach.coachId, { isGroup: true, capacity: 2, hoursFromNow: 120 });
    const leo = await addAthlete(t, parent.cookie, SIBLING);
    expect((await bookFor(t, parent, coach, full.id, mia.id, true)).status).toBe(201);
    expect((await bookFor(t, parent, coach, full.id, leo.id, true)).status).toBe(201);
    const other = await createPerson(t);
    const otherKid = await addAthlete(t, other.cookie);
    const joined = await post(t, `/api/time-slots/${full.id}/waitlist`, other.cookie, { athleteId: otherKid.id });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ athleteId: otherKid.id, athleteName: "Mia Parker" });
    expect((await post(t, `/api/time-slots/${full.id}/waitlist`, other.cookie, { athleteId: mia.id })).status).toBe(404);
  });
});
