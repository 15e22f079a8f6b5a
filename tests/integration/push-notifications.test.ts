import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { familyGuardians, pushSubscriptions } from "@server/db/schema/index";
import { instantToLocal } from "@server/features/slots/slot-time";
import { createBookableCoach, createPerson, get, post, type Person } from "@tests/factories/bookings";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { startPushStandIn, type StandInSubscription } from "@tests/support/push-stand-in";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * DESIGN 12 "In the pocket": browsers subscribe to web push; new messages, bookings confirmed and
 * cancelled, requests and reminders reach them through the outbox, encrypted per RFC 8291 and
 * signed with VAPID, as each user's notification preferences allow. The push service is a local
 * stand-in that checks the VAPID token and decrypts with the subscription's private key.
 */
let t: TestApp;
let push: Awaited<ReturnType<typeof startPushStandIn>>;

beforeAll(async () => {
  push = await startPushStandIn();
  t = await startTestApp();
}, 180_000);

afterAll(async () => {
  await t?.close();
  await push?.close();
});

const subscribe = (person: Person, body: unknown) => post(t, "/api/push/subscriptions", person.cookie, body);
const unsubscribe = (person: Person, endpoint: string) =>
  request(t.app).delete("/api/push/subscriptions").set("Cookie", person.cookie).send({ endpoint });
const putPreferences = (person: Person, body: unknown) =>
  request(t.app)
    .put("/api/notification-preferences")
    .set("Cookie", person.cookie)
    .send(body as object);

async function subscribed(person: Person): Promise<StandInSubscription> {
  const sub = push.subscription();
  const res = await subscribe(person, { endpoint: sub.endpoint, keys: sub.keys });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return sub;
}

