/**
 * A message that takes a conversation off LaxCoach (DESIGN.md 12, "Messages that keep a guardian
 * in the loop"): a phone number, an e-mail address or an outside payment app. The composer reminds
 * the sender before sending when the family has a minor; nothing is blocked. Without zod, so the
 * composer's chunk does not grow by the schema library.
 */

export const KEEP_ON_PLATFORM_REMINDER = "Keep messages on LaxCoach so a parent can see them.";
export const KEEP_ON_PLATFORM_DETAIL =
  "Phone numbers, e-mail addresses and payment apps move the conversation where a guardian can't follow. Sessions are booked and paid here.";

export type OffPlatformContact = { phone: boolean; email: boolean; payment: boolean };

// US numbers as people type them: 410-555-0199, (410) 555 0199, 410.555.0199, 4105550199, +1 410 555 0199.
// Not a date (2026-11-29, 12/01/2026), a time, a price or a longer number.
const PHONE = /(?<![\d/.:$,-])(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?![\d/]|[.,:]\d)/;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i;
// "dana at gmail dot com", "dana(at)gmail.com"
const SPELLED_EMAIL =
  /\b[a-z0-9._%+-]+\s*(?:\(at\)|\[at\]|\sat\s)\s*[a-z0-9-]+\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*(?:com|net|org|edu|us|io)\b/i;
const PAYMENT = /\b(?:venmo|cash\s?app|zelle|paypal)\b/i;

export function offPlatformContactIn(text: string): OffPlatformContact | null {
  const found = {
    phone: PHONE.test(text),
    email: EMAIL.test(text) || SPELLED_EMAIL.test(text),
    payment: PAYMENT.test(text),
  };
  return found.phone || found.email || found.payment ? found : null;
}
