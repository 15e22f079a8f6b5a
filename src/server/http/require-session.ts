import { parse as parseCookie } from "cookie";
import type { Request, RequestHandler, Response } from "express";
import type { UserType } from "../../contract/accounts";
import type { Config } from "../config";
import type { AppDeps } from "../deps";
import {
  HOST_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  readSession,
  sessionUserStatement,
} from "../features/accounts/sessions.service";
import type { SessionRead, SessionStatement, UserRow } from "../features/accounts/sessions.service";
import { forbidden, unauthorized } from "./errors";

declare module "express-serve-static-core" {
  interface Request {
    /** The signed-in user, loaded from the session cookie; undefined when signed out. */
    user?: UserRow;
    sessionToken?: string;
  }
}

/**
 * The session token of a request: from `__Host-sid` (HTTPS) or `sid` (plain HTTP, and sessions
 * started before the app moved to HTTPS, until they end).
 */
export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const cookies = parseCookie(cookieHeader);
  return cookies[HOST_SESSION_COOKIE] || cookies[SESSION_COOKIE] || undefined;
}

/** Loads the user of the session cookie into req.user (never fails: a bad cookie is simply signed out). */
export function loadSession(deps: AppDeps): RequestHandler {
  return async (req, _res, next) => {
    await loadSessionWith(deps, req, sessionUserStatement);
    next();
  };
}

/**
 * What loadSession does, with the session read by `statement`: req.user and req.sessionToken are
 * set when the cookie names a live session, and the statement's answer is returned (undefined when
 * signed out). A route mounted before loadSession calls it to read its first rows in the session's
 * own round trip (POST /api/bookings, the busiest write; PERFORMANCE.md "Booking under contention").
 */
export async function loadSessionWith<T extends SessionRead>(
  deps: AppDeps,
  req: Request,
  statement: SessionStatement<T>,
): Promise<T | undefined> {
  const token = readSessionToken(req.headers.cookie);
  if (!token) return undefined;
  const read = await readSession(deps.database.db, token, deps.clock.now(), statement);
  if (read) {
    req.user = read.user;
    req.sessionToken = token;
  }
  return read;
}

/**
 * Cookies are Secure whenever the public address is https. It is decided from APP_URL, not from
 * the request: behind a TLS-terminating proxy the request itself arrives as plain http.
 */
export const secureCookies = (config: Config) => config.appUrl.startsWith("https:");

/** The session cookie's name: `__Host-sid` where APP_URL is https, else `sid` (a `__Host-` cookie must be Secure). */
export const sessionCookieName = (config: Config) => (secureCookies(config) ? HOST_SESSION_COOKIE : SESSION_COOKIE);

export function setSessionCookie(config: Config, res: Response, token: string): void {
  res.cookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(config),
    path: "/",
    maxAge: SESSION_TTL_MS,
  });
}

export function clearSessionCookie(config: Config, res: Response): void {
  const secure = secureCookies(config);
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
  if (secure) res.clearCookie(HOST_SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
}

/** The signed-in user, or 401 {"message":"Unauthorized"}. */
export function requireUser(req: Request): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}

/**
 * The one role guard of the routes (DESIGN.md 5): the signed-in user when their role is `role` (or
 * one of them); 401 when signed out, 403 with `message` (or a sentence naming the roles) otherwise.
 * Services trust it and do not check roles again.
 */
export function requireRole(req: Request, role: UserType | readonly UserType[], message?: string): UserRow {
  const user = requireUser(req);
  const roles: readonly UserType[] = typeof role === "string" ? [role] : role;
  if (!roles.includes(user.userType)) {
    const plural = { player: "players", coach: "coaches", admin: "admins" } as const;
    throw forbidden(message ?? `This action is only available for ${roles.map((r) => plural[r]).join(" or ")}.`);
  }
  return user;
}

/** The same guard for a whole router (`/api/admin`). */
export function requireRoleForAll(role: UserType): RequestHandler {
  return (req, _res, next) => {
    requireRole(req, role);
    next();
  };
}
