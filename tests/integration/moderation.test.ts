import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ModerationMessages } from "@contract/moderation-basics";
import { createBookableCoach, createPerson, get, post, type BookableCoach, type Person } from "@tests/factories/bookings";
import { listenWithCalendar, openCalendarSocket, type CalendarServer } from "@tests/factories/slot-helpers";
import { makePlayer, randomClientIp } from "@tests/factories/users";
import { startTestApp, type TestApp } from "@tests/support/test-app";

let t: TestApp;
let server: CalendarServer;
let admin: Person;
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  t = await startTestApp();
  server = await listenWithCalendar(t.app, t.deps);
  admin = await createPerson(t, "admin");
}, 180_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
});

/** A conversation between a new coach and a new family, one message from `from`, reported by the other side. */
async function reported(from: "coach" | "family", family?: Person) {
  const coach = await createBookableCoach(t);
  const fam = family ?? (await createPerson(t));
  const opened = await post(t, "/api/conversations", fam.cookie, { coachId: coach.coachId });
  expect([200, 201]).toContain(opened.status);
  const sender = from === "coach" ? coach : fam;
  const reporter = from === "coach" ? fam : coach;
  const sent = await post(t, `/api/conversations/${opened.body.id}/messages`, sender.cookie, { body: "Something inappropriate" });
  expect(sent.status).toBe(201);
  const report = await post(t, `/api/messages/${sent.body.id}/report`, reporter.cookie, { reason: "Not OK" });
  expect(report.status).toBe(201);
  return { coach, family: fam, sender, reporter, conversationId: opened.body.id as number, reportId: report.body.id as number };
}

const resolve = (reportId: number, body: unknown, cookie = admin.cookie) =>
  post(t, `/api/admin/message-reports/${reportId}/resolve`, cookie, body);
const sendAs = (who: Person | BookableCoach, conversationId: number, body = "Hello again") =>
  post(t, `/api/conversations/${conversationId}/messages`, who.cookie, { body });
const mails = (email: string) => t.outbox().filter((m) => m.channel === "email" && m.recipient === email);
const auditFor = async (subject: string) =>
  (
    (await get(t, "/api/admin/audit-log", admin.cookie)).body as {
      action: string;
      subject: string;
      targetUserId: number;
      note: string;
      adminId: number;
    }[]
  ).filter((e) => e.subject === subject);

