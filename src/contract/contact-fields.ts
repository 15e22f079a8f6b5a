import { z } from "zod";
import { EMAIL_INVALID_MESSAGE } from "./fields";

// An e-mail address and a US phone number: the contact fields the player's profile form checks in
// the browser. They live apart from the request schemas of accounts.ts and users.ts, whose
// module-level zod objects a phone spent about 100 ms building on the profile's first screen.

/** An e-mail address as the spec's forms take it (player-side 5): trimmed, lower-cased, at most 254 characters. */
export const EmailSchema = z
  .string({ message: EMAIL_INVALID_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: EMAIL_INVALID_MESSAGE }).max(254, { message: EMAIL_INVALID_MESSAGE }));

export const PHONE_INVALID_MESSAGE = "Please enter a valid US phone number";

/**
 * A US (NANP) number in E.164, "+14105550100", from whatever the person typed: "(410) 555-0100",
 * "410.555.0100", "+1 410 555 0100". Null when it is not one: 10 digits (after an optional 1),
 * area code and exchange starting 2-9 and neither an N11 service code (911, 411...). SMS providers
 * want E.164, and one stored form makes a number findable and comparable.
 */
export function toUsE164(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\+?[0-9()\-.\s]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+") && !digits.startsWith("1")) return null;
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  const isServiceCode = (three: string) => three[1] === "1" && three[2] === "1";
  if (isServiceCode(digits.slice(0, 3)) || isServiceCode(digits.slice(3, 6))) return null;
  return `+1${digits}`;
}

/** "+14105550100" -> "(410) 555-0100"; anything else as it is. */
export function formatUsPhone(e164: string | null | undefined): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164 ?? "");
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : (e164 ?? "");
}

/** A US phone number, stored in E.164 whatever the punctuation typed. */
export const PhoneNumberSchema = z
  .string({ message: "Phone number is required" })
  .trim()
  .min(1, { message: "Phone number is required" })
  .max(30, { message: PHONE_INVALID_MESSAGE })
  .refine((v) => toUsE164(v) !== null, { message: PHONE_INVALID_MESSAGE })
  .transform((v) => toUsE164(v)!);
