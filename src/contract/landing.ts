/*
 * What the landing page needs from the contract, without zod: the landing page's JavaScript
 * budget (100 KB gzip, docs/PERFORMANCE.md) has no room for it. content.ts re-exports these.
 */

export const MAX_LANDING_TESTIMONIALS = 6;
export const MARKETING_FIGURES = { rating: "4.9/5", sessions: "500+", coaches: "50+" } as const;
