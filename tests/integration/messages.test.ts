import { advanceClock } from "@tests/factories/basics";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  CONVERSATIONS_PAGE_SIZE,
  MAX_MESSAGES_PER_HOUR,
  MAX_NEW_CONVERSATIONS_PER_DAY,
  MESSAGES_PAGE_SIZE,
  MessageMessages,
} from "@contract/message-basics";
import { familyIdOfUser } from "@server/db/families";
import { familyGuardians, users } from "@server/db/schema/index";
import {
  bookSlot,
  createBookableCoach,
  createPerson,
  createSlot,
  get,
  post,
  type BookableCoach,
  type Person,
} from "@tests/factories/bookings";
import { listenWithCalendar, openCalendarSocket, type CalendarServer } from "@tests/factories/slot-helpers";
import { startTestApp, type TestApp } from "@tests/support/test-app";

let t: TestApp;
let server: CalendarServer;
// The limit tests send 60 messages and open 21 conversations: give them room on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

// A fresh database with every migration: slow on a busy machine.
beforeAll(async () => {
  t = await startTestApp();
  server = await listenWithCalendar(t.app, t.deps);
}, 180_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
});

const advance = (minutes: number) => advanceClock(t, minutes);

async function openAsFamily(family: Person, coach: BookableCoach) {
  const res = await post(t, "/api/conversations", family.cookie, { coachId: coach.coachId });
  expect([200, 201]).toContain(res.status);
  return res.body as { id: number; unreadCount: number; coachId: number; familyId: number };
}

async function send(person: Person, conversationId: number, body: string) {
  const res = await post(t, `/api/conversations/${conversationId}/messages`, person.cookie, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; conversationId: number; senderId: number; body: string; createdAt: string };
}

const mailsTo = (email: string) =>
  t.outbox().filter((m) => m.channel === "email" && m.recipient === email && m.headers.Subject?.startsWith("New message"));

