/**
 * How a person is named on screen, without zod: a first screen that only shows a name (the
 * athlete picker on a coach profile) does not load the schema library (docs/PERFORMANCE.md).
 */
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