const endpointsOf = async (userId: number) =>
  (await t.deps.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((r) => r.endpoint);

const advance = async (minutes: number) =>
  expect((await request(t.app).post("/api/test/clock").send({ advanceMinutes: minutes })).status).toBe(200);

describe("the push routes", () => {
  it("gives the VAPID public key: an uncompressed P-256 point, base64url", async () => {
    const res = await request(t.app).get("/api/push/public-key");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    const key = Buffer.from(res.body.publicKey as string, "base64url");
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });

  it("asks who is signed in", async () => {
    const sub = push.subscription();
    expect((await request(t.app).post("/api/push/subscriptions").send({ endpoint: sub.endpoint, keys: sub.keys })).status).toBe(401);
    expect((await request(t.app).get("/api/notification-preferences")).status).toBe(401);
  });

  it("refuses a bad subscription with a message and keeps nothing", async () => {
    const person = await createPerson(t);
    const sub = push.subscription();
    const cases: Array<[unknown, string]> = [
      [{ keys: sub.keys }, "endpoint is required"],
      [{ endpoint: "not a url", keys: sub.keys }, "endpoint must be an https URL"],
      [{ endpoint: "http://push.example.com/abc", keys: sub.keys }, "endpoint must be an https URL"],
      [{ endpoint: "ftp://127.0.0.1/abc", keys: sub.keys }, "endpoint must be an https URL"],
      [{ endpoint: sub.endpoint }, "keys.p256dh and keys.auth are required"],
      [{ endpoint: sub.endpoint, keys: { p256dh: "abc", auth: sub.keys.auth } }, "keys.p256dh must be a base64url P-256 public key"],
      [{ endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: "short" } }, "keys.auth must be a base64url 16-byte secret"],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(person, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await endpointsOf(person.userId)).toEqual([]);
  });

  it("takes an https endpoint and a loopback one while the test clock is on (201), and deletes the user's own (204)", async () => {
    const person = await createPerson(t);
    const local = push.subscription();
    const https = { endpoint: "https://fcm.googleapis.com/fcm/send/abc123", keys: push.subscription().keys };
    expect((await subscribe(person, https)).status).toBe(201);
    expect((await subscribe(person, { endpoint: local.endpoint, keys: local.keys })).status).toBe(201);
    // Subscribing again (new keys after the browser renewed them) is not a second row.
    expect((await subscribe(person, { ...https, keys: push.subscription().keys })).status).toBe(201);
    expect((await endpointsOf(person.userId)).sort()).toEqual([https.endpoint, local.endpoint].sort());

    const deleted = await unsubscribe(person, https.endpoint);
    expect(deleted.status).toBe(204);
    expect(await endpointsOf(person.userId)).toEqual([local.endpoint]);
    expect((await unsubscribe(person, https.endpoint)).status).toBe(404);
  });

  it("leaves another user's subscription alone: deleting it answers 404, subscribing it answers 409", async () => {
    const owner = await createPerson(t);
    const other = await createPerson(t);
    const sub = await subscribed(owner);
    const del = await unsubscribe(other, sub.endpoint);
    expect(del.status).toBe(404);
    expect(del.body.message).toBe("Subscription not found");
    const taken = await subscribe(other, { endpoint: sub.endpoint, keys: push.subscription().keys });
    expect(taken.status).toBe(409);
    expect(await endpointsOf(owner.userId)).toEqual([sub.endpoint]);
    expect(await endpointsOf(other.userId)).toEqual([]);
  });
});

describe("notification preferences", () => {
  it("start as today's behaviour plus push, and keep what is changed", async () => {
    const person = await createPerson(t);
    const all = { email: true, sms: true, push: true };
    expect((await get(t, "/api/notification-preferences", person.cookie)).body).toEqual({
      message: all,
      booking: all,
      request: all,
      reminder: all,
    });
    const res = await putPreferences(person, { booking: { push: false }, reminder: { email: false, sms: false } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: all,
      booking: { email: true, sms: true, push: false },
      request: all,
      reminder: { email: false, sms: false, push: true },
    });
    expect((await get(t, "/api/notification-preferences", person.cookie)).body).toEqual(res.body);
  });

  it("refuses an unknown kind or a switch that is not true or false", async () => {
    const person = await createPerson(t);
    expect((await putPreferences(person, { newsletter: { email: false } })).status).toBe(400);
    const bad = await putPreferences(person, { message: { email: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("email must be true or false");
    expect((await get(t, "/api/notification-preferences", person.cookie)).body.message).toEqual({ email: true, sms: true, push: true });
  });
});

describe("pushes through the outbox", () => {
  it("a confirmed booking reaches both sides' devices, signed and encrypted, opening the right page", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const coachDevice = await subscribed(coach);
    const studentDevice = await subscribed(student);
    await createPaidBooking(t, { coach, student });
    await t.deps.outbox.drain(10_000);

    const toStudent = push.payloadsFor(studentDevice.endpoint);
    expect(toStudent).toHaveLength(1);
    expect(toStudent[0]).toMatchObject({ title: "Booking confirmed", url: "/my-bookings" });
    expect(toStudent[0]!.body).toContain("Casey Coach");
    const toCoach = push.payloadsFor(coachDevice.endpoint);
    expect(toCoach).toHaveLength(1);
    expect(toCoach[0]).toMatchObject({ title: "New booking", url: "/coach-dashboard" });

    const publicKey = (await request(t.app).get("/api/push/public-key")).body.publicKey as string;
    const mine = push.received.filter((r) => [coachDevice.endpoint, studentDevice.endpoint].some((e) => e.endsWith(r.path)));
    expect(mine.every((r) => r.vapidValid && r.vapidKey === publicKey && r.ttl !== undefined)).toBe(true);
  }, 60_000);

  it("a new message reaches the other side within a minute, then not again within 15 minutes", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t, "player", { firstName: "Dana" });
    const coachDevice = await subscribed(coach);
    const opened = await post(t, "/api/conversations", family.cookie, { coachId: coach.coachId });
    expect([200, 201]).toContain(opened.status);
    const conversationId = opened.body.id as number;
    expect(
      (await post(t, `/api/conversations/${conversationId}/messages`, family.cookie, { body: "Can we move Tuesday to 5?" })).status,
    ).toBe(201);
    await advance(2);
    await t.deps.outbox.drain(10_000);
    const pushes = push.payloadsFor(coachDevice.endpoint);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.title).toMatch(/^New message from /);
    expect(pushes[0]!.body).toBe("Can we move Tuesday to 5?");
    expect(pushes[0]!.url).toBe(`/messages/${conversationId}`);

    expect((await post(t, `/api/conversations/${conversationId}/messages`, family.cookie, { body: "Or Wednesday?" })).status).toBe(201);
    await advance(2);
    await t.deps.outbox.drain(10_000);
    expect(push.payloadsFor(coachDevice.endpoint)).toHaveLength(1);
  }, 60_000);

  it("a booking cancelled by the family reaches the coach's devices; cancelled by the coach, the family's", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const coachDevice = await subscribed(coach);
    const studentDevice = await subscribed(student);
    const first = await createPaidBooking(t, { coach, student, hoursFromNow: 72 });
    const second = await createPaidBooking(t, { coach, student, hoursFromNow: 96 });
    await t.deps.outbox.drain(10_000);
    const seen = { coach: push.payloadsFor(coachDevice.endpoint).length, student: push.payloadsFor(studentDevice.endpoint).length };

    const own = await request(t.app).delete(`/api/bookings/${first.bookingId}`).set("Cookie", student.cookie);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    await t.deps.outbox.drain(10_000);
    const toCoach = push.payloadsFor(coachDevice.endpoint).slice(seen.coach);
    expect(toCoach).toEqual([expect.objectContaining({ title: "Booking cancelled", url: "/coach-dashboard" })]);

    const byCoach = await post(t, `/api/bookings/${second.bookingId}/cancel`, coach.cookie, { reason: "Field closed" });
    expect(byCoach.status, JSON.stringify(byCoach.body)).toBe(200);
    await t.deps.outbox.drain(10_000);
    const toStudent = push.payloadsFor(studentDevice.endpoint).slice(seen.student);
    expect(toStudent.map((p) => p.title)).toEqual(["Booking cancelled", "Session cancelled"]);
    expect(toStudent[1]!.url).toBe("/my-bookings");
    expect(toStudent[1]!.body).toContain("Field closed");
  }, 60_000);

  it("a session request reaches the coach's devices, opening the dashboard", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const coachDevice = await subscribed(coach);
    const at = new Date(Math.ceil(t.deps.clock.now().getTime() / (15 * 60_000)) * 15 * 60_000 + 48 * 3_600_000);
    const local = instantToLocal(at, "America/New_York");
    const res = await post(t, "/api/session-requests", student.cookie, {
      coachId: coach.coachId,
      requestedDate: local.date,
      requestedStartTime: local.time,
      sessionType: "individual",
      duration: 60,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await t.deps.outbox.drain(10_000);
    const pushes = push.payloadsFor(coachDevice.endpoint);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.title).toMatch(/^New session request from Pat Player/);
    expect(pushes[0]!.url).toBe("/coach-dashboard");
  }, 60_000);

  it("a subscription the push service answers 410 for is removed", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const gone = await subscribed(student);
    push.answer(gone.endpoint, 410);
    await createPaidBooking(t, { coach, student });
    await t.deps.outbox.drain(10_000);
    expect(push.received.some((r) => gone.endpoint.endsWith(r.path))).toBe(true);
    expect(await endpointsOf(student.userId)).toEqual([]);
  }, 60_000);

  it("preferences stop it: booking push and e-mail off for the family, the coach still hears", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t);
    const coachDevice = await subscribed(coach);
    const studentDevice = await subscribed(student);
    expect((await putPreferences(student, { booking: { push: false, email: false } })).status).toBe(200);
    await createPaidBooking(t, { coach, student });
    await t.deps.outbox.drain(10_000);

    expect(push.payloadsFor(studentDevice.endpoint)).toEqual([]);
    expect(push.payloadsFor(coachDevice.endpoint)).toHaveLength(1);
    const confirmations = t.outbox().filter((m) => m.channel === "email" && m.headers.Subject?.startsWith("Booking confirmed"));
    expect(confirmations.some((m) => m.recipient === student.email)).toBe(false);
    expect(t.outbox().some((m) => m.recipient === coach.email && m.headers.Subject?.startsWith("New booking"))).toBe(true);
  }, 60_000);

  it("message pushes off: the e-mail still goes", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const coachDevice = await subscribed(coach);
    expect((await putPreferences(coach, { message: { push: false } })).status).toBe(200);
    const opened = await post(t, "/api/conversations", family.cookie, { coachId: coach.coachId });
    const conversationId = opened.body.id as number;
    expect((await post(t, `/api/conversations/${conversationId}/messages`, family.cookie, { body: "Hello coach" })).status).toBe(201);
    await advance(2);
    await t.deps.outbox.drain(10_000);
    expect(push.payloadsFor(coachDevice.endpoint)).toEqual([]);
    expect(t.outbox().some((m) => m.recipient === coach.email && m.headers.Subject?.startsWith("New message"))).toBe(true);
  }, 60_000);
});

