import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILED_LOGINS_PER_ACCOUNT, LimitMessages, MAX_RESET_EMAILS_PER_HOUR } from "@contract/limits";
import { FOREIGN_ORIGIN, JSON_ONLY } from "@server/http/request-guards";
import { DEFAULT_PASSWORD, randomClientIp, registerUser } from "@tests/factories/users";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/** Issue 13, requests: rate limits cannot be dodged, and no other site can act with a user's cookies. */
let direct: TestApp; // the default: no proxy in front, X-Forwarded-For believed from nobody
let proxied: TestApp; // TRUST_PROXY=loopback, as the other suites run

beforeAll(async () => {
  direct = await startTestApp({ TRUST_PROXY: "", AUTH_IP_LIMIT: "5" });
  proxied = await startTestApp({ TRUST_PROXY: "loopback" });
  // Two embedded databases start here; a busy machine needs more than the default minute.
}, 180_000);
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

describe("attack: rotate X-Forwarded-For to get unlimited attempts", () => {
  it("without TRUST_PROXY the header is ignored, so the address's limit holds", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await request(direct.app)
        .post("/api/auth/login")
        .set("X-Forwarded-For", randomClientIp())
        .send({ email: `nobody-${i}@example.com`, password: "wrong-password" });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("with TRUST_PROXY, failed logins of one account are limited whatever the address, even the right password then waits", async () => {
    const { email } = await registerUser(proxied.agent());
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT; i++) {
      const res = await request(proxied.app)
        .post("/api/auth/login")
        .set("X-Forwarded-For", randomClientIp())
        .send({ email, password: `guess-${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await request(proxied.app)
      .post("/api/auth/login")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email: email.toUpperCase(), password: DEFAULT_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(LimitMessages.ACCOUNT_LOCKED);

    // 15 minutes later the account signs in again.
    await request(proxied.app).post("/api/test/clock").send({ advanceMinutes: 16 });
    const later = await request(proxied.app)
      .post("/api/auth/login")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email, password: DEFAULT_PASSWORD });
    expect(later.status).toBe(200);
  });

  it("forgot-password mails to one address are limited whatever the sender's address, without telling whether it exists", async () => {
    for (const email of ["reset-victim@example.com", "no-such-account@example.com"]) {
      for (let i = 0; i < MAX_RESET_EMAILS_PER_HOUR; i++) {
        const res = await request(proxied.app).post("/api/auth/forgot-password").set("X-Forwarded-For", randomClientIp()).send({ email });
        expect(res.status).toBe(200);
      }
      const flood = await request(proxied.app).post("/api/auth/forgot-password").set("X-Forwarded-For", randomClientIp()).send({ email });
      expect(flood.status).toBe(429);
      expect(flood.body.message).toBe(LimitMessages.TOO_MANY_RESET_EMAILS);
    }
  });
});

describe("attack: a cross-site form signs the victim into the attacker's account (login CSRF)", () => {
  it("a form-encoded login is refused with 415 and signs nobody in", async () => {
    const { email } = await registerUser(proxied.agent());
    const res = await request(proxied.app)
      .post("/api/auth/login")
      .set("X-Forwarded-For", randomClientIp())
      .type("form")
      .send(`email=${encodeURIComponent(email)}&password=${DEFAULT_PASSWORD}`);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(JSON_ONLY);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("a request from another origin is refused with 403, whatever its body", async () => {
    const { email } = await registerUser(proxied.agent());
    for (const send of [
      (r: request.Test) => r.send({ email, password: DEFAULT_PASSWORD }),
      (r: request.Test) => r.type("text/plain").send(JSON.stringify({ email, password: DEFAULT_PASSWORD })),
    ]) {
      const res = await send(
        request(proxied.app).post("/api/auth/login").set("Origin", "https://evil.example").set("X-Forwarded-For", randomClientIp()),
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(FOREIGN_ORIGIN);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    const nullOrigin = await request(proxied.app).post("/api/auth/logout").set("Origin", "null");
    expect(nullOrigin.status).toBe(403);
  });

  it("the app's own origin, and clients that send no Origin, are served", async () => {
    const { email } = await registerUser(proxied.agent());
    const ownOrigin = await request(proxied.app)
      .post("/api/auth/login")
      .set("Origin", "http://localhost:5000")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email, password: DEFAULT_PASSWORD });
    expect(ownOrigin.status).toBe(200);
    const noOrigin = await request(proxied.app)
      .post("/api/auth/login")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email, password: DEFAULT_PASSWORD });
    expect(noOrigin.status).toBe(200);
    // A body-less POST needs no content type.
    expect((await request(proxied.app).post("/api/auth/logout")).status).toBe(200);
  });

  it("a PUT with a form-encoded body is refused too", async () => {
    const { agent, user } = await registerUser(proxied.agent());
    const res = await agent
      .put(`/api/users/${user.id}`)
      .type("form")
      .send("firstName=Eve&lastName=M&email=x%40example.com&phoneNumber=4105550100");
    expect(res.status).toBe(415);
    expect((await agent.get("/api/auth/user")).body.firstName).toBe("Test");
  });
});

describe("cookies and caching", () => {
  it("answers with personal data are never stored by a cache", async () => {
    const { agent } = await registerUser(proxied.agent());
    const me = await agent.get("/api/auth/user");
    expect(me.headers["cache-control"]).toBe("no-store");
    expect((await request(proxied.app).get("/api/auth/user")).headers["cache-control"]).toBe("no-store");
  });

  it("the session cookie is Secure when APP_URL is https, and not over plain http", async () => {
    const secure = await startTestApp({ APP_URL: "https://coaching.example" });
    try {
      const res = await request(secure.app)
        .post("/api/auth/register")
        .set("X-Forwarded-For", randomClientIp())
        .send({ email: "secure-cookie@example.com", password: DEFAULT_PASSWORD, firstName: "S", lastName: "C" });
      expect(res.status).toBe(201);
      expect(res.headers["set-cookie"]?.[0]).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
    const plain = await request(proxied.app)
      .post("/api/auth/register")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email: "plain-cookie@example.com", password: DEFAULT_PASSWORD, firstName: "S", lastName: "C" });
    expect(plain.headers["set-cookie"]?.[0]).not.toMatch(/Secure/);
    expect(plain.headers["set-cookie"]?.[0]).toMatch(/HttpOnly/);
  });
});
