import { parse as parseCookie } from "cookie";
import type { Request, RequestHandler, Response } from "express";
import type { UserType } from "../../contract/accounts";
import type { AppDeps } from "../deps";
import { SESSION_COOKIE, SESSION_TTL_MS, userForSessionToken } from "../features/accounts/sessions.service";
import type { UserRow } from "../features/accounts/sessions.repository";
import { forbidden, unauthorized } from "./errors";

declare module "express-serve-static-core" {
  interface Request {
    /** The signed-in user, loaded from the session cookie; undefined when signed out. */
    user?: UserRow;
    sessionToken?: string;
  }
}

export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  return parseCookie(cookieHeader)[SESSION_COOKIE] || undefined;
}

/** Loads the user of the session cookie into req.user (never fails: a bad cookie is simply signed out). */
export function loadSession(deps: AppDeps): RequestHandler {
  return async (req, _res, next) => {
    const token = readSessionToken(req.headers.cookie);
    if (token) {
      const user = await userForSessionToken(deps.database.db, token, deps.clock.now());
      if (user) {
        req.user = user;
        req.sessionToken = token;
      }
    }
    next();
  };
}

export function setSessionCookie(req: Request, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: req.secure,
    path: "/",
    maxAge: SESSION_TTL_MS,
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure: req.secure, path: "/" });
}

/** The signed-in user, or 401 {"message":"Unauthorized"}. */
export function requireUser(req: Request): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** The signed-in user when their role is one of `roles`; 401 when signed out, 403 with a message otherwise. */
export function requireRole(req: Request, ...roles: UserType[]): UserRow {
  const user = requireUser(req);
  if (!roles.includes(user.userType)) {
    const plural = { player: "players", coach: "coaches", admin: "admins" } as const;
    throw forbidden(`This action is only available for ${roles.map((r) => plural[r]).join(" or ")}.`);
  }
  return user;
}