describe("resolving a reported message (DESIGN 12, Moderation)", () => {
  it("dismiss: the report is marked resolved, audited, the reporter is told it was handled, and resolving again answers 409", async () => {
    const r = await reported("coach");
    const res = await resolve(r.reportId, { action: "dismiss", note: "Harmless" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reportId: r.reportId,
      action: "dismiss",
      sender: { userId: r.coach.userId, messagingSuspended: false },
    });
    expect(await auditFor(`message report ${r.reportId}`)).toEqual([
      expect.objectContaining({ action: "report_dismissed", targetUserId: r.coach.userId, note: "Harmless", adminId: admin.userId }),
    ]);
    const told = mails(r.family.email).filter((m) => m.headers.Subject === "Your report was reviewed");
    expect(told).toHaveLength(1);
    expect(told[0]!.body).not.toMatch(/dismiss|warn|suspend/i);
    expect(mails(r.coach.email).filter((m) => /messaging rules|suspended/.test(m.headers.Subject ?? ""))).toHaveLength(0);

    const again = await resolve(r.reportId, { action: "suspend_account" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ModerationMessages.ALREADY_RESOLVED);
    expect(await auditFor(`message report ${r.reportId}`)).toHaveLength(1);
    // The coach was not suspended by the refused second resolution.
    expect((await sendAs(r.coach, r.conversationId)).status).toBe(201);

    const queue = await get(t, "/api/admin/message-reports", admin.cookie);
    const item = (queue.body as { id: number; resolution: unknown }[]).find((i) => i.id === r.reportId);
    expect(item?.resolution).toMatchObject({ action: "dismiss", resolvedBy: admin.userId, note: "Harmless" });
  });

  it("warn: the sender is mailed to keep to the rules and can still send", async () => {
    const r = await reported("coach");
    expect((await resolve(r.reportId, { action: "warn" })).status).toBe(200);
    const warned = mails(r.coach.email).filter((m) => m.headers.Subject === "A reminder about LaxCoach's messaging rules");
    expect(warned).toHaveLength(1);
    expect((await sendAs(r.coach, r.conversationId)).status).toBe(201);
    expect(mails(r.family.email).filter((m) => m.headers.Subject === "Your report was reviewed")).toHaveLength(1);
    expect(await auditFor(`message report ${r.reportId}`)).toEqual([
      expect.objectContaining({ action: "user_warned", targetUserId: r.coach.userId }),
    ]);
  });

  it("suspend_messaging: the sender gets 403 with a clear message on sending, in every conversation, until reinstated", async () => {
    const r = await reported("coach");
    const other = await createPerson(t);
    const otherConversation = await post(t, "/api/conversations", other.cookie, { coachId: r.coach.coachId });
    expect((await resolve(r.reportId, { action: "suspend_messaging", note: "Abusive" })).status).toBe(200);

    for (const conversationId of [r.conversationId, otherConversation.body.id as number]) {
      const refused = await sendAs(r.coach, conversationId);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ModerationMessages.MESSAGING_SUSPENDED);
    }
    // Still signed in and reading; the family can still write.
    expect((await get(t, `/api/conversations/${r.conversationId}/messages`, r.coach.cookie)).status).toBe(200);
    expect((await sendAs(r.family, r.conversationId)).status).toBe(201);
    expect(await auditFor(`message report ${r.reportId}`)).toEqual([
      expect.objectContaining({ action: "messaging_suspended", targetUserId: r.coach.userId, note: "Abusive" }),
    ]);
    const queue = (await get(t, "/api/admin/message-reports", admin.cookie)).body as {
      id: number;
      sender: { messagingSuspended: boolean };
    }[];
    expect(queue.find((i) => i.id === r.reportId)?.sender.messagingSuspended).toBe(true);

    const lifted = await post(t, `/api/admin/users/${r.coach.userId}/reinstate`, admin.cookie, { note: "Apologised" });
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual({ userId: r.coach.userId, messagingSuspended: false, accountSuspended: false });
    expect(await auditFor(`user ${r.coach.userId}`)).toEqual([
      expect.objectContaining({ action: "user_reinstated", targetUserId: r.coach.userId, note: "Apologised" }),
    ]);
    expect((await sendAs(r.coach, r.conversationId)).status).toBe(201);
    expect((await post(t, `/api/admin/users/${r.coach.userId}/reinstate`, admin.cookie, {})).status).toBe(409);
    expect((await post(t, "/api/admin/users/99999999/reinstate", admin.cookie, {})).status).toBe(404);
  });

  it("suspend_account: the sender's sessions and sockets end at once and sign-in is refused with a clear message", async () => {
    const registered = await makePlayer(t);
    const cookie = `sid=${registered.agent.jar.getCookie("sid", { path: "/", domain: "127.0.0.1", secure: false, script: false })?.value ?? ""}`;
    const family: Person = { userId: registered.user.id, email: registered.email, cookie };
    const probe = await registered.agent.get("/api/auth/user");
    expect(probe.status).toBe(200);
    const r = await reported("family", family);
    const socket = await openCalendarSocket(server.wsUrl, family.cookie);
    await socket.next((m) => m.type === "connected");
    const closed = new Promise<void>((done) => socket.socket.once("close", () => done()));

    expect((await resolve(r.reportId, { action: "suspend_account", note: "Threats" })).status).toBe(200);
    await closed;
    expect((await registered.agent.get("/api/auth/user")).status).toBe(401);
    const login = await request(t.app)
      .post("/api/auth/login")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email: registered.email, password: registered.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(ModerationMessages.ACCOUNT_SUSPENDED);
    expect(mails(registered.email).filter((m) => m.headers.Subject === "Your LaxCoach account has been suspended")).toHaveLength(1);
    expect(mails(r.coach.email).filter((m) => m.headers.Subject === "Your report was reviewed")).toHaveLength(1);
    expect(await auditFor(`message report ${r.reportId}`)).toEqual([
      expect.objectContaining({ action: "account_suspended", targetUserId: registered.user.id }),
    ]);

    expect((await post(t, `/api/admin/users/${registered.user.id}/reinstate`, admin.cookie, {})).status).toBe(200);
    const back = await request(t.app)
      .post("/api/auth/login")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email: registered.email, password: registered.password });
    expect(back.status).toBe(200);
  });

  it("refuses bad input with 400 and changes nothing; an unknown report is 404; admins only", async () => {
    const r = await reported("coach");
    expect((await resolve(r.reportId, {})).status).toBe(400);
    expect((await resolve(r.reportId, { action: "ban" })).status).toBe(400);
    expect((await resolve(r.reportId, { action: "warn", note: "x".repeat(1001) })).status).toBe(400);
    expect((await resolve(99999999, { action: "warn" })).status).toBe(404);
    expect((await resolve(r.reportId, { action: "dismiss" }, r.family.cookie)).status).toBe(403);
    expect((await post(t, `/api/admin/users/${r.coach.userId}/reinstate`, r.family.cookie, {})).status).toBe(403);
    expect(await auditFor(`message report ${r.reportId}`)).toHaveLength(0);
    expect((await resolve(r.reportId, { action: "dismiss" })).status).toBe(200);
  });

  it("the queue shows open reports before resolved ones", async () => {
    const first = await reported("coach");
    const second = await reported("coach");
    expect((await resolve(second.reportId, { action: "dismiss" })).status).toBe(200);
    const queue = (await get(t, "/api/admin/message-reports", admin.cookie)).body as { id: number; resolution: unknown }[];
    const firstAt = queue.findIndex((i) => i.id === first.reportId);
    const secondAt = queue.findIndex((i) => i.id === second.reportId);
    expect(firstAt).toBeGreaterThanOrEqual(0);
    expect(secondAt).toBeGreaterThan(firstAt);
    const openCount = queue.filter((i) => i.resolution === null).length;
    expect(queue.slice(0, openCount).every((i) => i.resolution === null)).toBe(true);
  });
});
