import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PasswordMessages } from "@contract/accounts";
import { FAILED_LOGINS_PER_ACCOUNT, LimitMessages, MAX_VERIFICATION_EMAILS_PER_HOUR } from "@contract/limits";
import { FORGOT_PASSWORD_ANSWER_MS } from "@server/features/accounts/password-reset.service";
import { errorHandler } from "@server/http/errors";
import { createLogger } from "@server/logger";
import { uniqueEmail } from "@tests/factories/basics";
import { DEFAULT_PASSWORD, makePlayer, randomClientIp, resetPasswordByMail } from "@tests/factories/users";
import { startTestApp, type TestApp, useTestApp } from "@tests/support/test-app";

/** Issue 28, the account findings: each test fails if its finding comes back. */
const t = useTestApp();
afterEach(() => vi.restoreAllMocks());

const mailsTo = (address: string) => t.outbox().filter((m) => m.channel === "email" && m.recipient === address.toLowerCase());
const changeEmail = (agent: ReturnType<TestApp["agent"]>, userId: number, email: string, currentPassword = DEFAULT_PASSWORD) =>
  agent.put(`/api/users/${userId}`).send({ firstName: "Test", lastName: "User", phoneNumber: "4105550100", email, currentPassword });

describe("verification mails to a new address", () => {
  it("are limited per account, a few an hour, with a clear 429", async () => {
    const { agent, user } = await makePlayer(t);
    for (let i = 0; i < MAX_VERIFICATION_EMAILS_PER_HOUR; i++) {
      expect((await changeEmail(agent, user.id, uniqueEmail("target"))).status).toBe(200);
    }
    const flooded = await changeEmail(agent, user.id, uniqueEmail("target"));
    expect(flooded.status).toBe(429);
    expect(flooded.body.message).toBe(LimitMessages.TOO_MANY_VERIFICATION_EMAILS);
  });

  it("are limited per target address, whichever accounts ask", async () => {
    const victim = uniqueEmail("victim");
    for (let i = 0; i < MAX_VERIFICATION_EMAILS_PER_HOUR; i++) {
      const { agent, user } = await makePlayer(t);
      expect((await changeEmail(agent, user.id, victim)).status).toBe(200);
    }
    const { agent, user } = await makePlayer(t);
    expect((await changeEmail(agent, user.id, victim)).status).toBe(429);
    expect(mailsTo(victim)).toHaveLength(MAX_VERIFICATION_EMAILS_PER_HOUR);
  });

  it("carry nothing the requester chose: no first name, no free text", async () => {
    const { agent, user } = await makePlayer(t, { firstName: "Visit evil.example now" });
    const target = uniqueEmail("someone-else");
    expect((await changeEmail(agent, user.id, target)).status).toBe(200);
    const [mail] = mailsTo(target);
    expect(mail?.headers.Subject).toBe("Verify your e-mail address");
    expect(mail?.body).not.toContain("evil.example");
    expect(mail?.body).toMatch(/^Hello,/);
  });
});

