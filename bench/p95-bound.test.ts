import { describe, expect, it } from "vitest";
import { p95Bound } from "./p95-bound";

/** What pg_stat_statements keeps of a list of timings: calls, mean, population deviation, maximum. */
function kept(times: number[]) {
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const variance = times.reduce((a, b) => a + (b - mean) ** 2, 0) / times.length;
  return [times.length, mean, Math.sqrt(variance), Math.max(...times)] as const;
}

function p95Of(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.ceil(0.95 * sorted.length) - 1]!;
}

describe("bench:peak's p95 bound from pg_stat_statements", () => {
  it("is never below the true p95, whatever the distribution", () => {
    let seed = 46;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const shapes: (() => number)[] = [
      () => 0.3 + random() * 0.4,
      () => -Math.log(1 - random()),
      () => (random() < 0.94 ? 0.2 : 8 + random() * 30),
      () => (random() < 0.5 ? 1 : 4.9),
    ];
    for (const shape of shapes)
      for (const n of [50, 51, 200, 511, 5000]) {
        const times = Array.from({ length: n }, shape);
        expect(p95Bound(...kept(times))).toBeGreaterThanOrEqual(p95Of(times) - 1e-9);
      }
  });

  it("is not thrown off by one slow call among many fast ones, as Cantelli over every call is", () => {
    const times = [...Array.from({ length: 510 }, (_, i) => 0.2 + (i % 10) * 0.02), 44.1];
    const [n, mean, deviation, max] = kept(times);
    expect(mean + Math.sqrt(19) * deviation).toBeGreaterThan(8);
    expect(p95Bound(n, mean, deviation, max)).toBeLessThan(1);
    expect(p95Bound(n, mean, deviation, max)).toBeGreaterThanOrEqual(p95Of(times));
  });

  it("is the maximum when that is lower, and Cantelli over every call when too few calls leave room for one", () => {
    expect(p95Bound(...kept([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]))).toBe(2);
    const few = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const [n, mean, deviation, max] = kept(few);
    expect(p95Bound(n, mean, deviation, max)).toBe(Math.min(max, mean + Math.sqrt(19) * deviation));
  });
});