describe("opening a conversation", () => {
  it("a family opens one with any coach; opening it again answers the same conversation", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const first = await post(t, "/api/conversations", family.cookie, { coachId: coach.coachId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      coachId: coach.coachId,
      coachUserId: coach.userId,
      coachName: "Casey Coach",
      familyId: await familyIdOfUser(t.deps.database.db, family.userId),
      guardianIds: [family.userId],
      title: "Casey Coach",
      lastMessage: null,
      unreadCount: 0,
    });
    expect(first.body.athletes).toHaveLength(1);
    const again = await post(t, "/api/conversations", family.cookie, { coachId: coach.coachId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // The coach sees it as the same conversation, titled with the family.
    const coachList = await get(t, "/api/conversations", coach.cookie);
    expect(coachList.body.map((c: { id: number }) => c.id)).toEqual([first.body.id]);
    expect(coachList.body[0].title).toBe("Pat Player");
  });

  it("names the coach to message, and an unknown coach is 404", async () => {
    const family = await createPerson(t);
    const missing = await post(t, "/api/conversations", family.cookie, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MessageMessages.COACH_REQUIRED);
    expect((await post(t, "/api/conversations", family.cookie, { coachId: "x" })).status).toBe(400);
    const unknown = await post(t, "/api/conversations", family.cookie, { coachId: 999_999 });
    expect(unknown.status).toBe(404);
    expect((await request(t.app).post("/api/conversations").send({ coachId: 1 })).status).toBe(401);
  });

  it("a coach may open one only with a family that booked or asked them (403 otherwise), through any guardian", async () => {
    const coach = await createBookableCoach(t);
    const stranger = await createPerson(t);
    const refused = await post(t, "/api/conversations", coach.cookie, { userId: stranger.userId });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MessageMessages.COACH_NEEDS_BOOKING);
    expect((await post(t, "/api/conversations", coach.cookie, {})).body.message).toBe(MessageMessages.FAMILY_REQUIRED);
    // Another coach's user id, or nobody, names no family.
    const otherCoach = await createBookableCoach(t);
    expect((await post(t, "/api/conversations", coach.cookie, { userId: otherCoach.userId })).status).toBe(404);
    expect((await post(t, "/api/conversations", coach.cookie, { userId: 999_999 })).status).toBe(404);

    // A family that asked for a session (whatever came of it) may be messaged.
    const asker = await createPerson(t);
    const startsAt = new Date(t.deps.clock.now().getTime() + 72 * 3_600_000);
    startsAt.setUTCMinutes(0, 0, 0);
    const asked = await post(t, "/api/session-requests", asker.cookie, {
      coachId: coach.coachId,
      requestedDate: startsAt.toISOString().slice(0, 10),
      requestedStartTime: "15:00",
      duration: 60,
      sessionType: "individual",
      message: "Hello",
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const opened = await post(t, "/api/conversations", coach.cookie, { userId: asker.userId });
    expect(opened.status).toBe(201);
    expect(opened.body.title).toBe("Pat Player");

    // A family that booked, reached through its second guardian: the same conversation for both.
    const booker = await createPerson(t);
    const slot = await createSlot(t, coach.coachId);
    await bookSlot(t, booker, coach, slot.id);
    const second = await addGuardian(booker);
    const viaSecond = await post(t, "/api/conversations", coach.cookie, { userId: second.userId });
    expect(viaSecond.status).toBe(201);
    const viaFirst = await post(t, "/api/conversations", coach.cookie, { userId: booker.userId });
    expect(viaFirst.status).toBe(200);
    expect(viaFirst.body.id).toBe(viaSecond.body.id);
    // Opened by the coach, it is the family's too.
    expect((await post(t, "/api/conversations", booker.cookie, { coachId: coach.coachId })).body.id).toBe(viaSecond.body.id);
  });

  it("an admin opens no conversation of their own", async () => {
    const admin = await createPerson(t, "admin");
    const coach = await createBookableCoach(t);
    expect((await post(t, "/api/conversations", admin.cookie, { coachId: coach.coachId })).status).toBe(403);
    expect((await get(t, "/api/conversations", admin.cookie)).body).toEqual([]);
  });

  it(`a family starts at most ${MAX_NEW_CONVERSATIONS_PER_DAY} new conversations a day (429), reopening one is free`, async () => {
    const family = await createPerson(t);
    const coaches: BookableCoach[] = [];
    for (let i = 0; i <= MAX_NEW_CONVERSATIONS_PER_DAY; i++) coaches.push(await createBookableCoach(t));
    for (const coach of coaches.slice(0, MAX_NEW_CONVERSATIONS_PER_DAY)) {
      expect((await post(t, "/api/conversations", family.cookie, { coachId: coach.coachId })).status).toBe(201);
    }
    const refused = await post(t, "/api/conversations", family.cookie, { coachId: coaches.at(-1)!.coachId });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MessageMessages.TOO_MANY_CONVERSATIONS);
    expect((await post(t, "/api/conversations", family.cookie, { coachId: coaches[0]!.coachId })).status).toBe(200);

    // The list pages latest first.
    const page1 = await get(t, "/api/conversations", family.cookie);
    expect(page1.body).toHaveLength(MAX_NEW_CONVERSATIONS_PER_DAY);
    expect(page1.body[0].coachId).toBe(coaches[MAX_NEW_CONVERSATIONS_PER_DAY - 1]!.coachId);
    expect(page1.headers["x-next-cursor"]).toBeUndefined();

    await advance(24 * 60 + 1);
    expect((await post(t, "/api/conversations", family.cookie, { coachId: coaches.at(-1)!.coachId })).status).toBe(201);
  });
});

describe("sending and reading", () => {
  it("a message is answered as {id, conversationId, senderId, body, createdAt}; the body is 1-2000 characters", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const conversation = await openAsFamily(family, coach);
    const sent = await post(t, `/api/conversations/${conversation.id}/messages`, family.cookie, { body: "  Hi coach!\nSecond line  " });
    expect(sent.status).toBe(201);
    expect(Object.keys(sent.body).sort()).toEqual(["body", "conversationId", "createdAt", "id", "senderId"]);
    expect(sent.body).toMatchObject({ conversationId: conversation.id, senderId: family.userId, body: "Hi coach!\nSecond line" });
    expect(new Date(sent.body.createdAt).toISOString()).toBe(sent.body.createdAt);

    for (const body of ["", "   ", undefined, 42]) {
      const res = await post(t, `/api/conversations/${conversation.id}/messages`, family.cookie, { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MessageMessages.BODY_REQUIRED);
    }
    const tooLong = await post(t, `/api/conversations/${conversation.id}/messages`, family.cookie, { body: "x".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(MessageMessages.BODY_TOO_LONG);
    expect((await post(t, `/api/conversations/${conversation.id}/messages`, family.cookie, { body: "x".repeat(2000) })).status).toBe(201);
    expect((await post(t, `/api/conversations/${conversation.id}/messages`, family.cookie, { body: "🥍".repeat(2000) })).status).toBe(201);
    expect((await post(t, `/api/conversations/${conversation.id}/messages`, family.cookie, { body: "bell\u0007" })).status).toBe(400);
  });

  it("links and markup are kept as plain text", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const conversation = await openAsFamily(family, coach);
    const body = `<script>alert(1)</script> see https://example.com/?a=1&b=<b>`;
    await send(family, conversation.id, body);
    const listed = await get(t, `/api/conversations/${conversation.id}/messages`, coach.cookie);
    expect(listed.body[0].body).toBe(body);
  });

  it("unread counts are per user, never count one's own messages, and reading clears them", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const conversation = await openAsFamily(family, coach);
    await send(family, conversation.id, "one");
    await send(family, conversation.id, "two");
    const coachList = await get(t, "/api/conversations", coach.cookie);
    expect(coachList.body[0]).toMatchObject({ id: conversation.id, unreadCount: 2, lastMessage: { body: "two", senderId: family.userId } });
    expect((await get(t, "/api/conversations/unread", coach.cookie)).body).toEqual({ unreadCount: 2, conversations: 1 });
    expect((await get(t, "/api/conversations", family.cookie)).body[0].unreadCount).toBe(0);

    const read = await post(t, `/api/conversations/${conversation.id}/read`, coach.cookie, {});
    expect(read.status).toBe(200);
    expect((await get(t, "/api/conversations", coach.cookie)).body[0].unreadCount).toBe(0);
    await send(coach, conversation.id, "reply");
    expect((await get(t, "/api/conversations", family.cookie)).body[0].unreadCount).toBe(1);
    expect((await get(t, "/api/conversations", coach.cookie)).body[0].unreadCount).toBe(0);
  });

  it("a conversation pages back through its history, newest first, with X-Next-Cursor", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const conversation = await openAsFamily(family, coach);
    const total = MESSAGES_PAGE_SIZE + 5;
    // Written straight in (the hourly limit is tested on its own).
    for (let i = 1; i <= total; i++) {
      await t.deps.database.db.execute(
        sql`insert into messages (conversation_id, sender_id, body, created_at) values (${conversation.id}, ${i % 2 ? family.userId : coach.userId}, ${`message ${i}`}, now())`,
      );
    }
    const first = await get(t, `/api/conversations/${conversation.id}/messages`, family.cookie);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(first.body[0]).toMatchObject({ body: `message ${total}`, senderName: "Pat Player", fromCoach: false });
    expect(first.body[1]).toMatchObject({ body: `message ${total - 1}`, senderName: "Casey Coach", fromCoach: true });
    const cursor = first.headers["x-next-cursor"];
    expect(cursor).toMatch(/^\d+$/);
    const second = await get(t, `/api/conversations/${conversation.id}/messages?cursor=${cursor}`, family.cookie);
    expect(second.body.map((m: { body: string }) => m.body)).toEqual([5, 4, 3, 2, 1].map((i) => `message ${i}`));
    expect(second.headers["x-next-cursor"]).toBeUndefined();
    expect((await get(t, `/api/conversations/${conversation.id}/messages?cursor=abc`, family.cookie)).status).toBe(400);
  });

  it("the conversation list pages latest first with X-Next-Cursor, the latest message bringing a conversation to the top", async () => {
    const coach = await createBookableCoach(t);
    const families: Person[] = [];
    for (let i = 0; i < CONVERSATIONS_PAGE_SIZE + 2; i++) {
      const family = await createPerson(t);
      await openAsFamily(family, coach);
      families.push(family);
    }
    const oldest = (await get(t, "/api/conversations", families[0]!.cookie)).body[0];
    await send(families[0]!, oldest.id, "bump");
    const first = await get(t, "/api/conversations", coach.cookie);
    expect(first.body).toHaveLength(CONVERSATIONS_PAGE_SIZE);
    expect(first.body[0].id).toBe(oldest.id);
    const second = await get(t, `/api/conversations?cursor=${first.headers["x-next-cursor"]}`, coach.cookie);
    expect(second.body).toHaveLength(2);
    const ids = [...first.body, ...second.body].map((c: { id: number }) => c.id);
    expect(new Set(ids).size).toBe(CONVERSATIONS_PAGE_SIZE + 2);
  });

  it(`a user sends at most ${MAX_MESSAGES_PER_HOUR} messages an hour (429 with a clear message)`, async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const conversation = await openAsFamily(family, coach);
    for (let i = 0; i < MAX_MESSAGES_PER_HOUR; i++) await send(family, conversation.id, `m${i}`);
    const refused = await post(t, `/api/conversations/${conversation.id}/messages`, family.cookie, { body: "one more" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MessageMessages.TOO_MANY_MESSAGES);
    // Another user in the same conversation is not held back.
    await send(coach, conversation.id, "coach is fine");
    await advance(61);
    await send(family, conversation.id, "an hour later");
  });
});

