import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { makePlayer, randomClientIp, registerUser, verifyEmail } from "@tests/factories/users";
import { uniqueEmail } from "@tests/factories/basics";
import { type TestApp, useTestApp } from "@tests/support/test-app";

const t = useTestApp({ ADMIN_EMAILS: "boss@example.com, Chief@Example.com" });

const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: "secret12",
  firstName: "Casey",
  lastName: "Stick",
  ...overrides,
});

/** Each request from its own client address, so this file stays under AUTH_IP_LIMIT (tested in accounts-rate-limit). */
const post = (agent: ReturnType<TestApp["agent"]>, url: string) => agent.post(url).set("X-Forwarded-For", randomClientIp());

describe("POST /api/auth/register", () => {
  it("creates a player by default, signs them in and sends them to /", async () => {
    const agent = t.agent();
    const body = validRegistration();
    const res = await post(agent, "/api/auth/register").send(body);
    expect(res.status).toBe(201);
    expect(res.body.redirectUrl).toBe("/");
    expect(res.body.user).toMatchObject({
      email: body.email,
      firstName: "Casey",
      lastName: "Stick",
      userType: "player",
      coachId: null,
      hasPassword: true,
      goals: [],
    });
    expect(res.body.user).not.toHaveProperty("passwordHash");
    const cookie = res.headers["set-cookie"]?.[0] ?? "";
    expect(cookie).toMatch(/^sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await agent.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.user.id);
  });

  it("stores the password as an argon2id hash, never in clear", async () => {
    const body = validRegistration();
    await post(t.agent(), "/api/auth/register").send(body);
    const rows = await t.deps.database.db.execute<{ password_hash: string }>(
      sql`select password_hash from users where email = ${body.email}`,
    );
    const hash = (rows as unknown as { rows: { password_hash: string }[] }).rows[0]?.password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(body.password);
  });

  it("lower-cases and trims the e-mail", async () => {
    const res = await post(t.agent(), "/api/auth/register").send(validRegistration({ email: "  Mixed.Case@Example.COM " }));
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe("mixed.case@example.com");
  });

  it("makes a coach when userType is coach and sends them to onboarding", async () => {
    const res = await post(t.agent(), "/api/auth/register").send(validRegistration({ userType: "coach" }));
    expect(res.status).toBe(201);
    expect(res.body.user.userType).toBe("coach");
    expect(res.body.redirectUrl).toBe("/coach-onboarding");
  });

  it("makes a coach when only intent is coach", async () => {
    const res = await post(t.agent(), "/api/auth/register").send(validRegistration({ intent: "coach" }));
    expect(res.body.user.userType).toBe("coach");
  });

  it("never grants admin from the request", async () => {
    const res = await post(t.agent(), "/api/auth/register").send(validRegistration({ userType: "admin" }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("userType must be player or coach");
  });

  it("makes an admin of an e-mail in ADMIN_EMAILS (any case) once its link is followed, and sends them to /admin", async () => {
    const agent = t.agent();
    const res = await post(agent, "/api/auth/register").send(validRegistration({ email: "chief@example.com" }));
    expect(res.status).toBe(201);
    // Typing the address proves nothing: a player until the link mailed to it is followed.
    expect(res.body.user).toMatchObject({ userType: "player", emailVerified: false });
    expect(res.body.redirectUrl).toBe("/");
    await verifyEmail(t, "chief@example.com");
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ userType: "admin", emailVerified: true });
    const login = await post(t.agent(), "/api/auth/login").send({ email: "chief@example.com", password: "secret12" });
    expect(login.body.redirectUrl).toBe("/admin");
  });

  it("refuses an e-mail that is already registered, whatever its case", async () => {
    const body = validRegistration({ email: "taken@example.com" });
    expect((await post(t.agent(), "/api/auth/register").send(body)).status).toBe(201);
    const again = await post(t.agent(), "/api/auth/register").send({ ...body, email: "TAKEN@Example.com" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("An account with this email already exists");
  });

  it.each([
    ["an invalid e-mail", { email: "not-an-email" }, "Please enter a valid email address"],
    ["a missing e-mail", { email: undefined }, "Please enter a valid email address"],
    ["a short password", { password: "12345" }, "Password must be at least 6 characters"],
    ["a missing password", { password: undefined }, "Password must be at least 6 characters"],
    ["an empty first name", { firstName: "  " }, "First name is required"],
    ["a missing first name", { firstName: undefined }, "First name is required"],
    ["an empty last name", { lastName: "" }, "Last name is required"],
    ["a missing last name", { lastName: undefined }, "Last name is required"],
  ])("refuses %s with the spec's message and creates nothing", async (_label, change, message) => {
    const body = validRegistration(change);
    const agent = t.agent();
    const res = await post(agent, "/api/auth/register").send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.headers["set-cookie"]).toBeUndefined();
    if (typeof body.email === "string" && body.email.includes("@")) {
      const login = await post(t.agent(), "/api/auth/login").send({ email: body.email, password: "secret12" });
      expect(login.status).toBe(401);
    }
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password and answers the user and redirectUrl", async () => {
    const { email, password, user } = await makePlayer(t);
    const agent = t.agent();
    const res = await post(agent, "/api/auth/login").send({ email: email.toUpperCase(), password });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expect(res.body.redirectUrl).toBe("/");
    expect((await agent.get("/api/auth/user")).body.email).toBe(email);
  });

  it("answers the same 401 for an unknown e-mail and for a wrong password", async () => {
    const { email } = await makePlayer(t);
    const wrong = await post(t.agent(), "/api/auth/login").send({ email, password: "wrong-password" });
    const unknown = await post(t.agent(), "/api/auth/login").send({ email: uniqueEmail("nobody"), password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe("Invalid email or password");
    expect(wrong.headers["set-cookie"]).toBeUndefined();
  });

  it("validates e-mail and password with the spec's messages", async () => {
    const badEmail = await post(t.agent(), "/api/auth/login").send({ email: "nope", password: "secret12" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe("Please enter a valid email address");
    const shortPassword = await post(t.agent(), "/api/auth/login").send({ email: "a@example.com", password: "123" });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toBe("Password must be at least 6 characters");
  });

  it("rotates the session: the cookie from before login no longer works", async () => {
    const registrant = t.agent();
    const reg = await post(registrant, "/api/auth/register").send(validRegistration());
    const firstSid = /sid=([^;]+)/.exec(String(reg.headers["set-cookie"]?.[0]))?.[1];
    const login = await t
      .agent()
      .post("/api/auth/login")
      .set("X-Forwarded-For", randomClientIp())
      .set("Cookie", `sid=${firstSid}`)
      .send({ email: reg.body.user.email, password: "secret12" });
    expect(login.status).toBe(200);
    const secondSid = /sid=([^;]+)/.exec(String(login.headers["set-cookie"]?.[0]))?.[1];
    expect(secondSid).not.toBe(firstSid);
    const withOld = await t.agent().get("/api/auth/user").set("Cookie", `sid=${firstSid}`);
    expect(withOld.status).toBe(401);
    const withNew = await t.agent().get("/api/auth/user").set("Cookie", `sid=${secondSid}`);
    expect(withNew.status).toBe(200);
    expect(withNew.body.id).toBe(reg.body.user.id);
  });

  it("promotes a user whose e-mail is in ADMIN_EMAILS when they sign in", async () => {
    // The address was added to ADMIN_EMAILS after registration: the account is a player until it signs in again.
    const agent = t.agent();
    await post(agent, "/api/auth/register").send(validRegistration({ email: "boss@example.com" }));
    await t.deps.database.db.execute(sql`update users set user_type = 'player', email_verified = true where email = 'boss@example.com'`);
    expect((await agent.get("/api/auth/user")).body.userType).toBe("player");
    const res = await post(t.agent(), "/api/auth/login").send({ email: "boss@example.com", password: "secret12" });
    expect(res.status).toBe(200);
    expect(res.body.user.userType).toBe("admin");
    expect(res.body.redirectUrl).toBe("/admin");
  });

  it("sends a coach with a profile to /coach-dashboard and reports the coachId", async () => {
    const { email, password, user } = await registerUser(t.agent(), { userType: "coach" });
    const inserted = await t.deps.database.db.execute<{ id: number }>(
      sql`insert into coaches (user_id, title, zipcode, time_zone) values (${user.id}, 'Coach', '10001', 'America/New_York') returning id`,
    );
    const coachId = (inserted as unknown as { rows: { id: number }[] }).rows[0]?.id;
    const res = await post(t.agent(), "/api/auth/login").send({ email, password });
    expect(res.body.redirectUrl).toBe("/coach-dashboard");
    expect(res.body.user.coachId).toBe(coachId);
  });
});

describe("POST /api/auth/logout and GET /api/auth/user", () => {
  it("answers 401 Unauthorized when signed out", async () => {
    const res = await t.agent().get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Unauthorized");
  });

  it("ends the session and clears the cookie", async () => {
    const agent = t.agent();
    const reg = await post(agent, "/api/auth/register").send(validRegistration());
    const sid = /sid=([^;]+)/.exec(String(reg.headers["set-cookie"]?.[0]))?.[1];
    const res = await agent.post("/api/auth/logout");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers["set-cookie"]?.[0]).toMatch(/^sid=;/);
    expect((await agent.get("/api/auth/user")).status).toBe(401);
    // The token is gone on the server too, not only from the browser.
    expect((await t.agent().get("/api/auth/user").set("Cookie", `sid=${sid}`)).status).toBe(401);
  });

  it("answers success when already signed out", async () => {
    const res = await t.agent().post("/api/auth/logout");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
  });

  it("treats a forged cookie as signed out", async () => {
    const res = await t.agent().get("/api/auth/user").set("Cookie", "sid=forged-token-forged-token-forged");
    expect(res.status).toBe(401);
  });
});

describe("browser navigations", () => {
  it("GET /api/login redirects to /login", async () => {
    const res = await t.agent().get("/api/login");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/login");
  });

  it.each(["coach", "player"])("GET /api/login keeps intent=%s", async (intent) => {
    const res = await t.agent().get(`/api/login?intent=${intent}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/login?intent=${intent}`);
  });

  it("GET /api/login drops an unknown intent", async () => {
    const res = await t.agent().get("/api/login?intent=admin");
    expect(res.headers.location).toBe("/login");
  });

  it("GET /api/auth/google without Google configured explains instead of failing", async () => {
    const res = await t.agent().get("/api/auth/google?intent=coach");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/login?error=google_unavailable");
    const callback = await t.agent().get("/api/auth/google/callback?code=x&state=y");
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe("/login?error=google_unavailable");
  });
});
