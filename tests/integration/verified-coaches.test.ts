import { createServer, type IncomingMessage, type Server } from "node:http";
import { readdirSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CredentialMessages } from "@contract/credentials";
import { signScreeningPayload } from "@server/adapters/screening/http";
import { instantToLocal } from "@server/features/slots/slot-time";
import { createBookableCoach, createPerson, type BookableCoach, type Person } from "@tests/factories/bookings";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { startSession } from "@server/features/accounts/sessions.service";
import { insertCoach, insertSlot } from "./search-support";

const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200, 0x20), Buffer.from("\n%%EOF\n")]);
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

let t: TestApp;
let admin: Person;
let player: Person;

beforeAll(async () => {
  t = await startTestApp();
  admin = await createPerson(t, "admin");
  player = await createPerson(t, "player");
});
afterAll(async () => t.close());

const today = (app: TestApp = t) => instantToLocal(app.deps.clock.now(), app.deps.config.appTimeZone).date;
const daysFromToday = (days: number, app: TestApp = t) =>
  new Date(Date.parse(`${today(app)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const as = (app: TestApp, cookie: string) => ({
  get: (url: string) => request(app.app).get(url).set("Cookie", cookie),
  post: (url: string, body?: object) => request(app.app).post(url).set("Cookie", cookie).send(body),
  delete: (url: string) => request(app.app).delete(url).set("Cookie", cookie),
  upload: (url: string, bytes: Buffer, filename: string, contentType: string) =>
    request(app.app).post(url).set("Cookie", cookie).attach("document", bytes, { filename, contentType }),
});

async function addSafeSport(coach: BookableCoach, completedOn = daysFromToday(-10)) {
  const res = await as(t, coach.cookie).post("/api/coach/credentials", { kind: "safesport", completedOn });
  expect(res.status).toBe(201);
  return res.body as { id: number; status: string; expiresOn: string };
}

async function advanceDays(days: number, app: TestApp = t) {
  const res = await request(app.app)
    .post("/api/test/clock")
    .send({ advanceMinutes: days * 24 * 60 });
  expect(res.status).toBe(200);
}

describe("a coach's credentials (DESIGN 12, Verified coaches)", () => {
  it("adds a SafeSport training as pending, valid 365 days from its completion", async () => {
    const coach = await createBookableCoach(t);
    const completedOn = daysFromToday(-20);
    const added = await addSafeSport(coach, completedOn);
    expect(added).toMatchObject({ kind: "safesport", status: "pending", completedOn, expiresOn: daysFromToday(345), document: null });
    const list = await as(t, coach.cookie).get("/api/coach/credentials");
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([added.id]);
  });

  it("refuses what a kind needs and does not have, and changes nothing", async () => {
    const coach = await createBookableCoach(t);
    const refusals: [object, string][] = [
      [{ kind: "safesport" }, CredentialMessages.COMPLETED_ON],
      [{ kind: "safesport", completedOn: daysFromToday(3) }, CredentialMessages.COMPLETED_IN_FUTURE],
      [{ kind: "safesport", completedOn: daysFromToday(-400) }, CredentialMessages.ALREADY_EXPIRED],
      [{ kind: "usa_lacrosse", expiresOn: daysFromToday(100) }, CredentialMessages.MEMBER_NUMBER],
      [{ kind: "cdp_level", level: 4 }, CredentialMessages.LEVEL],
      [{ kind: "background_check" }, CredentialMessages.USE_BACKGROUND_CHECK],
      [{ kind: "passport" }, CredentialMessages.KIND],
    ];
    for (const [body, message] of refusals) {
      const res = await as(t, coach.cookie).post("/api/coach/credentials", body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await as(t, coach.cookie).get("/api/coach/credentials")).body).toEqual([]);
    await addSafeSport(coach);
    const second = await as(t, coach.cookie).post("/api/coach/credentials", { kind: "safesport", completedOn: daysFromToday(-1) });
    expect([second.status, second.body.message]).toEqual([409, CredentialMessages.ALREADY_OPEN]);
  });

  it("is for coaches only", async () => {
    expect((await as(t, player.cookie).get("/api/coach/credentials")).status).toBe(403);
    expect((await request(t.app).post("/api/coach/credentials").send({ kind: "safesport" })).status).toBe(401);
    expect((await as(t, player.cookie).post("/api/coach/background-check")).status).toBe(403);
  });
});

describe("a credential's document", () => {
  it("keeps a PDF private: its coach and admins read it, nobody else, and it is never under /uploads", async () => {
    const coach = await createBookableCoach(t);
    const other = await createBookableCoach(t);
    const credential = await addSafeSport(coach);
    const url = `/api/coach/credentials/${credential.id}/document`;
    const uploaded = await as(t, coach.cookie).upload(url, PDF, "card.pdf", "application/pdf");
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.document).toMatchObject({ contentType: "application/pdf", sizeBytes: PDF.length });

    const own = await as(t, coach.cookie).get(url).buffer(true);
    expect(own.status).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.headers["cache-control"]).toBe("no-store");
    expect(Buffer.from(own.body as Buffer).equals(PDF)).toBe(true);
    expect((await as(t, admin.cookie).get(url)).status).toBe(200);

    expect((await as(t, other.cookie).get(url)).status).toBe(404);
    expect((await as(t, other.cookie).upload(url, PNG, "x.png", "image/png")).status).toBe(404);
    expect((await as(t, other.cookie).delete(`/api/coach/credentials/${credential.id}`)).status).toBe(404);
    expect((await as(t, player.cookie).get(url)).status).toBe(403);
    expect((await request(t.app).get(url)).status).toBe(401);
    const uploads = path.join(t.dataDir, "uploads");
    expect(readdirSafe(uploads)).toEqual([]);
  });

  it("is recognised by its bytes, not by the type the upload claims", async () => {
    const coach = await createBookableCoach(t);
    const credential = await addSafeSport(coach);
    const url = `/api/coach/credentials/${credential.id}/document`;
    const script = Buffer.from("<html><script>alert(1)</script></html>");
    const lying = await as(t, coach.cookie).upload(url, script, "card.pdf", "application/pdf");
    expect([lying.status, lying.body.message]).toEqual([400, CredentialMessages.DOCUMENT_TYPE]);
    expect((await as(t, coach.cookie).get(url)).status).toBe(404);
    const png = await as(t, coach.cookie).upload(url, PNG, "card.txt", "text/plain");
    expect([png.status, png.body.document.contentType]).toEqual([201, "image/png"]);
  });

  it("refuses a document over 5 MB with 413", async () => {
    const coach = await createBookableCoach(t);
    const credential = await addSafeSport(coach);
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await as(t, coach.cookie).upload(`/api/coach/credentials/${credential.id}/document`, big, "big.pdf", "application/pdf");
    expect([res.status, res.body.message]).toEqual([413, CredentialMessages.DOCUMENT_TOO_LARGE]);
  });

  it("goes with its credential when the coach deletes it", async () => {
    const coach = await createBookableCoach(t);
    const credential = await addSafeSport(coach);
    await as(t, coach.cookie).upload(`/api/coach/credentials/${credential.id}/document`, PDF, "card.pdf", "application/pdf");
    expect((await as(t, coach.cookie).delete(`/api/coach/credentials/${credential.id}`)).status).toBe(204);
    expect((await as(t, admin.cookie).get(`/api/coach/credentials/${credential.id}/document`)).status).toBe(404);
    expect((await as(t, coach.cookie).get("/api/coach/credentials")).body).toEqual([]);
  });
});

describe("background checks through the simulated screening provider", () => {
  it("clear verifies the check, valid two years", async () => {
    const coach = await createBookableCoach(t);
    const started = await as(t, coach.cookie).post("/api/coach/background-check");
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: "background_check", status: "pending", screening: "running" });
    const again = await as(t, coach.cookie).post("/api/coach/background-check");
    expect([again.status, again.body.message]).toEqual([409, CredentialMessages.CHECK_RUNNING]);
    // Still with the provider: not in the admins' queue.
    const queue = await as(t, admin.cookie).get("/api/admin/credentials?status=pending");
    expect(queue.body.map((c: { id: number }) => c.id)).not.toContain(started.body.id);

    const settled = await request(t.app).post(`/api/test/screening/${started.body.id}`).send({ result: "clear" });
    expect(settled.status).toBe(200);
    const year = Number(today().slice(0, 4)) + 2;
    expect(settled.body).toMatchObject({ status: "verified", screening: "clear", expiresOn: `${year}${today().slice(4)}` });
    const twice = await request(t.app).post(`/api/test/screening/${started.body.id}`).send({ result: "consider" });
    expect(twice.status).toBe(409);
    expect(t.outbox().some((m) => m.recipient === coach.email && m.headers.Subject === "Your background check is complete")).toBe(true);
  });

  it("consider waits for an admin, who verifies it; the decision is in the audit log", async () => {
    const coach = await createBookableCoach(t);
    const started = await as(t, coach.cookie).post("/api/coach/background-check");
    const considered = await request(t.app).post(`/api/test/screening/${started.body.id}`).send({ result: "consider" });
    expect(considered.body).toMatchObject({ status: "pending", screening: "consider" });
    const queue = await as(t, admin.cookie).get("/api/admin/credentials?status=pending");
    expect(queue.status).toBe(200);
    expect(queue.body.find((c: { id: number }) => c.id === started.body.id)).toMatchObject({
      coachUserId: coach.userId,
      coachName: "Casey Coach",
    });

    const verified = await as(t, admin.cookie).post(`/api/admin/credentials/${started.body.id}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe("verified");
    const log = await as(t, admin.cookie).get("/api/admin/audit-log");
    expect(log.body[0]).toMatchObject({ action: "credential_verified", adminId: admin.userId, targetUserId: coach.userId });
    const decidedAgain = await as(t, admin.cookie).post(`/api/admin/credentials/${started.body.id}/reject`, { reason: "x" });
    expect([decidedAgain.status, decidedAgain.body.message]).toEqual([409, CredentialMessages.NOT_PENDING]);
  });

  it("refuses an unknown result and an unknown check", async () => {
    const coach = await createBookableCoach(t);
    const started = await as(t, coach.cookie).post("/api/coach/background-check");
    expect((await request(t.app).post(`/api/test/screening/${started.body.id}`).send({ result: "maybe" })).status).toBe(400);
    expect((await request(t.app).post(`/api/test/screening/999999`).send({ result: "clear" })).status).toBe(404);
  });
});