describe("account enumeration", () => {
  it("an e-mail change answers the same whether the new address is taken or not; the owner of a taken one is told instead", async () => {
    const { email: taken } = await makePlayer(t);
    const free = uniqueEmail("free");
    const a = await makePlayer(t);
    const b = await makePlayer(t);
    const toTaken = await changeEmail(a.agent, a.user.id, taken);
    const toFree = await changeEmail(b.agent, b.user.id, free);
    expect(toTaken.status).toBe(toFree.status);
    expect(Object.keys(toTaken.body).sort()).toEqual(Object.keys(toFree.body).sort());
    expect(toTaken.body.pendingEmail).toBe(taken);
    expect(toFree.body.pendingEmail).toBe(free);
    // The owner of the taken address hears of it, with no link to follow.
    const notice = mailsTo(taken).filter((m) => m.headers.Subject === "Someone tried to use your e-mail address");
    expect(notice).toHaveLength(1);
    expect(notice[0]!.body).not.toMatch(/verify-email\?token=/);
    expect(mailsTo(free).filter((m) => /verify-email\?token=/.test(m.body))).toHaveLength(1);
  });

  it("forgot-password answers alike and takes the same time, known address or not, even with a slow mail server", async () => {
    const { email } = await makePlayer(t);
    const send = t.deps.mailer.send.bind(t.deps.mailer);
    vi.spyOn(t.deps.mailer, "send").mockImplementation(async (mail) => {
      await new Promise((r) => setTimeout(r, 1500));
      return send(mail);
    });
    const timed = async (address: string) => {
      const started = performance.now();
      const res = await request(t.app).post("/api/auth/forgot-password").set("X-Forwarded-For", randomClientIp()).send({ email: address });
      return { res, ms: performance.now() - started };
    };
    const known = await timed(email);
    const unknown = await timed(uniqueEmail("nobody"));
    expect(known.res.status).toBe(200);
    expect(unknown.res.body).toEqual(known.res.body);
    for (const { ms } of [known, unknown]) {
      expect(ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 5);
      expect(ms).toBeLessThan(1400); // the slow mail finishes after the answer
    }
  });
});

describe("passwords", () => {
  it("the current password of an e-mail change is limited like sign-in, on the account's sign-in counters", async () => {
    const { agent, user, email } = await makePlayer(t);
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT; i++) {
      const wrong = await changeEmail(agent, user.id, uniqueEmail("x"), `wrong-guess-${i}`);
      expect(wrong.status).toBe(400);
    }
    const locked = await changeEmail(agent, user.id, uniqueEmail("x"), DEFAULT_PASSWORD);
    expect(locked.status).toBe(429);
    const login = await request(t.app)
      .post("/api/auth/login")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email, password: DEFAULT_PASSWORD });
    expect(login.status).toBe(429);
    expect(login.body.message).toBe(LimitMessages.ACCOUNT_LOCKED);
  });

  it("ten wrong passwords lock sign-in; a successful reset lifts every failed-login limit (per account, and per address and account)", async () => {
    const { email } = await makePlayer(t);
    const address = randomClientIp();
    const login = (password: string) => request(t.app).post("/api/auth/login").set("X-Forwarded-For", address).send({ email, password });
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT; i++) expect((await login(`nope-${i}`)).status).toBe(401);
    expect((await login(DEFAULT_PASSWORD)).status).toBe(429);
    await resetPasswordByMail(t, email, "a-brand-new-passphrase");
    expect((await login("a-brand-new-passphrase")).status).toBe(200);
  });

  it("a new password on the list of common breached passwords is refused with a clear message; the minimum of 6 stays", async () => {
    for (const password of ["password123", "123456", "qwerty123"]) {
      const res = await request(t.app)
        .post("/api/auth/register")
        .set("X-Forwarded-For", randomClientIp())
        .send({ email: uniqueEmail("weak"), password, firstName: "W", lastName: "P" });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: PasswordMessages.COMMON, field: "password" });
    }
    const short = await request(t.app)
      .post("/api/auth/register")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email: uniqueEmail("short"), password: "abc", firstName: "W", lastName: "P" });
    expect(short.body.message).toBe("Password must be at least 6 characters");
    const { email } = await makePlayer(t, { password: "lacrosse-at-dusk" });
    await expect(resetPasswordByMail(t, email, "password123")).rejects.toThrow(/too common/);
  });

  it("after a reset, every other reset link dies and the calendar feed token is replaced", async () => {
    const { agent, email } = await makePlayer(t);
    const before = (await agent.get("/api/calendar/token")).body as { token: string; url: string };
    expect((await request(t.app).get(`/api/calendar.ics?token=${encodeURIComponent(before.token)}`)).status).toBe(200);
    await request(t.app).post("/api/auth/forgot-password").set("X-Forwarded-For", randomClientIp()).send({ email });
    const firstLink = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mailsTo(email).at(-1)!.body)![1]!;
    await resetPasswordByMail(t, email, "second-link-wins");
    const stale = await request(t.app)
      .post("/api/auth/reset-password")
      .send({ token: decodeURIComponent(firstLink), password: "first-link-late" });
    expect(stale.status).toBe(400);
    expect((await request(t.app).get(`/api/calendar.ics?token=${encodeURIComponent(before.token)}`)).status).toBe(404);
    const again = request.agent(t.app);
    await again.post("/api/auth/login").set("X-Forwarded-For", randomClientIp()).send({ email, password: "second-link-wins" }).expect(200);
    const after = (await again.get("/api/calendar/token")).body as { token: string };
    expect(after.token).not.toBe(before.token);
    expect((await request(t.app).get(`/api/calendar.ics?token=${encodeURIComponent(after.token)}`)).status).toBe(200);
  });
});

