import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPerson, type Person } from "@tests/factories/bookings";
import { startTestApp, type TestApp } from "@tests/support/test-app";

let t: TestApp;
let admin: Person;
let player: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await createPerson(t, "admin");
  player = (await createPerson(t, "player")).cookie;
});
afterAll(async () => t.close());

const auditLog = async (cookie: string, cursor?: string) =>
  t
    .agent()
    .get(`/api/admin/audit-log${cursor ? `?cursor=${cursor}` : ""}`)
    .set("Cookie", cookie);

describe("the admins' audit log (DESIGN 12, Moderation)", () => {
  it("lists each admin action, newest first, with who did it, when and on what", async () => {
    const created = await t.agent().post("/api/admin/content-blocks").set("Cookie", admin.cookie).send({ key: "hero" });
    expect(created.status).toBe(201);
    const edited = await t.agent().put(`/api/admin/content-blocks/${created.body.id}`).set("Cookie", admin.cookie).send({ title: "Hi" });
    expect(edited.status).toBe(200);
    const removed = await t.agent().delete(`/api/admin/content-blocks/${created.body.id}`).set("Cookie", admin.cookie);
    expect(removed.status).toBe(204);

    const res = await auditLog(admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 3)).toEqual([
      expect.objectContaining({ action: "content_block_deleted", adminId: admin.userId, subject: `content block ${created.body.id}` }),
      expect.objectContaining({ action: "content_block_updated", subject: `content block ${created.body.id} (hero)` }),
      expect.objectContaining({ action: "content_block_created", subject: `content block ${created.body.id} (hero)` }),
    ]);
    expect(res.body[0].adminName).toBe("Pat Player");
    expect(Number.isNaN(Date.parse(res.body[0].at))).toBe(false);
  });

  it("records nothing for a refused change", async () => {
    const before = (await auditLog(admin.cookie)).body.length;
    const refused = await t.agent().post("/api/admin/content-blocks").set("Cookie", admin.cookie).send({});
    expect(refused.status).toBe(400);
    expect((await auditLog(admin.cookie)).body.length).toBe(before);
  });

  it("is for admins only", async () => {
    expect((await auditLog(player)).status).toBe(403);
    expect((await t.agent().get("/api/admin/audit-log")).status).toBe(401);
  });

  it("refuses a malformed cursor with 400", async () => {
    expect((await auditLog(admin.cookie, "abc")).status).toBe(400);
  });

  it("is append-only in the database: a line can be neither changed nor deleted", async () => {
    const db = t.deps.database.db;
    await expect(db.execute(sql`update admin_audit_log set note = 'changed'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from admin_audit_log`)).rejects.toThrow();
  });
});