describe("who sees what", () => {
  it("another family's or coach's conversation is 404 everywhere, and signed out is 401", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const conversation = await openAsFamily(family, coach);
    const message = await send(family, conversation.id, "private");
    const otherFamily = await createPerson(t);
    const otherCoach = await createBookableCoach(t);
    for (const outsider of [otherFamily, otherCoach]) {
      expect((await get(t, `/api/conversations/${conversation.id}/messages`, outsider.cookie)).status).toBe(404);
      expect((await get(t, `/api/conversations/${conversation.id}`, outsider.cookie)).status).toBe(404);
      expect((await post(t, `/api/conversations/${conversation.id}/messages`, outsider.cookie, { body: "hi" })).status).toBe(404);
      expect((await post(t, `/api/conversations/${conversation.id}/read`, outsider.cookie, {})).status).toBe(404);
      expect((await post(t, `/api/messages/${message.id}/report`, outsider.cookie, {})).status).toBe(404);
      expect((await get(t, "/api/conversations", outsider.cookie)).body).toEqual([]);
    }
    expect((await get(t, "/api/conversations/999999/messages", family.cookie)).status).toBe(404);
    expect((await get(t, "/api/conversations/abc/messages", family.cookie)).status).toBe(404);
    expect((await request(t.app).get(`/api/conversations/${conversation.id}/messages`)).status).toBe(401);
    expect((await request(t.app).get("/api/conversations")).status).toBe(401);
  });

  it("every guardian of the family sees every message, and hears it live; no one else does", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const conversation = await openAsFamily(family, coach);
    const second = await addGuardian(family);
    const outsider = await createPerson(t);

    const sockets = await Promise.all([family, second, coach, outsider].map((p) => openCalendarSocket(server.wsUrl, p.cookie)));
    await Promise.all(sockets.map((s) => s.next((m) => m.type === "connected")));
    const [familySocket, secondSocket, coachSocket, outsiderSocket] = sockets;

    const sent = await send(coach, conversation.id, "Practice moved to 5pm");
    for (const socket of [familySocket!, secondSocket!, coachSocket!]) {
      expect(await socket.next((m) => m.type === "message:new")).toEqual({
        type: "message:new",
        conversationId: conversation.id,
        message: sent,
      });
    }
    const fromSecond = await send(second, conversation.id, "Thanks!");
    expect(await coachSocket!.next((m) => m.type === "message:new" && (m.message as { id: number }).id === fromSecond.id)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outsiderSocket!.messages.some((m) => m.type === "message:new")).toBe(false);

    const seenBySecond = await get(t, `/api/conversations/${conversation.id}/messages`, second.cookie);
    expect(seenBySecond.body.map((m: { body: string }) => m.body)).toEqual(["Thanks!", "Practice moved to 5pm"]);
    // Unread is per user: the first guardian has both messages unread; the second sent the last one.
    expect((await get(t, "/api/conversations", family.cookie)).body[0]).toMatchObject({ id: conversation.id, unreadCount: 2 });
    expect((await get(t, "/api/conversations", second.cookie)).body[0]).toMatchObject({ id: conversation.id, unreadCount: 0 });
    await Promise.all(sockets.map((s) => s.close()));
  });
});