describe("the admins' verification queue", () => {
  it("rejects with a reason the coach is told, recorded in the audit log; a new document sends it back for review", async () => {
    const coach = await createBookableCoach(t);
    const credential = await addSafeSport(coach);
    const noReason = await as(t, admin.cookie).post(`/api/admin/credentials/${credential.id}/reject`, { reason: " " });
    expect([noReason.status, noReason.body.message]).toEqual([400, CredentialMessages.REASON]);
    const rejected = await as(t, admin.cookie).post(`/api/admin/credentials/${credential.id}/reject`, {
      reason: "The certificate is unreadable.",
    });
    expect(rejected.body).toMatchObject({ status: "rejected", rejectionReason: "The certificate is unreadable." });
    const log = await as(t, admin.cookie).get("/api/admin/audit-log");
    expect(log.body[0]).toMatchObject({
      action: "credential_rejected",
      targetUserId: coach.userId,
      note: "The certificate is unreadable.",
    });
    const mail = t.outbox().find((m) => m.recipient === coach.email && m.headers.Subject === "Not verified: SafeSport trained");
    expect(mail?.body).toContain("The certificate is unreadable.");

    const again = await as(t, coach.cookie).upload(`/api/coach/credentials/${credential.id}/document`, PDF, "c.pdf", "application/pdf");
    expect(again.body).toMatchObject({ status: "pending", rejectionReason: null });
  });

  it("is for admins only, and a refused decision records nothing", async () => {
    const coach = await createBookableCoach(t);
    const credential = await addSafeSport(coach);
    expect((await as(t, coach.cookie).get("/api/admin/credentials?status=pending")).status).toBe(403);
    expect((await as(t, coach.cookie).post(`/api/admin/credentials/${credential.id}/verify`)).status).toBe(403);
    expect((await as(t, admin.cookie).get("/api/admin/credentials?status=lost")).status).toBe(400);
    expect((await as(t, admin.cookie).post(`/api/admin/credentials/999999/verify`)).status).toBe(404);
    const list = await as(t, coach.cookie).get("/api/coach/credentials");
    expect(list.body[0].status).toBe("pending");
  });
});

