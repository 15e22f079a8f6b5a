/** Cantelli's one-sided inequality at 95%: at most 5% of any distribution lies above mean + sqrt(19) x deviation. */
const CANTELLI_95 = Math.sqrt(19);

/**
 * An upper bound of the p95 of `calls` timings of which PostgreSQL kept only the mean, the
 * (population) standard deviation and the maximum; the least of three bounds, each sure whatever
 * the distribution:
 * - the maximum;
 * - Cantelli over every call: mean + sqrt(19) x deviation;
 * - Cantelli over the calls but the slowest. The slowest call's time is known (the maximum), so the
 *   others' mean and deviation follow from the sums; the p95 is the k-th fastest call (k =
 *   ceil(0.95 n)), which is also the k-th fastest of the others, and it exceeds v only when more
 *   than n - k - 1 of the other n - 1 calls do, a share a = (n - k - 1) / (n - 1); Cantelli
 *   bounds it by mean' + deviation' x sqrt((1 - a) / a). One call of 44 ms among 511 of 0.3 ms (a
 *   lock waited for once) made the first bound 8.8 ms; this one is 1.4 ms.
 */
export function p95Bound(calls: number, meanMs: number, stddevMs: number, maxMs: number): number {
  const overAll = meanMs + CANTELLI_95 * stddevMs;
  const k = Math.ceil(0.95 * calls);
  const share = (calls - k - 1) / (calls - 1);
  if (!(share > 0)) return Math.min(maxMs, overAll);
  const othersMean = (calls * meanMs - maxMs) / (calls - 1);
  const othersSquares = (calls * (stddevMs * stddevMs + meanMs * meanMs) - maxMs * maxMs) / (calls - 1);
  const othersDeviation = Math.sqrt(Math.max(0, othersSquares - othersMean * othersMean));
  const overOthers = Math.max(othersMean, 0) + othersDeviation * Math.sqrt((1 - share) / share);
  return Math.min(maxMs, overAll, overOthers);
}
