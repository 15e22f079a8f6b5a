import type { TestApp } from "@tests/support/test-app";

let sequence = 0;

/** An address no other test (file, process or run) has used: sign-up refuses a taken one. */
export const uniqueEmail = (label = "user") => `${label}-${process.pid}-${Date.now().toString(36)}-${++sequence}@example.com`;

/** Pins the server clock to an instant (tests of "in the past" and of time zones need a known now). */
export function pinClock(t: Pick<TestApp, "deps">, iso: string): void {
  const instant = new Date(iso);
  t.deps.clock.now = () => new Date(instant.getTime());
}
