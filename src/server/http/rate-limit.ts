import type { Request, RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import { ErrorCode } from "../../contract/error-basics";
import { FAILED_LOGINS_PER_ACCOUNT, LimitMessages, MAX_PROVIDER_CALLS_PER_15_MINUTES, PROVIDER_CALLS_MESSAGE } from "../../contract/limits";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import type { AppDeps } from "../deps";
import * as repo from "../db/rate-limit-hits";
import { uncounted } from "../db/statement-count";
import { AppError } from "./errors";

export const AUTH_WINDOW_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** DESIGN.md 2: failed logins per IP and account pair, whatever AUTH_IP_LIMIT says. */
export const FAILED_LOGINS_PER_PAIR = 10;
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please try again in 15 minutes.";
/** Counter keys of failed password checks: per (address, account) pair, and per account whatever the address. */
export const FAILED_LOGIN_PAIR_PREFIX = "login-fail:";
export const FAILED_LOGIN_ACCOUNT_PREFIX = "login-fail-account:";
export const failedLoginPairKey = (clientAddress: string, email: string) => `${clientAddress}|${email}`;

/**
 * An express-rate-limit store on the rate_limit_hits table, so that every server process behind a
 * load balancer counts the same hits (DESIGN.md 7). Windows follow the app clock like every other
 * time-based rule.
 */
export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = AUTH_WINDOW_MS;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string) {
    const hit = await repo.findHit(this.db, this.prefix + key, this.clock.now());
    return hit ? { totalHits: hit.count, resetTime: hit.resetAt } : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = this.clock.now();
    const hit = await repo.incrementHit(this.db, this.prefix + key, now, this.windowMs);
    // Expired rows are only garbage; clearing them now and then keeps the table small. The request
    // does not wait for it, nor count it as its own (statement-count.ts); a failed clean-up is
    // tried again by a later request.
    if (Math.random() < 0.01) {
      uncounted(() => void repo.deleteExpiredHits(this.db, now, this.prefix).catch(() => undefined));
    }
    return { totalHits: hit.count, resetTime: hit.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await repo.decrementHit(this.db, this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await repo.deleteHit(this.db, this.prefix + key);
  }
}

/** The client's address: the socket's peer unless TRUST_PROXY names the proxies whose X-Forwarded-For is believed. */
export const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? "unknown");

/** The e-mail a sign-in or reset body names, trimmed and lower-cased: one counter per address however it is typed. */
export const bodyEmail = (req: Request) => (typeof req.body?.email === "string" ? req.body.email.trim().toLowerCase() : "");

/** The signed-in user's id, for limits counted per account (0 for none: their route answers 401 anyway). */
export const signedInUser = (req: Request) => String(req.user?.id ?? 0);

/**
 * An X-Forwarded-For from a client we do not trust as a proxy is expected (TRUST_PROXY unset is the
 * default) and ignored by design; express-rate-limit would otherwise log it as a misconfiguration.
 */
const validate = { xForwardedForHeader: false };

const tooManyAttempts: Options["handler"] = (_req, _res, next) => {
  next(new AppError(429, ErrorCode.RATE_LIMITED, TOO_MANY_ATTEMPTS));
};

/** Sign-in, registration and reset requests together: `limit` per IP per 15 minutes (AUTH_IP_LIMIT). */
export function authIpRateLimit(deps: { db: Db; clock: Clock; limit: number }): RequestHandler {
  return rateLimit({
    windowMs: AUTH_WINDOW_MS,
    limit: deps.limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: clientIp,
    validate,
    store: new PostgresRateLimitStore(deps.db, deps.clock, "auth-ip:"),
    handler: tooManyAttempts,
  });
}

/**
 * Failed logins per (IP, e-mail) pair: only answers 401 count, so a user who types the right
 * password is not slowed down by their own successful sign-ins.
 */
export function failedLoginRateLimit(deps: { db: Db; clock: Clock }): RequestHandler {
  return rateLimit({
    windowMs: AUTH_WINDOW_MS,
    limit: FAILED_LOGINS_PER_PAIR,
    standardHeaders: false,
    legacyHeaders: false,
    keyGenerator: (req) => failedLoginPairKey(clientIp(req), bodyEmail(req)),
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
    skipSuccessfulRequests: true,
    validate,
    store: new PostgresRateLimitStore(deps.db, deps.clock, FAILED_LOGIN_PAIR_PREFIX),
    handler: tooManyAttempts,
  });
}

