/*
 * The Content-Security-Policy allows no eval (script-src), so zod's compiled object parsers can
 * never run in this browser. Saying so before zod loads (its global configuration is read from this
 * global when its chunk first runs, and object schemas read it when made) also spares zod's probe
 * for eval: a `new Function` that the policy refuses and reports as a violation on every page
 * with a form, though zod catches it (tests/e2e/accessibility-tour.test.ts).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