describe("an unexpected database error is logged without parameter values", () => {
  it("no e-mail, hash or phone number from the failed query, its cause or its stack reaches the log", async () => {
    const lines: string[] = [];
    const logger = createLogger("error", new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }));
    const email = "private-person@example.com";
    const phone = "4105550199";
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$secret";
    const failures: unknown[] = [];
    // A value the database refuses (its message quotes it) and a duplicate key (its detail names it).
    await t.deps.database.db.execute(sql`select ${email}::int, ${phone}, ${hash}`).catch((err: unknown) => failures.push(err));
    const { email: taken } = await makePlayer(t);
    await t.deps.database.db
      .execute(sql`insert into users (email, user_type, password_hash, phone_number) values (${taken}, 'player', ${hash}, ${phone})`)
      .catch((err: unknown) => failures.push(err));
    expect(failures).toHaveLength(2);
    const handle = errorHandler(logger);
    for (const err of failures) {
      const res = { headersSent: false, status: () => res, json: () => res } as unknown as Parameters<typeof handle>[2];
      handle(err, { id: 1 } as unknown as Parameters<typeof handle>[1], res, () => {});
    }
    const log = lines.join("");
    expect(log).toContain("unhandled error");
    expect(log).toContain("22P02"); // what went wrong stays: the codes and the query text
    expect(log).toContain("23505");
    for (const secret of [email, phone, hash, taken, "argon2id"]) expect(log).not.toContain(secret);
  });
});

describe("served over HTTPS (APP_URL https)", () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ APP_URL: "https://lacrosse.example" });
  });
  afterAll(async () => secure.close());

  it("the session cookie is __Host- prefixed (Secure, Path=/, no Domain) and read back", async () => {
    const agent = secure.agent();
    const res = await agent
      .post("/api/auth/register")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email: uniqueEmail("https"), password: DEFAULT_PASSWORD, firstName: "H", lastName: "S" });
    expect(res.status).toBe(201);
    const cookie = String(res.headers["set-cookie"]?.[0]);
    expect(cookie).toMatch(/^__Host-sid=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const me = await request(secure.app).get("/api/auth/user").set("Cookie", cookie.split(";")[0]!);
    expect(me.status).toBe(200);
  });

  it("the Origin check compares scheme, host and port with APP_URL's exactly", async () => {
    const logout = (origin: string) => request(secure.app).post("/api/auth/logout").set("Origin", origin);
    expect((await logout("https://lacrosse.example")).status).toBe(200);
    for (const origin of [
      "http://lacrosse.example",
      "https://lacrosse.example:8443",
      "https://evil.lacrosse.example",
      "https://lacrosse.example.evil",
    ]) {
      expect((await logout(origin)).status).toBe(403);
    }
    // The Host a request names does not make its origin the app's when APP_URL is a real address.
    expect(
      (await request(secure.app).post("/api/auth/logout").set("Host", "evil.example").set("Origin", "https://evil.example")).status,
    ).toBe(403);
  });
});
