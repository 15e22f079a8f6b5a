import type request from "supertest";
import type { CurrentUser, Intent } from "../../src/contract/accounts";
import { makeAdmin as makeAdminByEmail } from "../../src/server/features/accounts/accounts.service";
import type { TestApp } from "../support/test-app";

type Agent = ReturnType<typeof request.agent>;

let sequence = 0;

export const uniqueEmail = (label = "user") => `${label}-${process.pid}-${Date.now().toString(36)}-${++sequence}@example.com`;

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
 * not trip AUTH_IP_LIMIT (the app trusts one proxy hop, so X-Forwarded-For is the client's IP).
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

/** Gives the account with this e-mail the admin role, as `npm run admin -- <email>` does. */
export async function makeAdmin(t: TestApp, email: string): Promise<void> {
  const row = await makeAdminByEmail(t.deps, email);
  if (!row) throw new Error(`makeAdmin: no account with the e-mail ${email}`);
}

export function randomClientIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}
