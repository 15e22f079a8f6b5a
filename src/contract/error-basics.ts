/**
 * The error codes and the text of an unexpected failure, without zod: a page that acts on a code
 * (checkout's expired hold) does not load the schema library for it (docs/PERFORMANCE.md,
 * JavaScript per page). The error body's schema stays in `errors.ts`.
 */

/** What a failure the server did not expect says (an answer's 500, a socket's error): never its internals. */
export const INTERNAL_ERROR_MESSAGE = "Something went wrong. Please try again.";

/**
 * The `code` of every non-OK answer but the 401 (DESIGN.md 5 fixes that body to `{"message":"Unauthorized"}`).
 * The first group names the kind of failure; the second names a domain refusal a client acts on
 * without reading the text, which the spec may word differently one day (the message stays the spec's).
 */
export const ErrorCode = {
  VALIDATION: "VALIDATION",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  RATE_LIMITED: "RATE_LIMITED",
  PAYMENT_FAILED: "PAYMENT_FAILED",
  INTERNAL: "INTERNAL",

  /** Every seat of the slot is held or booked. */
  SLOT_FULL: "SLOT_FULL",
  /** The slot was cancelled or is open to requests only. */
  SLOT_CLOSED: "SLOT_CLOSED",
  /** The athlete already holds a seat in this slot. */
  ALREADY_BOOKED: "ALREADY_BOOKED",
  /** The athlete is already on this slot's waitlist. */
  ALREADY_WAITING: "ALREADY_WAITING",
  /** The seat's hold ran out before payment: the only way on is to book again. */
  HOLD_EXPIRED: "HOLD_EXPIRED",
  /** The booking or package is paid already. */
  ALREADY_PAID: "ALREADY_PAID",
  /** The booking was cancelled and can no longer be paid. */
  NOT_PAYABLE: "NOT_PAYABLE",
  /** The family has no package credit that fits this session. */
  NO_CREDIT: "NO_CREDIT",
  /** A package checkout ran out before payment. */
  CHECKOUT_EXPIRED: "CHECKOUT_EXPIRED",
  /** The athlete is under 18 and the coach lacks a current SafeSport training and background check (REQUIRE_SCREENING_FOR_MINORS). */
  SCREENING_REQUIRED: "SCREENING_REQUIRED",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
