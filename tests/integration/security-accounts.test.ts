import { eq, sql } from "drizzle-orm";
import { hash, verify } from "@node-rs/argon2";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmailVerificationMessages, INVALID_VERIFY_LINK } from "@contract/accounts";
import { LimitMessages, MAX_VERIFICATION_EMAILS_PER_HOUR } from "@contract/limits";
import { users } from "@server/db/schema/index";
import {
  DEFAULT_PASSWORD,
  makePlayer,
  randomClientIp,
  resetPasswordByMail,
  verificationTokenFor,
  verifyEmail,
} from "@tests/factories/users";
import { uniqueEmail } from "@tests/factories/basics";
import { googleIdentity, startOidcStandIn, type OidcStandIn } from "@tests/support/oidc-stand-in";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * Issue 13, accounts: admin rights never follow an address nobody proved they own, and a Google
 * sign-in never inherits a password set by someone who did not own the address.
 */
const ADMIN = "head-coach-admin@example.com";
const GOOGLE_ADMIN = "google-admin@example.com";

let t: TestApp;
let oidc: OidcStandIn;

beforeAll(async () => {
  oidc = await startOidcStandIn();
  t = await startTestApp({
    ADMIN_EMAILS: `${ADMIN},${GOOGLE_ADMIN},unverified-google-admin@example.com,pre-hijack-admin@example.com`,
    GOOGLE_CLIENT_ID: "test-client",
    GOOGLE_CLIENT_SECRET: "test-secret",
    GOOGLE_ISSUER: oidc.issuer,
  });
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});

type Agent = ReturnType<TestApp["agent"]>;
const login = (email: string, password: string, agent: Agent = t.agent()) =>
  agent.post("/api/auth/login").set("X-Forwarded-For", randomClientIp()).send({ email, password });
/** An admin-only call: 403 for anyone else (an admin gets past the role check to the 400 of the empty body). */
const adminBookings = (agent: Agent) => agent.post("/api/admin/content-blocks").send({});
const rowOf = async (email: string) => (await t.deps.database.db.select().from(users).where(eq(users.email, email)))[0];

describe("attack: change my e-mail to an admin address that has not registered", () => {
  it("needs the current password, stays pending, and never makes the attacker an admin", async () => {
    const attacker = await makePlayer(t);
    const body = { firstName: "Eve", lastName: "Mallory", email: ADMIN, phoneNumber: "(410) 555-0100" };

    // Today's attack: no password asked.
    const noPassword = await attacker.agent.put(`/api/users/${attacker.user.id}`).send(body);
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({ message: EmailVerificationMessages.CURRENT_PASSWORD_REQUIRED, field: "currentPassword" });
    const wrongPassword = await attacker.agent.put(`/api/users/${attacker.user.id}`).send({ ...body, currentPassword: "guessed-it" });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe(EmailVerificationMessages.CURRENT_PASSWORD_WRONG);
    expect((await rowOf(attacker.email))?.firstName).toBe("Test"); // a refused change changes nothing

    // With the password, the address waits for its link, which goes to the real owner's inbox.
    const pending = await attacker.agent.put(`/api/users/${attacker.user.id}`).send({ ...body, currentPassword: DEFAULT_PASSWORD });
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ email: attacker.email, pendingEmail: ADMIN, userType: "player" });
    expect(t.outbox().some((m) => m.recipient === ADMIN && m.headers.Subject === "Verify your e-mail address")).toBe(true);

    // Signing in again (with either address) gives no admin rights.
    expect((await login(ADMIN, DEFAULT_PASSWORD)).status).toBe(401);
    const again = t.agent();
    const relogin = await login(attacker.email, DEFAULT_PASSWORD, again);
    expect(relogin.body.user.userType).toBe("player");
    expect((await adminBookings(again)).status).toBe(403);
  });

  it("a link for an address the account no longer waits for is refused", async () => {
    const user = await makePlayer(t);
    const first = uniqueEmail("first-choice");
    const second = uniqueEmail("second-choice");
    const change = (email: string) =>
      user.agent
        .put(`/api/users/${user.user.id}`)
        .send({ firstName: "A", lastName: "B", email, phoneNumber: "(410) 555-0100", currentPassword: DEFAULT_PASSWORD });
    expect((await change(first)).status).toBe(200);
    expect((await change(second)).status).toBe(200);
    const stale = await request(t.app)
      .post("/api/auth/verify-email")
      .send({ token: verificationTokenFor(t, first) });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(INVALID_VERIFY_LINK);
    expect((await user.agent.get("/api/auth/user")).body.email).toBe(user.email);
  });
});

describe("attack: register an admin address without owning it", () => {
  it("makes a player whose sign-ins never turn into admin until the mailed link is followed", async () => {
    const agent = t.agent();
    const res = await agent
      .post("/api/auth/register")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email: ADMIN.toUpperCase(), password: "attacker-pass", firstName: "Eve", lastName: "M" });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ userType: "player", emailVerified: false });
    expect((await adminBookings(agent)).status).toBe(403);
    const relogin = t.agent();
    expect((await login(ADMIN, "attacker-pass", relogin)).body.user.userType).toBe("player");
    expect((await adminBookings(relogin)).status).toBe(403);

    // The owner of the inbox follows the link: now, and only now, it is an admin.
    await verifyEmail(t, ADMIN);
    expect((await relogin.get("/api/auth/user")).body).toMatchObject({ userType: "admin", emailVerified: true });
  });
});

