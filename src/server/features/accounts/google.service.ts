import { createHmac, timingSafeEqual } from "node:crypto";
import * as oidc from "openid-client";
import type { Intent } from "@contract/accounts";
import type { Config } from "../../config";
import type { AppDeps } from "../../deps";
import { signInWithGoogle, type SignedIn } from "./accounts.service";

export const GOOGLE_FLOW_COOKIE = "google_oidc";
export const GOOGLE_FLOW_TTL_MS = 10 * 60 * 1000;
export const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";

/** What the browser carries between the redirect to the issuer and the callback, signed so it cannot be forged. */
type FlowState = { state: string; nonce: string; verifier: string; intent: Intent; expiresAt: number };

type GoogleConfig = NonNullable<Config["google"]>;

const discovered = new Map<string, Promise<oidc.Configuration>>();

/** Discovery runs once per process and issuer; a failure is forgotten so the next sign-in tries again. */
function issuerConfiguration(google: GoogleConfig): Promise<oidc.Configuration> {
  const key = `${google.issuer}|${google.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const issuer = new URL(google.issuer);
    // Plain http is allowed only for an issuer on this machine (the tests' local OIDC server).
    const insecure = issuer.protocol === "http:" && isLoopback(issuer.hostname);
    found = oidc.discovery(
      issuer,
      google.clientId,
      google.clientSecret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || hostname === "::1" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

const callbackUrl = (config: Config) => `${config.appUrl}${GOOGLE_CALLBACK_PATH}`;

/** Starts the authorization code flow with PKCE, state and nonce; returns the issuer URL and the cookie value to set. */
export async function beginGoogleSignIn(deps: AppDeps, google: GoogleConfig, intent: Intent): Promise<{ url: string; cookie: string }> {
  const configuration = await issuerConfiguration(google);
  const flow: FlowState = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    intent,
    expiresAt: deps.clock.now().getTime() + GOOGLE_FLOW_TTL_MS,
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(deps.config),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, cookie: sealFlow(deps.config.sessionSecret, flow) };
}

/** Completes the flow from the callback's query string; throws on any mismatch or issuer error. */
export async function completeGoogleSignIn(
  deps: AppDeps,
  google: GoogleConfig,
  cookie: string | undefined,
  search: string,
): Promise<SignedIn> {
  const flow = cookie ? openFlow(deps.config.sessionSecret, cookie) : undefined;
  if (!flow || flow.expiresAt < deps.clock.now().getTime()) throw new Error("Google sign-in state is missing or expired");
  const configuration = await issuerConfiguration(google);
  const currentUrl = new URL(callbackUrl(deps.config));
  currentUrl.search = search;
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error("Google returned no ID token");
  let claims: Record<string, unknown> = idClaims;
  if (typeof claims.email !== "string") {
    claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)), ...idClaims };
  }
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email) throw new Error("Google returned no e-mail address");
  return signInWithGoogle(deps, {
    subject: idClaims.sub,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    firstName: typeof claims.given_name === "string" ? claims.given_name : null,
    lastName: typeof claims.family_name === "string" ? claims.family_name : null,
    intent: flow.intent,
  });
}

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

function sealFlow(secret: string, flow: FlowState): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

function openFlow(secret: string, value: string): FlowState | undefined {
  const [payload, signature] = value.split(".");
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const flow = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as FlowState;
    return typeof flow.state === "string" && typeof flow.verifier === "string" && typeof flow.nonce === "string" ? flow : undefined;
  } catch {
    return undefined;
  }
}
