/**
 * Limits that keep one account (or one address) from hurting others (issue 13), with the messages
 * a user sees when they reach one. The server enforces them; the client shows the message.
 */
export const MAX_HELD_BOOKINGS_PER_PLAYER = 5;
/**
 * Unpaid holds of one coach's seats made from one client address at once, across accounts
 * (DESIGN.md 10): a few throwaway accounts cannot hold a coach's whole calendar.
 */
export const MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS = 10;
export const MAX_SESSION_REQUESTS_PER_DAY = 10;
export const MAX_CONTACT_MESSAGES_PER_HOUR = 5;
export const MAX_UPLOADS_PER_HOUR = 20;
export const MAX_RESET_EMAILS_PER_HOUR = 3;
/** Verification mails asked for (resend, e-mail change), per account and, separately, per address mailed. */
export const MAX_VERIFICATION_EMAILS_PER_HOUR = 5;
/** Failed logins of one account in 15 minutes, whatever the address they come from (DESIGN.md 10). */
export const FAILED_LOGINS_PER_ACCOUNT = 10;
/** Open live-calendar sockets per user and server process (a few tabs and devices, not thousands). */
export const MAX_SOCKETS_PER_USER = 10;

export const LimitMessages = {
  TOO_MANY_HOLDS: `You already have ${MAX_HELD_BOOKINGS_PER_PLAYER} bookings awaiting payment. Pay for one or let it expire before holding another seat.`,
  TOO_MANY_HOLDS_FROM_ADDRESS: `${MAX_HELD_BOOKINGS_PER_COACH_PER_ADDRESS} of this coach's seats are already held unpaid from your network. Please try again once they are paid or released.`,
  UNPAID_SERIES_IN_FAMILY:
    "Your family already has a weekly series awaiting payment. Pay for it or let it expire before holding another series.",
  UNPAID_SERIES_FROM_ADDRESS:
    "A weekly series of this coach is already held unpaid from your network. Please try again once it is paid or released.",
  TOO_MANY_REQUESTS: `You can send at most ${MAX_SESSION_REQUESTS_PER_DAY} session requests a day. Please try again tomorrow.`,
  TOO_MANY_CONTACT_MESSAGES: "Too many messages. Please try again in an hour.",
  TOO_MANY_UPLOADS: "Too many uploads. Please try again in an hour.",
  TOO_MANY_RESET_EMAILS: "Too many password reset e-mails for this address. Please try again in an hour.",
  TOO_MANY_VERIFICATION_EMAILS: "Too many verification e-mails. Please try again in an hour.",
  ACCOUNT_LOCKED: "Too many failed sign-in attempts for this account. Please try again in 15 minutes.",
} as const;

/**
 * Requests per user per 15 minutes to endpoints that call the payment provider (checkout, payment
 * confirmation, Connect onboarding, refunds, payouts): far above what a person does, low enough that
 * one account cannot run up the platform's provider quota (issue 28).
 */
export const MAX_PROVIDER_CALLS_PER_15_MINUTES = 200;
export const PROVIDER_CALLS_MESSAGE = "Too many payment requests. Please try again in 15 minutes.";