describe("telling people who are away", () => {
  it("e-mails the first unread message within a minute, then at most once per 15 minutes while unread; never the sender", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const conversation = await openAsFamily(family, coach);
    await send(family, conversation.id, "Can we do Tuesday?\nOr Wednesday works too.");
    await advance(1);
    const first = mailsTo(coach.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.body).toContain("Can we do Tuesday?");
    expect(first[0]!.body).not.toContain("Or Wednesday works too.");
    expect(first[0]!.body).toContain(`http://localhost:5000/messages/${conversation.id}`);
    expect(mailsTo(family.email)).toHaveLength(0);

    await send(family, conversation.id, "Also, bring a ball?");
    await advance(1);
    await advance(5);
    expect(mailsTo(coach.email)).toHaveLength(1);
    await advance(10);
    const second = mailsTo(coach.email);
    expect(second).toHaveLength(2);
    expect(second[1]!.body).toContain("Also, bring a ball?");
    await advance(20);
    expect(mailsTo(coach.email)).toHaveLength(2);

    // Read, then a new message: told again (15 minutes after the last notice have passed).
    await post(t, `/api/conversations/${conversation.id}/read`, coach.cookie, {}).expect(200);
    await send(family, conversation.id, "See you then");
    await advance(1);
    expect(mailsTo(coach.email)).toHaveLength(3);
  });

  it("a message read within the minute is not e-mailed; SMS goes only to those who opted in", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    await t.deps.database.db.update(users).set({ smsOptIn: true, phoneNumber: "+14105550188" }).where(eq(users.id, family.userId));
    const conversation = await openAsFamily(family, coach);
    await send(coach, conversation.id, "Quick question");
    await post(t, `/api/conversations/${conversation.id}/read`, family.cookie, {}).expect(200);
    await advance(1);
    expect(mailsTo(family.email)).toHaveLength(0);

    await send(coach, conversation.id, "Are you coming Saturday?");
    await advance(1);
    expect(mailsTo(family.email)).toHaveLength(1);
    const texts = t.outbox().filter((m) => m.channel === "sms" && m.recipient === "+14105550188");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("Are you coming Saturday?");
    expect(t.outbox().filter((m) => m.channel === "sms" && m.body.includes("Are you coming Saturday?"))).toHaveLength(1);
  });

  it("a minor who is their family's only login: the parent named on the account gets a copy of every message, its text once the address is confirmed", async () => {
    const coach = await createBookableCoach(t);
    const minor = await createPerson(t);
    const parentEmail = `parent-${minor.userId}@example.com`;
    await t.deps.database.db
      .update(users)
      .set({ birthday: "2012-05-01", parentEmail, parentFirstName: "Pam" })
      .where(eq(users.id, minor.userId));
    const conversation = await openAsFamily(minor, coach);
    await send(minor, conversation.id, "Hi coach, can I come early?");
    await send(coach, conversation.id, "Yes, 4:30 works.");
    await advance(1);
    // DESIGN.md 12: an unconfirmed address gets a notice without the text, with its confirmation link.
    const notices = t.outbox().filter((m) => m.recipient === parentEmail);
    expect(notices).toHaveLength(2);
    expect(notices.map((m) => m.body.includes("can I come early?") || m.body.includes("4:30 works"))).toEqual([false, false]);
    const token = /\/family\/parent-contact\/confirm\?token=([A-Za-z0-9_-]+)/.exec(notices[0]!.body)?.[1];
    expect((await request(t.app).post("/api/family/parent-contact/confirm").send({ token })).status).toBe(200);
    await send(coach, conversation.id, "Bring your stick.");
    await advance(1);
    expect(t.outbox().filter((m) => m.recipient === parentEmail && m.body.includes("Bring your stick."))).toHaveLength(1);
    await advance(30);
    expect(t.outbox().filter((m) => m.recipient === parentEmail)).toHaveLength(3);

    // Once an adult guardian has joined, they are the family's contact: no more copies.
    await addGuardian(minor);
    await send(coach, conversation.id, "See you there.");
    await advance(1);
    expect(t.outbox().filter((m) => m.recipient === parentEmail)).toHaveLength(3);
  });
});

