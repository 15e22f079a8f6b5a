/**
 * How a person is named on screen and in messages: first and last name, either may be missing
 * (""), without zod, so a first screen that only shows a name loads no schema library
 * (docs/PERFORMANCE.md). Callers add their own fallback: `fullName(coach) || "Coach"`.
 */
export const fullName = (p: { firstName?: string | null; lastName?: string | null } | null | undefined): string =>
  [p?.firstName, p?.lastName].filter(Boolean).join(" ").trim();
