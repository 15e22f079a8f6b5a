/**
 * A value the code's own rules say is there (a row just written or locked, a key of a map built
 * from the same list): a missing one is a bug, never input a client sent, so it throws with a name
 * instead of letting `undefined` travel on. Server code uses it in place of a `!` assertion.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found none`);
  return value;
}