describe("reports and the admin", () => {
  it("anyone in the conversation reports a message; the admin's queue lists it, and the admin reads that conversation and no other", async () => {
    const admin = await createPerson(t, "admin");
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const reported = await openAsFamily(family, coach);
    const message = await send(coach, reported.id, "Something inappropriate");
    const unreported = await openAsFamily(await createPerson(t), coach);

    expect((await get(t, `/api/conversations/${reported.id}/messages`, admin.cookie)).status).toBe(404);
    const report = await post(t, `/api/messages/${message.id}/report`, family.cookie, { reason: "Not OK" });
    expect(report.status).toBe(201);
    expect(report.body).toMatchObject({ messageId: message.id, conversationId: reported.id, message: MessageMessages.REPORTED });
    expect((await post(t, `/api/messages/${message.id}/report`, family.cookie, {})).status).toBe(200);
    expect((await post(t, `/api/messages/${message.id}/report`, family.cookie, { reason: "x".repeat(1001) })).status).toBe(400);
    expect((await post(t, "/api/messages/999999/report", family.cookie, {})).status).toBe(404);

    const queue = await get(t, "/api/admin/message-reports", admin.cookie);
    expect(queue.status).toBe(200);
    expect(queue.body[0]).toMatchObject({
      reason: "Not OK",
      reporterId: family.userId,
      conversationId: reported.id,
      coachName: "Casey Coach",
      message: { id: message.id, body: "Something inappropriate", senderId: coach.userId, fromCoach: true },
    });
    expect((await get(t, "/api/admin/message-reports", family.cookie)).status).toBe(403);
    expect((await get(t, "/api/admin/message-reports", coach.cookie)).status).toBe(403);

    const read = await get(t, `/api/conversations/${reported.id}/messages`, admin.cookie);
    expect(read.status).toBe(200);
    expect(read.body[0].body).toBe("Something inappropriate");
    expect((await get(t, `/api/conversations/${unreported.id}/messages`, admin.cookie)).status).toBe(404);
    // Reading is all: the admin is not in the conversation.
    expect((await post(t, `/api/conversations/${reported.id}/messages`, admin.cookie, { body: "hello" })).status).toBe(404);
  });

  it("messages are kept: the database refuses to delete or rewrite one", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const conversation = await openAsFamily(family, coach);
    const message = await send(family, conversation.id, "keep me");
    await expect(t.deps.database.db.execute(sql`delete from messages where id = ${message.id}`)).rejects.toThrow();
    await expect(t.deps.database.db.execute(sql`update messages set body = 'changed' where id = ${message.id}`)).rejects.toThrow();
    expect((await get(t, `/api/conversations/${conversation.id}/messages`, family.cookie)).body[0].body).toBe("keep me");
  });
});

