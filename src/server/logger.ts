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
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: "[Redacted]" } }, destination);
}

const SENSITIVE_QUERY = /token|code|state|password|email|phone/i;

/** A request URL for the log: the values of query parameters that carry secrets or contact details are hidden. */
export function redactUrl(url: string): string {
  const i = url.indexOf("?");
  if (i < 0) return url;
  const params = new URLSearchParams(url.slice(i + 1));
  for (const key of [...params.keys()]) if (SENSITIVE_QUERY.test(key)) params.set(key, "[Redacted]");
  return `${url.slice(0, i)}?${params.toString()}`;
}