/**
 * Failed logins per account, whatever the address (DESIGN.md 10): a password guesser who owns many
 * addresses still gets 10 tries per 15 minutes on one account, then 429 for that account.
 */
export function failedLoginPerAccountLimit(deps: { db: Db; clock: Clock }): RequestHandler {
  return keyedRateLimit({
    ...deps,
    prefix: FAILED_LOGIN_ACCOUNT_PREFIX,
    windowMs: AUTH_WINDOW_MS,
    limit: FAILED_LOGINS_PER_ACCOUNT,
    key: bodyEmail,
    message: LimitMessages.ACCOUNT_LOCKED,
    countOnly: (res) => res.statusCode === 401,
  });
}

type KeyedLimit = {
  prefix: string;
  windowMs: number;
  limit: number;
  key: (req: Request) => string;
  message: string;
  countOnly?: (res: { statusCode: number }) => boolean;
};

/**
 * A limit of `limit` requests per `key` per window, counted in PostgreSQL (shared by every process).
 * With `countOnly`, only answers it accepts count (a failed login, not a successful one).
 */
function keyedRateLimit(options: KeyedLimit & { db: Db; clock: Clock }): RequestHandler {
  const countOnly = options.countOnly;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: options.key,
    validate,
    ...(countOnly
      ? { requestWasSuccessful: (_req: Request, res: { statusCode: number }) => !countOnly(res), skipSuccessfulRequests: true }
      : {}),
    store: new PostgresRateLimitStore(options.db, options.clock, options.prefix),
    handler: (_req, _res, next) => next(new AppError(429, ErrorCode.RATE_LIMITED, options.message)),
  });
}

/** The hourly limits of contract/limits.ts (contact messages, uploads, reset mails): `limit` per `key` per hour. */
export function hourlyRateLimit(deps: Pick<AppDeps, "database" | "clock">, limit: Omit<KeyedLimit, "windowMs">): RequestHandler {
  return keyedRateLimit({ ...limit, db: deps.database.db, clock: deps.clock, windowMs: HOUR_MS });
}

/**
 * Endpoints backed by the payment provider, throttled per signed-in user (issue 28): one counter
 * shared by all of them and every process. Signed-out requests pass through to their route's 401.
 */
export function providerCallRateLimit(deps: { db: Db; clock: Clock }): RequestHandler {
  return rateLimit({
    windowMs: AUTH_WINDOW_MS,
    limit: MAX_PROVIDER_CALLS_PER_15_MINUTES,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: signedInUser,
    skip: (req) => req.user === undefined,
    validate,
    store: new PostgresRateLimitStore(deps.db, deps.clock, "provider-calls:"),
    handler: (_req, _res, next) => next(new AppError(429, ErrorCode.RATE_LIMITED, PROVIDER_CALLS_MESSAGE)),
  });
}

export const TOO_MANY_PUBLIC_READS = "Too many requests. Please wait a minute and try again.";

/** The public reads a visitor may make (DESIGN 11): search, a coach's profile, open times, reviews and packages. */
export const PUBLIC_READ_PATHS = [
  "/coaches/search",
  "/coaches/:id/profile",
  "/coaches/:id/available-slots",
  "/coaches/:id/reviews",
  "/coaches/:id/packages",
  // DESIGN.md 12: the place pages' data.
  "/places",
  "/places/:state/:city{/:position}",
];

/**
 * A visitor's reads of the public pages, `limit` per address per minute (DESIGN 11); signed-in
 * users are not counted. Counted in the process's memory, not PostgreSQL: a read must not cost a
 * write, and behind N processes an address gets at most N times the limit, which still stops a
 * scraper. PUBLIC_READ_LIMIT sets it (a load test from one address raises it).
 */
export function visitorReadLimit(limit: number): RequestHandler {
  return rateLimit({
    windowMs: 60 * 1000,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: clientIp,
    validate,
    skip: (req) => req.user !== undefined,
    handler: (_req, _res, next) => next(new AppError(429, ErrorCode.RATE_LIMITED, TOO_MANY_PUBLIC_READS)),
  });
}
