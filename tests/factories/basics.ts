import request from "supertest";
import { PRIVACY_POLICY_VERSION } from "@contract/children";
import type { TestApp } from "@tests/support/test-app";

let sequence = 0;

/** An address no other test (file, process or run) has used: sign-up refuses a taken one. */
export const uniqueEmail = (label = "user", domain = "example.com") =>
  `${label}-${process.pid}-${Date.now().toString(36)}-${++sequence}@${domain}`;

/** Pins the server clock to an instant (tests of "in the past" and of time zones need a known now). */
export function pinClock(t: Pick<TestApp, "deps">, instant: string | Date): void {
  const at = new Date(instant);
  t.deps.clock.now = () => new Date(at.getTime());
}

/** Holds the server clock at `instant` while `body` runs (no sweeps, no drift), then lets it run again. */
export async function withPinnedClock<T>(t: Pick<TestApp, "deps">, instant: string | Date, body: () => Promise<T>): Promise<T> {
  const clock = t.deps.clock;
  const running = clock.now;
  pinClock(t, instant);
  try {
    return await body();
  } finally {
    clock.now = running;
  }
}

/** An athlete under 13 (born 2015), added with the guardian's consent as DESIGN.md 12 requires. */
export const UNDER_13_ATHLETE = {
  firstName: "Mia",
  lastName: "Parker",
  birthday: "2015-04-12",
  position: "Attack",
  consent: { policyVersion: PRIVACY_POLICY_VERSION },
};

/** Moves the test clock on (the test-only route of DESIGN.md 8). */
export async function advanceClock(t: Pick<TestApp, "app">, minutes: number): Promise<void> {
  const res = await request(t.app).post("/api/test/clock").send({ advanceMinutes: minutes });
  if (res.status !== 200) throw new Error(`the test clock answered ${res.status}`);
}
