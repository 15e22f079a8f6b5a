// What a package page needs without the schemas (no zod): the package checkout loads only this.

/** What a family is told before it pays for a package (the checkout's refund rules). */
export const PACKAGE_TERMS = {
  WHO_MAY_USE: "Any athlete of your family can use these credits.",
  REFUND_RULES:
    "A session booked with a credit and cancelled 24 hours or more before it starts gives the credit back. Unused credits can be refunded by the coach, fee included, for the credits left; they expire after the valid-until date.",
} as const;