describe("the schedule kept for the field", () => {
  it("holds the next 14 days of confirmed sessions with place, notes and the other side, for each side only", async () => {
    const coach = await createBookableCoach(t);
    const student = await createPerson(t, "player", { firstName: "Robin" });
    const soon = await createPaidBooking(t, { coach, student, hoursFromNow: 30 });
    await createPaidBooking(t, { coach, student, hoursFromNow: 24 * 15 });
    const stranger = await createPerson(t);

    const before = t.deps.clock.now().getTime();
    const mine = await get(t, "/api/schedule", student.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers["cache-control"]).toContain("no-store");
    const savedAt = new Date(mine.body.savedAt as string).getTime();
    expect(savedAt).toBeGreaterThanOrEqual(before);
    expect(savedAt).toBeLessThanOrEqual(t.deps.clock.now().getTime());
    expect(mine.body.sessions).toHaveLength(1);
    expect(mine.body.sessions[0]).toMatchObject({
      bookingId: soon.bookingId,
      startsAt: soon.slot.startsAt.toISOString(),
      timeZone: "America/New_York",
      locationName: "Memorial Field",
      otherSide: { role: "coach", name: "Casey Coach" },
    });
    const theirs = await get(t, "/api/schedule", coach.cookie);
    expect(theirs.body.sessions.map((s: { bookingId: number }) => s.bookingId)).toEqual([soon.bookingId]);
    expect(theirs.body.sessions[0].otherSide).toEqual({ role: "family", name: "Robin Player", phone: "4105551234" });
    expect((await get(t, "/api/schedule", stranger.cookie)).body.sessions).toEqual([]);
    expect((await request(t.app).get("/api/schedule")).status).toBe(401);

    // A second guardian of the family holds the athlete's session too, though another booked it.
    const [own] = await t.deps.database.db.select().from(familyGuardians).where(eq(familyGuardians.userId, student.userId));
    const partner = await createPerson(t, "player", { firstName: "Jordan" });
    await t.deps.database.db.insert(familyGuardians).values({ familyId: own!.familyId, userId: partner.userId });
    const ours = await get(t, "/api/schedule", partner.cookie);
    expect(ours.body.sessions.map((s: { bookingId: number }) => s.bookingId)).toEqual([soon.bookingId]);
  }, 60_000);
});

describe("with the test clock off", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await startTestApp({ ENABLE_TEST_CLOCK: "false" });
  }, 180_000);
  afterAll(async () => prod?.close());

  it("a loopback http endpoint is refused: push services are https", async () => {
    const person = await createPerson(prod);
    const sub = push.subscription();
    const res = await post(prod, "/api/push/subscriptions", person.cookie, { endpoint: sub.endpoint, keys: sub.keys });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("endpoint must be an https URL");
  });
});
