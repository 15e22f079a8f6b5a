import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { makePlayer, verifyEmail } from "@tests/factories/users";
import { uniqueEmail } from "@tests/factories/basics";
import { googleIdentity, startOidcStandIn, type OidcStandIn } from "@tests/support/oidc-stand-in";
import { startTestApp, type TestApp } from "@tests/support/test-app";

let oidc: OidcStandIn;
let issuer: string;
let t: TestApp;

beforeAll(async () => {
  oidc = await startOidcStandIn();
  issuer = oidc.issuer;
  t = await startTestApp({
    GOOGLE_CLIENT_ID: "test-client",
    GOOGLE_CLIENT_SECRET: "test-secret",
    GOOGLE_ISSUER: issuer,
    ADMIN_EMAILS: "google-boss@example.com",
  });
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});

type Agent = ReturnType<TestApp["agent"]>;
const signInWithGoogle = (agent: Agent, intent: string, claims: Record<string, unknown>) => oidc.signInWithGoogle(agent, intent, claims);
const identity = googleIdentity;

describe("Google sign-in", () => {
  it("redirects to the issuer with PKCE, state and nonce, keeping them in an HttpOnly SameSite=Lax cookie", async () => {
    const res = await t.agent().get("/api/auth/google?intent=player");
    expect(res.status).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.searchParams.get("client_id")).toBe("test-client");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:5000/api/auth/google/callback");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("scope")).toContain("email");
    const cookie = res.headers["set-cookie"]?.[0];
    expect(cookie).toMatch(/^google_oidc=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("creates a player for a new Google account and signs them in", async () => {
    const agent = t.agent();
    const who = identity();
    const res = await signInWithGoogle(agent, "player", who);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    const me = await agent.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: who.email, firstName: "Jamie", lastName: "Goalie", userType: "player", hasPassword: false });
  });

  it("creates a coach when the intent is coach", async () => {
    const agent = t.agent();
    const res = await signInWithGoogle(agent, "coach", identity());
    expect(res.headers.location).toBe("/coach-onboarding");
    expect((await agent.get("/api/auth/user")).body.userType).toBe("coach");
  });

  it("links an existing account with the same verified e-mail, then finds it by subject", async () => {
    const { email, user, password } = await makePlayer(t);
    await verifyEmail(t, email);
    const who = identity({ email: email.toUpperCase() });
    const agent = t.agent();
    expect((await signInWithGoogle(agent, "coach", who)).headers.location).toBe("/");
    const me = (await agent.get("/api/auth/user")).body;
    expect(me.id).toBe(user.id);
    // The intent never changes an existing account's role.
    expect(me.userType).toBe("player");

    const again = t.agent();
    await signInWithGoogle(again, "player", { ...who, email: uniqueEmail("changed") });
    expect((await again.get("/api/auth/user")).body.id).toBe(user.id);
    // The password still works after linking.
    expect((await t.agent().post("/api/auth/login").send({ email, password })).status).toBe(200);
  });

  it("refuses to link an existing account to an unverified e-mail", async () => {
    const { email } = await makePlayer(t);
    const agent = t.agent();
    const res = await signInWithGoogle(agent, "player", identity({ email, email_verified: false }));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/login?error=google_failed");
    expect((await agent.get("/api/auth/user")).status).toBe(401);
  });

  it("does not hand an account linked to one Google identity to another identity with the same e-mail", async () => {
    const first = identity();
    const owner = t.agent();
    await signInWithGoogle(owner, "player", first);
    const ownerId = (await owner.get("/api/auth/user")).body.id;

    const intruder = t.agent();
    const res = await signInWithGoogle(intruder, "player", identity({ email: first.email }));
    expect(res.headers.location).toBe("/login?error=google_failed");
    expect((await intruder.get("/api/auth/user")).status).toBe(401);

    const again = t.agent();
    await signInWithGoogle(again, "player", first);
    expect((await again.get("/api/auth/user")).body.id).toBe(ownerId);
  });

  it("reads the e-mail from the userinfo endpoint when the ID token has none", async () => {
    const sub = `google-userinfo-${Date.now()}`;
    const email = uniqueEmail("userinfo");
    oidc.server.service.once("beforeUserinfo", (response) => {
      response.body = { sub, email, email_verified: true, given_name: "Uma" };
    });
    const agent = t.agent();
    const res = await signInWithGoogle(agent, "player", { sub });
    expect(res.headers.location).toBe("/");
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ email, firstName: "Uma" });
  });

  it("makes an admin of an e-mail in ADMIN_EMAILS", async () => {
    const agent = t.agent();
    const res = await signInWithGoogle(agent, "player", identity({ email: "google-boss@example.com" }));
    expect(res.headers.location).toBe("/admin");
    expect((await agent.get("/api/auth/user")).body.userType).toBe("admin");
  });

  it("sends the browser back to the login page when the issuer refuses the code", async () => {
    oidc.server.service.once("beforeResponse", (response) => {
      response.statusCode = 400;
      response.body = { error: "invalid_grant" };
    });
    const agent = t.agent();
    const res = await signInWithGoogle(agent, "player", identity());
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/login?error=google_failed");
    expect((await agent.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses a callback without the sign-in cookie or with a wrong state", async () => {
    const noCookie = await t.agent().get("/api/auth/google/callback?code=abc&state=def");
    expect(noCookie.status).toBe(302);
    expect(noCookie.headers.location).toBe("/login?error=google_failed");

    const agent = t.agent();
    const start = await agent.get("/api/auth/google?intent=player");
    const authorize = await fetch(String(start.headers.location), { redirect: "manual" });
    const back = new URL(authorize.headers.get("location")!);
    back.searchParams.set("state", "forged-state");
    const forged = await agent.get(back.pathname + back.search);
    expect(forged.headers.location).toBe("/login?error=google_failed");
    expect((await agent.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses a tampered sign-in cookie", async () => {
    const agent = t.agent();
    const start = await agent.get("/api/auth/google?intent=player");
    const value = /google_oidc=([^;]+)/.exec(String(start.headers["set-cookie"]?.[0]))?.[1];
    assert.exists(value, "the sign-in cookie");
    const [payload = "", signature] = value.split(".");
    const flow = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const tampered = Buffer.from(JSON.stringify({ ...flow, intent: "coach" })).toString("base64url");
    const authorize = await fetch(String(start.headers.location), { redirect: "manual" });
    const back = new URL(authorize.headers.get("location")!);
    const res = await t
      .agent()
      .get(back.pathname + back.search)
      .set("Cookie", `google_oidc=${tampered}.${signature}`);
    expect(res.headers.location).toBe("/login?error=google_failed");
  });

  // Starts a second app inside the test, which is slow on a busy machine.
  it("sends the browser back to the login page when the issuer cannot be reached", async () => {
    const other = await startTestApp({ GOOGLE_CLIENT_ID: "x", GOOGLE_CLIENT_SECRET: "y", GOOGLE_ISSUER: "http://127.0.0.1:9/" });
    try {
      const res = await other.agent().get("/api/auth/google?intent=player");
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/login?error=google_failed");
    } finally {
      await other.close();
    }
  }, 90_000);
});
