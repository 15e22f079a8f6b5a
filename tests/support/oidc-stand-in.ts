import { OAuth2Server, type MutableToken } from "oauth2-mock-server";
import type request from "supertest";
import { expect } from "vitest";
import { uniqueEmail } from "@tests/factories/basics";

type Agent = ReturnType<typeof request.agent>;

export type OidcStandIn = {
  issuer: string;
  /** The mock itself, for tests that change its answers. */
  server: OAuth2Server;
  /**
   * Walks the browser's part of the flow: our redirect to the issuer, the issuer's redirect back
   * with a code, and our callback. `claims` go into every token the issuer signs during the walk.
   */
  signInWithGoogle(agent: Agent, intent: string, claims: Record<string, unknown>): Promise<request.Response>;
  stop(): Promise<void>;
};

/** A local OpenID Connect issuer standing in for Google (GOOGLE_ISSUER points at it). */
export async function startOidcStandIn(): Promise<OidcStandIn> {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(0, "127.0.0.1");
  // The mock names itself "localhost", which may resolve to ::1 where it does not listen.
  const issuer = `http://127.0.0.1:${(oidc.address() as { port: number }).port}`;
  oidc.issuer.url = issuer;
  return {
    issuer,
    server: oidc,
    async signInWithGoogle(agent, intent, claims) {
      const start = await agent.get(`/api/auth/google?intent=${intent}`);
      expect(start.status).toBe(302);
      const location = String(start.headers.location);
      expect(location.startsWith(`${issuer}/authorize?`)).toBe(true);
      const addClaims = (token: MutableToken) => Object.assign(token.payload, claims);
      oidc.service.on("beforeTokenSigning", addClaims);
      try {
        const authorize = await fetch(location, { redirect: "manual" });
        const back = new URL(authorize.headers.get("location")!);
        expect(back.pathname).toBe("/api/auth/google/callback");
        return await agent.get(back.pathname + back.search);
      } finally {
        oidc.service.off("beforeTokenSigning", addClaims);
      }
    },
    stop: () => oidc.stop(),
  };
}

/** The claims of a Google account (a verified address unless overridden). */
export const googleIdentity = (overrides: Record<string, unknown> = {}) => ({
  sub: `google-${Math.random().toString(36).slice(2)}`,
  email: uniqueEmail("google"),
  email_verified: true,
  given_name: "Jamie",
  family_name: "Goalie",
  ...overrides,
});
