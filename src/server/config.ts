import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isVapidKeyPair } from "./adapters/web-push";
import { present } from "./present";

/**
 * The only reader of process.env (DESIGN.md section 2). A bad value stops the server with a
 * one-line message naming the variable.
 */
const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: optionalString.pipe(z.url({ message: "must be a URL" }).optional()),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "must be a postgres:// URL" })
      .optional(),
  ),
  SESSION_SECRET: optionalString.pipe(z.string().min(16, { message: "must be at least 16 characters" }).optional()),
  /** Unset: true, except with NODE_ENV=production, where demo accounts appear only when asked for. */
  SEED_DEMO: booleanString.optional(),
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .refine(isTrustProxyValue, {
        message: "must be a hop count (1) or a comma list of proxy addresses, subnets or loopback/linklocal/uniquelocal",
      })
      .refine((value) => !trustsEveryAddress(value), {
        message: "must name your proxies, not every address (0.0.0.0/0 or ::/0 lets any client forge X-Forwarded-For)",
      })
      .optional(),
  ),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { message: "must be an smtp:// or smtps:// URL" })
      .optional(),
  ),
  MAIL_FROM: z.string().default("Lacrosse Coaching <no-reply@lacrosse-coaching.local>"),
  SUPPORT_EMAIL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url({ message: "must be a URL" }).default("https://accounts.google.com"),
  PAYMENTS_PROVIDER: optionalString.pipe(z.enum(["simulated", "stripe"], { message: "must be simulated or stripe" }).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Tests point the Stripe SDK at a local stand-in: http://127.0.0.1:PORT */
  STRIPE_API_BASE: optionalString.pipe(z.url({ message: "must be a URL" }).optional()),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  GEOCODER_URL: optionalString.pipe(z.url({ message: "must be a URL" }).optional()),
  APP_TIMEZONE: z
    .string()
    .default("America/New_York")
    .refine(isValidTimeZone, { message: "must be an IANA time zone such as America/New_York" }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_IP_LIMIT: z.coerce.number().int().min(1).default(100),
  PUBLIC_READ_LIMIT: z.coerce.number().int().min(1).default(600),
  ENABLE_TEST_CLOCK: booleanString.default(false),
  /** Counts each request's SQL statements (PERFORMANCE.md, "Statements per request"); unset: on with the test clock or at debug level. */
  COUNT_SQL_STATEMENTS: booleanString.optional(),
  SCREENING_PROVIDER: optionalString.pipe(z.enum(["simulated", "http"], { message: "must be simulated or http" }).optional()),
  SCREENING_API_URL: optionalString.pipe(z.url({ message: "must be a URL" }).optional()),
  SCREENING_API_KEY: optionalString,
  SCREENING_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, { message: "must be at least 16 characters" }).optional()),
  REQUIRE_SCREENING_FOR_MINORS: booleanString.default(false),
  /** Web push (DESIGN 12): unset, a key pair is made once into DATA_DIR/vapid-keys.json. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, { message: "must be a mailto: address or an https:// URL" })
      .optional(),
  ),
});

const PROXY_KEYWORDS = new Set(["loopback", "linklocal", "uniquelocal"]);

/** What Express's `trust proxy` accepts, minus `true` (which would believe any client's X-Forwarded-For). */
function isTrustProxyValue(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) >= 0 && Number(value) <= 10;
  return value.split(",").every((part) => {
    const entry = part.trim();
    if (PROXY_KEYWORDS.has(entry)) return true;
    const [address, bits, ...rest] = entry.split("/");
    if (rest.length > 0 || !address) return false;
    const family = isIP(address);
    if (family === 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
}

/** A subnet of prefix length 0 (0.0.0.0/0, ::/0) trusts every client as a proxy: anyone could choose their address. */
function trustsEveryAddress(value: string): boolean {
  return value.split(",").some((part) => /\/0+$/.test(part.trim()));
}

/** TRUST_PROXY as Express's `trust proxy` setting: false (believe no forwarded header), a hop count, or addresses. */
function trustProxyFrom(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(",").map((v) => v.trim());
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret: string;
  seedDemo: boolean;
  /** Express `trust proxy`: false = X-Forwarded-* ignored (DESIGN.md 10). */
  trustProxy: false | number | string[];
  adminEmails: string[];
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  google?: { clientId: string; clientSecret: string; issuer: string };
  /** Stripe only when chosen or keyed; set to undefined when PAYMENTS_PROVIDER=simulated. */
  stripe?: { secretKey: string; publishableKey: string; webhookSecret?: string; apiBase?: string };
  twilio?: { accountSid: string; authToken: string; from: string };
  geocoderUrl?: string;
  appTimeZone: string;
  logLevel: string;
  authIpLimit: number;
  /** DESIGN 11: a visitor's (signed-out) reads of search, profiles, open times and reviews per address per minute. */
  publicReadLimit: number;
  enableTestClock: boolean;
  /** Each request's SQL statements counted, sent in `x-sql-statements` and logged at debug level. */
  countSqlStatements: boolean;
  /** Background checks (DESIGN 12): a real provider's HTTP API when chosen, else the simulated one. */
  screening?: { apiUrl: string; apiKey: string; webhookSecret: string };
  /** DESIGN 12: bookings for athletes under 18 only with a coach holding current SafeSport and background check. */
  requireScreeningForMinors: boolean;
  /** Web push (DESIGN 12): the VAPID keys when configured (else boot makes them once into the data folder) and the contact. */
  vapid: { keys?: { publicKey: string; privateKey: string }; subject: string };
};

export class ConfigError extends Error {}

/**
 * The start of the server and of each script: the Config, or undefined once the one-line message of
 * a bad setting is printed (no stack trace for a typo in the environment); the caller exits.
 */
export function loadConfigOrReport(): Config | undefined {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return undefined;
  }
}

/** Parses the environment into a Config, or throws ConfigError with a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
  }
  const e = parsed.data;
  if (e.ENABLE_TEST_CLOCK && e.NODE_ENV === "production") {
    throw new ConfigError("Invalid configuration: ENABLE_TEST_CLOCK cannot be true when NODE_ENV=production");
  }
  const requireTogether = (names: string[]) => {
    const set = names.filter((n) => (e as Record<string, unknown>)[n] !== undefined);
    if (set.length > 0 && set.length < names.length) {
      const missing = present(
        names.find((n) => (e as Record<string, unknown>)[n] === undefined),
        "a missing setting",
      );
      throw new ConfigError(`Invalid configuration: ${missing} must be set together with ${set.join(", ")}`);
    }
  };
  requireTogether(["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]);
  requireTogether(["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY"]);
  requireTogether(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]);
  requireTogether(["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"]);
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && !isVapidKeyPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be one P-256 key pair (base64url, as `npx web-push generate-vapid-keys` prints)",
    );
  }
  const hasStripeKeys = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
  if (e.PAYMENTS_PROVIDER === "stripe" && !hasStripeKeys) {
    throw new ConfigError("Invalid configuration: PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY");
  }
  // In production, money is never "taken" by the simulator because a key was forgotten.
  if (e.NODE_ENV === "production" && !hasStripeKeys && e.PAYMENTS_PROVIDER !== "simulated") {
    throw new ConfigError(
      "Invalid configuration: PAYMENTS_PROVIDER must be set to simulated (or Stripe keys given) when NODE_ENV=production",
    );
  }
  const useStripe = hasStripeKeys && e.PAYMENTS_PROVIDER !== "simulated";
  // Without it every webhook is refused, and a payment or refund made at Stripe is learnt of late or never.
  if (useStripe && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError("Invalid configuration: STRIPE_WEBHOOK_SECRET must be set when payments go through Stripe");
  }

  if (e.SCREENING_PROVIDER === "http" && !(e.SCREENING_API_URL && e.SCREENING_API_KEY && e.SCREENING_WEBHOOK_SECRET)) {
    throw new ConfigError(
      "Invalid configuration: SCREENING_PROVIDER=http needs SCREENING_API_URL, SCREENING_API_KEY and SCREENING_WEBHOOK_SECRET",
    );
  }

  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const mailFrom = e.MAIL_FROM;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== "production",
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    adminEmails: e.ADMIN_EMAILS,
    smtpUrl: e.SMTP_URL,
    mailFrom,
    supportEmail: e.SUPPORT_EMAIL ?? extractAddress(mailFrom),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    stripe:
      useStripe && e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined,
    geocoderUrl: e.GEOCODER_URL,
    appTimeZone: e.APP_TIMEZONE,
    logLevel: e.LOG_LEVEL,
    authIpLimit: e.AUTH_IP_LIMIT,
    publicReadLimit: e.PUBLIC_READ_LIMIT,
    enableTestClock: e.ENABLE_TEST_CLOCK,
    countSqlStatements: e.COUNT_SQL_STATEMENTS ?? (e.ENABLE_TEST_CLOCK || e.LOG_LEVEL === "debug" || e.LOG_LEVEL === "trace"),
    screening:
      e.SCREENING_PROVIDER === "http" && e.SCREENING_API_URL && e.SCREENING_API_KEY && e.SCREENING_WEBHOOK_SECRET
        ? { apiUrl: e.SCREENING_API_URL.replace(/\/$/, ""), apiKey: e.SCREENING_API_KEY, webhookSecret: e.SCREENING_WEBHOOK_SECRET }
        : undefined,
    requireScreeningForMinors: e.REQUIRE_SCREENING_FOR_MINORS,
    vapid: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${extractAddress(mailFrom)}`,
    },
  };
}

function extractAddress(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match?.[1] ?? from).trim();
}

/** SESSION_SECRET unset: generated once and kept in DATA_DIR so that sessions survive a restart. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
