import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

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
  SEED_DEMO: booleanString.default(true),
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
  ENABLE_TEST_CLOCK: booleanString.default(false),
});

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
  adminEmails: string[];
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  google?: { clientId: string; clientSecret: string; issuer: string };
  stripe?: { secretKey: string; publishableKey: string; webhookSecret?: string; apiBase?: string };
  twilio?: { accountSid: string; authToken: string; from: string };
  geocoderUrl?: string;
  appTimeZone: string;
  logLevel: string;
  authIpLimit: number;
  enableTestClock: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment into a Config, or throws ConfigError with a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.ENABLE_TEST_CLOCK && e.NODE_ENV === "production") {
    throw new ConfigError("Invalid configuration: ENABLE_TEST_CLOCK cannot be true when NODE_ENV=production");
  }
  const requireTogether = (names: string[]) => {
    const set = names.filter((n) => (e as Record<string, unknown>)[n] !== undefined);
    if (set.length > 0 && set.length < names.length) {
      const missing = names.find((n) => (e as Record<string, unknown>)[n] === undefined)!;
      throw new ConfigError(`Invalid configuration: ${missing} must be set together with ${set.join(", ")}`);
    }
  };
  requireTogether(["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]);
  requireTogether(["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY"]);
  requireTogether(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]);

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
    seedDemo: e.SEED_DEMO,
    adminEmails: e.ADMIN_EMAILS,
    smtpUrl: e.SMTP_URL,
    mailFrom,
    supportEmail: e.SUPPORT_EMAIL ?? extractAddress(mailFrom),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
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
    enableTestClock: e.ENABLE_TEST_CLOCK,
  };
}

function extractAddress(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match ? match[1] : from).trim();
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