describe("expiry", () => {
  it("mails the coach 30 and 7 days before and on the day, each once, and expires the credential on its date", async () => {
    const app = await startTestApp();
    try {
      const coach = await createBookableCoach(app);
      const boss = await createPerson(app, "admin");
      // Completed 325 days ago: expires in 40 days.
      const added = await as(app, coach.cookie).post("/api/coach/credentials", {
        kind: "safesport",
        completedOn: daysFromToday(-325, app),
      });
      expect(added.body.expiresOn).toBe(daysFromToday(40, app));
      await as(app, boss.cookie).post(`/api/admin/credentials/${added.body.id}/verify`);
      const notices = () =>
        app
          .outbox()
          .filter((m) => m.recipient === coach.email && /SafeSport trained (expires|Expired)|Expired today/.test(m.headers.Subject ?? ""));

      await advanceDays(5, app);
      expect(notices()).toHaveLength(0);
      await advanceDays(6, app); // 29 days left
      await advanceDays(1, app);
      expect(notices().map((m) => m.headers.Subject)).toEqual([`SafeSport trained expires on ${added.body.expiresOn}`]);
      await advanceDays(22, app); // 6 days left
      expect(notices()).toHaveLength(2);
      await advanceDays(6, app); // the day
      expect(notices()).toHaveLength(3);
      expect(notices()[2]!.headers.Subject).toBe("Expired today: SafeSport trained");
      await advanceDays(1, app);
      expect(notices()).toHaveLength(3);
      // The sessions made 41 days ago have ended: a new admin reads the list of expired ones.
      const later = await createPerson(app, "admin");
      const expired = await as(app, later.cookie).get("/api/admin/credentials?status=expired");
      expect(expired.body.map((c: { id: number }) => c.id)).toEqual([added.body.id]);
    } finally {
      await app.close();
    }
  });
});

