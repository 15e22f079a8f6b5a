import { eq, sql } from "drizzle-orm";
import { uniqueEmail } from "./basics";
import request from "supertest";
import type { CurrentUser, Intent } from "@contract/accounts";
import { users } from "@server/db/schema/index";
import { makeAdmin as makeAdminByEmail } from "@server/features/accounts/admin-role.service";
import type { TestApp } from "@tests/support/test-app";

type Agent = ReturnType<typeof request.agent>;

export type RegisterOptions = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  userType?: Intent | "admin";
};

export const DEFAULT_PASSWORD = "correct-horse-battery";

/**
 * Registers through the real endpoint, leaving `agent` signed in as the new user. userType
 * "admin" registers a player and promotes them, since the API never grants admin.
 * Each call comes from its own made-up client address, so a suite that creates many users does
 * not trip AUTH_IP_LIMIT (test apps trust a proxy on loopback, so X-Forwarded-For is the client's IP).
 */
export async function registerUser(
  agent: Agent,
  options: RegisterOptions = {},
  t?: TestApp,
): Promise<{ user: CurrentUser; agent: Agent; email: string; password: string; redirectUrl: string }> {
  const email = options.email ?? uniqueEmail(options.userType ?? "player");
  const password = options.password ?? DEFAULT_PASSWORD;
  const res = await agent
    .post("/api/auth/register")
    .set("X-Forwarded-For", randomClientIp())
    .send({
      email,
      password,
      firstName: options.firstName ?? "Test",
      lastName: options.lastName ?? "User",
      userType: options.userType === "coach" ? "coach" : "player",
    });
  if (res.status !== 201) throw new Error(`registerUser failed: ${res.status} ${JSON.stringify(res.body)}`);
  let user = res.body.user as CurrentUser;
  if (options.userType === "admin") {
    if (!t) throw new Error("registerUser with userType admin needs the TestApp as third argument");
    await makeAdmin(t, email);
    user = (await agent.get("/api/auth/user")).body as CurrentUser;
  }
  return { user, agent, email, password, redirectUrl: res.body.redirectUrl };
}

/** A player (or parent) registered through the real endpoint; `agent` stays signed in as them. */
export const makePlayer = (t: TestApp, options: Omit<RegisterOptions, "userType"> = {}) => registerUser(t.agent(), options);

/**
 * Gives the account with this e-mail the admin role, as `npm run admin -- <email>` does once its
 * owner has verified the address (done here directly, as the owner following the link would).
 */
export async function makeAdmin(t: TestApp, email: string): Promise<void> {
  await t.deps.database.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, sql`lower(${email.trim()})`));
  const change = await makeAdminByEmail(t.deps, email);
  if (!change.ok) throw new Error(`makeAdmin: ${change.reason} (${email})`);
}

export function randomClientIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** The token of the newest link to `/<page>?token=` mailed to `email` with this subject, read from the outbox. */
function mailedToken(t: TestApp, email: string, subject: string, page: string): string {
  const mail = t
    .outbox()
    .filter((m) => m.channel === "email" && m.recipient === email && m.headers.Subject === subject)
    .at(-1);
  const token = mail ? new RegExp(`/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.body)?.[1] : undefined;
  if (!token) throw new Error(`no ${page} link was mailed to ${email}`);
  return decodeURIComponent(token);
}

/** The token of the newest verification link mailed to `email` (DESIGN.md 10). */
export const verificationTokenFor = (t: TestApp, email: string) => mailedToken(t, email, "Verify your e-mail address", "verify-email");

/** Follows the newest verification link mailed to `email`, as its owner would. */
export async function verifyEmail(t: TestApp, email: string): Promise<request.Response> {
  const res = await request(t.app)
    .post("/api/auth/verify-email")
    .send({ token: verificationTokenFor(t, email) });
  if (res.status !== 200) throw new Error(`verifyEmail failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** Forgot password, then the link in the mail: the owner of the inbox sets `password`. */
export async function resetPasswordByMail(t: TestApp, email: string, password: string): Promise<void> {
  await request(t.app).post("/api/auth/forgot-password").set("X-Forwarded-For", randomClientIp()).send({ email });
  const token = mailedToken(t, email, "Reset your password", "reset-password");
  const res = await request(t.app).post("/api/auth/reset-password").send({ token, password });
  if (res.status !== 200) throw new Error(`resetPasswordByMail failed: ${res.status} ${JSON.stringify(res.body)}`);
}
