import { assert, describe, expect, it } from "vitest";
import { makePlayer, registerUser } from "@tests/factories/users";
import { uniqueEmail } from "@tests/factories/basics";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp({ APP_URL: "http://app.example.test" });

const FORGOT_ANSWER = "If an account with that email exists, you'll receive a password reset link within a few minutes.";
const INVALID_LINK = "This password reset link is invalid or has expired";

/** Asks for a reset and returns the token from the link in the e-mail that arrived in the outbox. */
async function requestResetToken(email: string): Promise<string> {
  const before = t.outbox().length;
  const res = await t.agent().post("/api/auth/forgot-password").send({ email });
  expect(res.status).toBe(200);
  const mails = t.outbox().slice(before);
  expect(mails).toHaveLength(1);
  const token = /http:\/\/app\.example\.test\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mails[0]?.body ?? "")?.[1];
  assert.exists(token, "a reset link in the e-mail");
  return decodeURIComponent(token);
}

describe("POST /api/auth/forgot-password", () => {
  it("e-mails a reset link for an existing account", async () => {
    const { email } = await makePlayer(t, { firstName: "Riley" });
    const before = t.outbox().length;
    const res = await t.agent().post("/api/auth/forgot-password").send({ email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: FORGOT_ANSWER });
    const mail = t.outbox().slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.recipient).toBe(email);
    expect(mail[0]?.headers.Subject).toBe("Reset your password");
    expect(mail[0]?.body).toContain("Hi Riley,");
    expect(mail[0]?.body).toMatch(/http:\/\/app\.example\.test\/reset-password\?token=\S+/);
  });

  it("answers exactly the same for an unknown e-mail and sends nothing", async () => {
    const { email } = await makePlayer(t);
    const known = await t.agent().post("/api/auth/forgot-password").send({ email });
    const before = t.outbox().length;
    const unknown = await t
      .agent()
      .post("/api/auth/forgot-password")
      .send({ email: uniqueEmail("ghost") });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(t.outbox().length).toBe(before);
  });

  it("refuses an invalid e-mail with the spec's message", async () => {
    const res = await t.agent().post("/api/auth/forgot-password").send({ email: "not-an-email" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please enter a valid email address");
  });
});

describe("verify and reset", () => {
  it("accepts a fresh token, sets the new password, and signs the user out everywhere", async () => {
    const agent = t.agent();
    const { email, password } = await registerUser(agent);
    const token = await requestResetToken(email);

    const verify = await t.agent().post("/api/auth/verify-reset-token").send({ token });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ valid: true });

    const reset = await t.agent().post("/api/auth/reset-password").send({ token, password: "brand-new-pass" });
    expect(reset.status).toBe(200);
    expect(reset.body.success).toBe(true);

    expect((await agent.get("/api/auth/user")).status).toBe(401);
    expect((await t.agent().post("/api/auth/login").send({ email, password })).status).toBe(401);
    expect((await t.agent().post("/api/auth/login").send({ email, password: "brand-new-pass" })).status).toBe(200);
  });

  it("refuses a token that was already used", async () => {
    const { email } = await makePlayer(t);
    const token = await requestResetToken(email);
    expect((await t.agent().post("/api/auth/reset-password").send({ token, password: "first-new-pass" })).status).toBe(200);

    const again = await t.agent().post("/api/auth/reset-password").send({ token, password: "second-new-pass" });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID_LINK);
    const verify = await t.agent().post("/api/auth/verify-reset-token").send({ token });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe(INVALID_LINK);
    expect((await t.agent().post("/api/auth/login").send({ email, password: "first-new-pass" })).status).toBe(200);
  });

  it("refuses an unknown token", async () => {
    const verify = await t.agent().post("/api/auth/verify-reset-token").send({ token: "no-such-token" });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe(INVALID_LINK);
    const reset = await t.agent().post("/api/auth/reset-password").send({ token: "no-such-token", password: "whatever1" });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(INVALID_LINK);
  });

  it("refuses a missing token with the invalid-link message", async () => {
    const verify = await t.agent().post("/api/auth/verify-reset-token").send({});
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe(INVALID_LINK);
  });

  it("refuses a short new password without using up the token", async () => {
    const { email } = await makePlayer(t);
    const token = await requestResetToken(email);
    const short = await t.agent().post("/api/auth/reset-password").send({ token, password: "12345" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password must be at least 6 characters");
    expect((await t.agent().post("/api/auth/verify-reset-token").send({ token })).status).toBe(200);
  });

  it("expires a token after 1 hour", async () => {
    const { email, password } = await makePlayer(t);
    const token = await requestResetToken(email);
    await t.agent().post("/api/test/clock").send({ advanceMinutes: 59 }).expect(200);
    expect((await t.agent().post("/api/auth/verify-reset-token").send({ token })).status).toBe(200);

    await t.agent().post("/api/test/clock").send({ advanceMinutes: 2 }).expect(200);
    const verify = await t.agent().post("/api/auth/verify-reset-token").send({ token });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe(INVALID_LINK);
    const reset = await t.agent().post("/api/auth/reset-password").send({ token, password: "too-late-pass" });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(INVALID_LINK);
    expect((await t.agent().post("/api/auth/login").send({ email, password })).status).toBe(200);
  });

  it("expires a token once the clock is 61 minutes later", async () => {
    const { email } = await makePlayer(t);
    const token = await requestResetToken(email);
    await t.agent().post("/api/test/clock").send({ advanceMinutes: 61 }).expect(200);
    const verify = await t.agent().post("/api/auth/verify-reset-token").send({ token });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe(INVALID_LINK);
  });
});