describe("nothing a client sends is a server error", () => {
  it("every messages route, as every kind of user, with odd ids, cursors and bodies, answers 2xx or 4xx", async () => {
    const coach = await createBookableCoach(t);
    const family = await createPerson(t);
    const admin = await createPerson(t, "admin");
    const conversation = await openAsFamily(family, coach);
    const message = await send(family, conversation.id, "hello");
    const ids = [String(conversation.id), String(message.id), "999999999", "-1", "abc", "99999999999999999999"];
    const cursors = ["", "?cursor=", "?cursor=999999999999999", "?cursor=abc", "?cursor[]=1", "?cursor=1&cursor=2"];
    const bodies: unknown[] = [
      undefined,
      {},
      { body: null },
      { body: { a: 1 } },
      { body: ["x"] },
      [],
      { coachId: -1 },
      { userId: "1" },
      { reason: 5 },
    ];
    const who = [undefined, family.cookie, coach.cookie, admin.cookie];
    const answers: number[] = [];
    for (const cookie of who) {
      const as = (r: request.Test) => (cookie ? r.set("Cookie", cookie) : r);
      for (const cursor of cursors) {
        answers.push((await as(request(t.app).get(`/api/conversations${cursor}`))).status);
        answers.push((await as(request(t.app).get(`/api/conversations/${conversation.id}/messages${cursor}`))).status);
        answers.push((await as(request(t.app).get(`/api/admin/message-reports${cursor}`))).status);
      }
      for (const id of ids) {
        answers.push((await as(request(t.app).get(`/api/conversations/${id}`))).status);
        answers.push((await as(request(t.app).get(`/api/conversations/${id}/messages`))).status);
        for (const body of bodies) {
          for (const path of [`/api/conversations/${id}/messages`, `/api/conversations/${id}/read`, `/api/messages/${id}/report`]) {
            answers.push((await as(request(t.app).post(path)).send(body as object)).status);
          }
        }
      }
      for (const body of bodies) answers.push((await as(request(t.app).post("/api/conversations")).send(body as object)).status);
    }
    expect(answers.filter((status) => status >= 500)).toEqual([]);
  }, 240_000);
});

/** A second guardian of the person's family (the invitation flow is the families feature's; here the row is written). */
async function addGuardian(of: Person): Promise<Person> {
  const guardian = await createPerson(t, "player", { firstName: "Gina" });
  const familyId = (await familyIdOfUser(t.deps.database.db, of.userId))!;
  await t.deps.database.db.insert(familyGuardians).values({ familyId, userId: guardian.userId });
  return guardian;
}