describe("verification links", () => {
  it("work once, expire after 48 hours, and resending is limited", async () => {
    const { agent, email } = await makePlayer(t);
    const token = verificationTokenFor(t, email);
    const verify = (value: string) => request(t.app).post("/api/auth/verify-email").send({ token: value });
    expect((await verify("not-a-real-token")).status).toBe(400);
    expect((await verify(token)).body).toMatchObject({ success: true, email });
    expect((await verify(token)).status).toBe(400); // single use
    expect((await agent.post("/api/auth/resend-verification")).body.message).toBe(EmailVerificationMessages.ALREADY_VERIFIED);

    const late = await makePlayer(t);
    const lateToken = verificationTokenFor(t, late.email);
    // 48 hours and a minute later (the token's own clock; moving the app clock would end this test's sessions too).
    await t.deps.database.db.execute(
      sql`update email_verification_tokens set expires_at = ${new Date(t.deps.clock.now().getTime() - 60_000).toISOString()}::timestamptz where user_id = ${late.user.id}`,
    );
    expect((await verify(lateToken)).body.message).toBe(INVALID_VERIFY_LINK);

    for (let i = 0; i < MAX_VERIFICATION_EMAILS_PER_HOUR; i++) {
      expect((await late.agent.post("/api/auth/resend-verification")).status).toBe(200);
    }
    const flooded = await late.agent.post("/api/auth/resend-verification");
    expect(flooded.status).toBe(429);
    expect(flooded.body.message).toBe(LimitMessages.TOO_MANY_VERIFICATION_EMAILS);
    expect((await request(t.app).post("/api/auth/resend-verification")).status).toBe(401);
  });
});

describe("attack: Google accounts and unverified addresses", () => {
  it("a new Google account whose e-mail Google did not verify is not an admin", async () => {
    const agent = t.agent();
    await oidc.signInWithGoogle(agent, "player", googleIdentity({ email: "unverified-google-admin@example.com", email_verified: false }));
    const me = (await agent.get("/api/auth/user")).body;
    expect(me).toMatchObject({ email: "unverified-google-admin@example.com", userType: "player", emailVerified: false });
    expect((await adminBookings(agent)).status).toBe(403);
  });

  it("a Google account whose e-mail Google verified is an admin when listed", async () => {
    const agent = t.agent();
    await oidc.signInWithGoogle(agent, "player", googleIdentity({ email: GOOGLE_ADMIN }));
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ userType: "admin", emailVerified: true });
  });

  it("pre-hijacking: linking Google to an unverified password account revokes that password and its sessions", async () => {
    // The attacker registers the victim's address first, with a password of their own, and stays signed in.
    const victimEmail = "pre-hijack-admin@example.com";
    const attacker = await makePlayer(t, { email: victimEmail, password: "attacker-pass" });
    expect((await attacker.agent.get("/api/auth/user")).status).toBe(200);

    // The real owner signs in with Google (which verified the address).
    const owner = t.agent();
    const res = await oidc.signInWithGoogle(owner, "player", googleIdentity({ email: victimEmail }));
    expect(res.headers.location).toBe("/admin");
    expect((await owner.get("/api/auth/user")).body).toMatchObject({ email: victimEmail, hasPassword: false, emailVerified: true });

    // The attacker's session and password are gone.
    expect((await attacker.agent.get("/api/auth/user")).status).toBe(401);
    expect((await login(victimEmail, "attacker-pass")).status).toBe(401);
  });

  it("a password reset of an unverified account unlinks a Google identity linked before the address was proved", async () => {
    const email = uniqueEmail("reset-unlinks");
    const who = googleIdentity({ email, email_verified: false });
    await oidc.signInWithGoogle(t.agent(), "player", who);
    expect((await rowOf(email))?.googleSubject).toBe(who.sub);
    await resetPasswordByMail(t, email, "owner-pass-1");
    expect(await rowOf(email)).toMatchObject({ googleSubject: null, emailVerified: true });
  });
});

describe("a password hashed with older settings", () => {
  it("still signs in, and is hashed again with today's settings; a wrong password changes nothing", async () => {
    const player = await makePlayer(t);
    // The library's default settings (19 MiB, two passes), which every account had before.
    const older = await hash(DEFAULT_PASSWORD);
    expect(older).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await t.deps.database.db.update(users).set({ passwordHash: older }).where(eq(users.id, player.user.id));

    expect((await login(player.user.email, "not-the-password")).status).toBe(401);
    expect((await rowOf(player.user.email))?.passwordHash).toBe(older);

    expect((await login(player.user.email, DEFAULT_PASSWORD)).status).toBe(200);
    const rehashed = (await rowOf(player.user.email))?.passwordHash ?? "";
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(await verify(rehashed, DEFAULT_PASSWORD)).toBe(true);
    // Signed in again with the new hash, which is kept.
    expect((await login(player.user.email, DEFAULT_PASSWORD)).status).toBe(200);
    expect((await rowOf(player.user.email))?.passwordHash).toBe(rehashed);
  });
});
