import { pino, type Logger } from "pino";

/**
 * Secrets and personal data never reach the log (issue 13): cookies, passwords and their hashes,
 * tokens, e-mail addresses and phone numbers, at the top of a log object or one level down
 * (`{ user: { email } }`). The outbox file name holds the recipient, so it goes too. OAuth codes
 * and states only travel in URLs, which redactUrl cleans (`code` itself stays: errors carry
 * theirs, such as a database's 23505).
 */
const SENSITIVE_KEYS = [
  "password",
  "currentPassword",
  "passwordHash",
  "token",
  "sessionToken",
  "idHash",
  "tokenHash",
  "access_token",
  "id_token",
  "refresh_token",
  "email",
  "to",
  "recipient",
  "file",
  "phone",
  "phoneNumber",
  "parentEmail",
  "parentPhoneNumber",
  "playerEmail",
];

export const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  ...SENSITIVE_KEYS,
  ...SENSITIVE_KEYS.map((key) => `*.${key}`),
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: "[Redacted]" }, serializers: { err: serializeError } }, destination);
}

/**
 * Fields of database errors that carry the values of a query (issue 28): Drizzle's `params` (and
 * the "params: ..." line of its message), PostgreSQL's `detail` ("Key (email)=(...) already
 * exists"), `where` and `internalQuery`. The query text itself has only placeholders ($1).
 */
const VALUE_FIELDS = new Set(["params", "detail", "where", "internalQuery"]);

/**
 * An error for the log without the values a failed query was given: no e-mail, hash or phone
 * number reaches the log through an unexpected database error, its cause, or its stack.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (typeof err !== "object" || err === null || depth > 5) return err;
  const source = err as Record<string, unknown> & { message?: unknown; stack?: unknown; name?: unknown };
  const message = typeof source.message === "string" ? source.message : undefined;
  const cleanMessage = message === undefined ? undefined : scrubMessage(message);
  const out: Record<string, unknown> = { type: (err as object).constructor?.name ?? "Object" };
  if (cleanMessage !== undefined) out.message = cleanMessage;
  if (typeof source.stack === "string") {
    const stack = source.stack;
    const at = stack.indexOf("\n    at ");
    out.stack = `${String(source.name ?? out.type)}: ${cleanMessage ?? ""}${at >= 0 ? stack.slice(at) : ""}`;
  }
  for (const [key, value] of Object.entries(source)) {
    if (VALUE_FIELDS.has(key) || key === "message" || key === "stack" || key === "cause") continue;
    out[key] = value;
  }
  if (source.cause !== undefined) out.cause = serializeError(source.cause, depth + 1);
  return out;
}

/** Drops Drizzle's "params: ..." (to the end) and the quoted value of PostgreSQL's "...: "value"" messages. */
function scrubMessage(message: string): string {
  const params = message.indexOf("\nparams:");
  const withoutParams = params >= 0 ? message.slice(0, params) : message;
  return withoutParams.replace(/: "[^"]*"/g, ': "[Redacted]"');
}

const SENSITIVE_QUERY = /token|code|state|password|email|phone/i;

/**
 * Paths that carry a token (DESIGN.md 12: access logs never hold one): a family invitation's
 * (`/api/family/invitations/{token}` and its `/accept`; the numeric id of DELETE stays). The other
 * token links (e-mail verification, password reset, parent contact) send theirs in the body or the
 * query. Any other segment that looks like a token (24 or more URL-safe characters with a digit or
 * a mix of cases) is hidden too, so a token route added later is covered.
 */
const TOKEN_PATHS = [/^(\/api\/family\/invitations\/)(?!\d+(?:[/?]|$))[^/?]+/];
const TOKEN_LIKE_SEGMENT =
  /(?<=\/)(?=[A-Za-z0-9_-]{24,}(?:[/?]|$))(?=[^/?]*(?:\d|[A-Z][^/?]*[a-z]|[a-z][^/?]*[A-Z]))[A-Za-z0-9_-]+(?=[/?]|$)/g;
const TOKEN_MARK = "[token]";

function redactPath(path: string): string {
  let out = path;
  for (const pattern of TOKEN_PATHS) out = out.replace(pattern, `$1${TOKEN_MARK}`);
  return out.replace(TOKEN_LIKE_SEGMENT, TOKEN_MARK);
}

/** A request URL for the log: tokens in its path and the values of query parameters that carry secrets or contact details are hidden. */
export function redactUrl(url: string): string {
  const i = url.indexOf("?");
  if (i < 0) return redactPath(url);
  const params = new URLSearchParams(url.slice(i + 1));
  for (const key of [...params.keys()]) if (SENSITIVE_QUERY.test(key)) params.set(key, "[Redacted]");
  return `${redactPath(url.slice(0, i))}?${params.toString()}`;
}
