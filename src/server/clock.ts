/**
 * The one clock every time-based rule reads (DESIGN.md 8). With ENABLE_TEST_CLOCK it can be moved
 * forward by POST /api/test/clock; otherwise it is the system clock.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advanceMinutes(minutes: number): Date {
    this.offsetMs += Math.round(minutes * 60_000);
    return this.now();
  }
}