describe("background checks through a real provider's HTTP API", () => {
  const SECRET = "whsec_test_screening_secret";
  let provider: Server;
  let received: { auth?: string; body: unknown }[];
  let app: TestApp;

  beforeAll(async () => {
    received = [];
    provider = createServer((req: IncomingMessage, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(text) });
        res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ id: `chk_${received.length}` }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    const address = provider.address();
    if (!address || typeof address === "string") throw new Error("no address");
    app = await startTestApp({
      SCREENING_PROVIDER: "http",
      SCREENING_API_URL: `http://127.0.0.1:${address.port}`,
      SCREENING_API_KEY: "sk_screening_test",
      SCREENING_WEBHOOK_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  const webhook = (body: object, secret = SECRET, at = app.deps.clock.now()) => {
    const raw = Buffer.from(JSON.stringify(body));
    const timestamp = String(Math.floor(at.getTime() / 1000));
    return request(app.app)
      .post("/api/webhooks/screening")
      .set("Content-Type", "application/json")
      .set("Screening-Signature", `t=${timestamp},v1=${signScreeningPayload(secret, timestamp, raw)}`)
      .send(raw.toString());
  };

  it("orders the check with the API key, and a signed clear webhook verifies it", async () => {
    const coach = await createBookableCoach(app);
    const started = await as(app, coach.cookie).post("/api/coach/background-check");
    expect(started.status).toBe(202);
    expect(received.at(-1)).toMatchObject({ auth: "Bearer sk_screening_test", body: { candidate: { email: coach.email } } });
    const checkId = `chk_${received.length}`;
    // No simulated route with a real provider.
    expect((await request(app.app).post(`/api/test/screening/${started.body.id}`).send({ result: "clear" })).status).toBe(404);

    const done = await webhook({ id: "evt_1", type: "check.completed", data: { checkId, result: "clear" } });
    expect(done.status).toBe(200);
    const list = await as(app, coach.cookie).get("/api/coach/credentials");
    expect(list.body[0]).toMatchObject({ status: "verified", screening: "clear" });
  });

  it("refuses a webhook with a wrong signature, a stale one or none, and changes nothing", async () => {
    const coach = await createBookableCoach(app);
    const started = await as(app, coach.cookie).post("/api/coach/background-check");
    const checkId = `chk_${received.length}`;
    const body = { id: "evt_2", type: "check.completed", data: { checkId, result: "clear" } };
    const forged = await webhook(body, "whsec_someone_else_entirely");
    expect([forged.status, forged.body.message]).toEqual([400, CredentialMessages.INVALID_SIGNATURE]);
    const stale = await webhook(body, SECRET, new Date(app.deps.clock.now().getTime() - 3_600_000));
    expect(stale.status).toBe(400);
    const unsigned = await request(app.app)
      .post("/api/webhooks/screening")
      .set("Content-Type", "application/json")
      .send(JSON.stringify(body));
    expect(unsigned.status).toBe(400);
    const list = await as(app, coach.cookie).get("/api/coach/credentials");
    expect(list.body.find((c: { id: number }) => c.id === started.body.id)).toMatchObject({ status: "pending", screening: "running" });

    const consider = await webhook({ ...body, data: { checkId, result: "consider" } });
    expect(consider.status).toBe(200);
    expect((await as(app, coach.cookie).get("/api/coach/credentials")).body[0]).toMatchObject({ status: "pending", screening: "consider" });
  });
});

describe("badges where parents decide", () => {
  it("appear on search, match and profile once verified, filter with verified=true, and go on the day they expire", async () => {
    const app = await startTestApp();
    try {
      const boss = await createPerson(app, "admin");
      const screened = await insertCoach(app, { zipcode: "21201", specializations: ["Attack"], firstName: "Sam" });
      const other = await insertCoach(app, { zipcode: "21201", specializations: ["Attack"], firstName: "Lee" });
      const later = new Date(app.deps.clock.now().getTime() + 200 * 86_400_000).toISOString();
      await insertSlot(app, screened.coachId, later);
      await insertSlot(app, other.coachId, later);
      const { token } = await startSession(app.deps.database.db, screened.userId, app.deps.clock.now());
      const coach = as(app, `sid=${token}`);

      // SafeSport done 300 days ago (65 days left), a USA Lacrosse membership, and a clear background check.
      const safesport = await coach.post("/api/coach/credentials", { kind: "safesport", completedOn: daysFromToday(-300, app) });
      const member = await coach.post("/api/coach/credentials", {
        kind: "usa_lacrosse",
        memberNumber: "ULX-123456",
        expiresOn: daysFromToday(300, app),
      });
      const search = (query: object = {}) =>
        request(app.app)
          .get("/api/coaches/search")
          .query({ specialization: "Attack", zipcode: "21201", ...query });
      const cardOf = async (coachId: number, query: object = {}) =>
        ((await search(query)).body as { id: number; badges: unknown[] }[]).find((c) => c.id === coachId);

      // Pending: nothing shows yet.
      expect((await cardOf(screened.coachId))?.badges).toEqual([]);
      expect(await cardOf(screened.coachId, { verified: "true" })).toBeUndefined();

      await as(app, boss.cookie).post(`/api/admin/credentials/${safesport.body.id}/verify`);
      await as(app, boss.cookie).post(`/api/admin/credentials/${member.body.id}/verify`);
      const check = await coach.post("/api/coach/background-check");
      await request(app.app).post(`/api/test/screening/${check.body.id}`).send({ result: "clear" });

      const card = await cardOf(screened.coachId);
      expect(card?.badges).toEqual([
        { kind: "safesport", label: "SafeSport trained", verifiedAt: expect.any(String), expiresOn: daysFromToday(65, app) },
        { kind: "background_check", label: "Background checked", verifiedAt: expect.any(String), expiresOn: expect.any(String) },
        { kind: "usa_lacrosse", label: "USA Lacrosse member", verifiedAt: expect.any(String), expiresOn: daysFromToday(300, app) },
      ]);
      expect(JSON.stringify((await search()).body)).not.toContain("ULX-123456");
      const verifiedOnly = (await search({ verified: "true" })).body as { id: number }[];
      expect(verifiedOnly.map((c) => c.id)).toEqual([screened.coachId]);
      const profile = await request(app.app).get(`/api/coaches/${screened.coachId}/profile`);
      expect(profile.body.badges.map((b: { kind: string }) => b.kind)).toEqual(["safesport", "background_check", "usa_lacrosse"]);
      expect(JSON.stringify(profile.body)).not.toContain("ULX-123456");
      const matches = await request(app.app)
        .get("/api/coaches/recommendations")
        .query({ position: "Attack", zipcode: "21201", verified: "true" });
      expect(matches.status).toBe(200);
      expect(matches.body.map((c: { id: number }) => c.id)).toEqual([screened.coachId]);
      expect(matches.body[0].badges).toHaveLength(3);
      expect((await search({ verified: "maybe" })).status).toBe(400);

      // 65 days on, the SafeSport training has lapsed: its badge goes and the filter leaves the coach out.
      await advanceDays(65, app);
      expect(((await cardOf(screened.coachId))?.badges as { kind: string }[]).map((b) => b.kind)).toEqual([
        "background_check",
        "usa_lacrosse",
      ]);
      expect(await cardOf(screened.coachId, { verified: "true" })).toBeUndefined();
      const after = await request(app.app).get(`/api/coaches/${screened.coachId}/profile`);
      expect(after.body.badges.map((b: { kind: string }) => b.kind)).toEqual(["background_check", "usa_lacrosse"]);
      const noMatch = await request(app.app)
        .get("/api/coaches/recommendations")
        .query({ position: "Attack", zipcode: "21201", verified: "true" });
      expect(noMatch.body).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
