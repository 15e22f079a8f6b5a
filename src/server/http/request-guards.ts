import type { RequestHandler } from "express";
import { ErrorCode } from "../../contract/error-basics";
import { AppError, forbidden } from "./errors";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths under /api whose bodies are not JSON: image uploads are multipart, Stripe's webhook is read raw for its signature. */
const MULTIPART_PATHS = new Set(["/upload", "/upload/profile-image"]);
const RAW_PATHS = new Set(["/stripe/webhook", "/webhooks/screening"]);
/** A credential's document (DESIGN 12) is multipart too. */
const MULTIPART_PATTERN = /^\/coach\/credentials\/\d{1,9}\/document$/;

export const FOREIGN_ORIGIN = "Cross-site requests are not allowed.";
export const JSON_ONLY = "Request body must be JSON (Content-Type: application/json).";

/**
 * Login CSRF and its kin (DESIGN.md 10): a page on another site can make a browser send a form
 * (form-encoded, multipart or text/plain, no preflight) with the user's cookies. Browsers add
 * `Origin` to every such request, so one from another origin than the app's is refused. A request
 * without `Origin` comes from a non-browser client (curl, Stripe), which has no victim's cookies.
 * The app's origin is APP_URL's: scheme, host and port compared exactly (issue 28), so neither
 * http:// for an https app nor another port of the same host passes. A test server on a random
 * port has no APP_URL of its own: there, and only for a loopback APP_URL, the origin of the Host
 * the request was sent to counts too.
 */
export function requireSameOrigin(appUrl: string): RequestHandler {
  const isApp = appOriginCheck(appUrl);
  return (req, _res, next) => {
    if (!UNSAFE_METHODS.has(req.method) || RAW_PATHS.has(req.path)) return next();
    const origin = req.headers.origin;
    if (origin === undefined || isApp(origin, req.headers.host)) return next();
    next(forbidden(FOREIGN_ORIGIN));
  };
}

/** Whether an `Origin` header names the app (the rule above; the calendar socket uses it too). */
export function appOriginCheck(appUrl: string): (origin: string, host: string | undefined) => boolean {
  const app = new URL(appUrl);
  const loopbackApp = LOOPBACK_HOSTS.has(app.hostname);
  return (origin, host) => origin === app.origin || (loopbackApp && host !== undefined && origin === originOf(app.protocol, host));
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The origin a browser would send for a page at `protocol//host` (default ports left out, as URL does). */
function originOf(protocol: string, host: string): string | undefined {
  try {
    return new URL(`${protocol}//${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Unsafe methods carry JSON only, so an HTML form (which cannot send application/json across
 * sites without a CORS preflight we never grant) cannot reach a handler. A request with no body
 * at all (logout, a DELETE) needs no type.
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (!UNSAFE_METHODS.has(req.method) || RAW_PATHS.has(req.path)) return next();
  const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
  if (!hasBody) return next();
  // The upload routes answer any other body with UploadMessages.NOT_AN_IMAGE (contract/uploads.ts) themselves.
  if (MULTIPART_PATHS.has(req.path) || MULTIPART_PATTERN.test(req.path) || req.is("application/json")) return next();
  next(new AppError(415, ErrorCode.VALIDATION, JSON_ONLY));
};

/**
 * API answers carry personal data (bookings, contact details), so no browser or proxy cache may
 * keep them. A handler that serves public data overrides it with its own `res.set("Cache-Control", ...)`.
 */
export const noStoreByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};
