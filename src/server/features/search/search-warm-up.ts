import { performance } from "node:perf_hooks";
import { POSITIONS } from "@contract/coach-basics";
import { SEARCH_RADIUS_OPTIONS, SearchCoachesQuerySchema } from "@contract/search";
import type { AppDeps } from "../../deps";
import { coachDirectoryFor } from "./coach-directory";
import { coachSlotsCacheFor } from "./coach-slots-cache";
import * as repo from "./search.repository";
import { searchCoaches } from "./search.service";

/** Searches made at start: enough for the server's code on the search's path to be compiled. */
const WARM_UP_SEARCHES = 200;
/** As many at a time as a busy minute sends, so that their statements reach several connections. */
const WARM_UP_CONCURRENCY = 16;

export type SearchWarmUp = {
  directoryMs: number;
  coaches: number;
  /** Coaches whose next slots were read at start, and how long that took. */
  slotCoaches: number;
  slotsMs: number;
  searches: number;
  totalMs: number;
};

/**
 * Readies the search before the server listens (main.ts; the benchmark's server does the same).
 * Without it the first visitor after a start waited for the coach directory's one full read (2.4 s
 * at 100,000 coaches), and the first hundred searches answered at p95 140-190 ms while the
 * server's code and its database connections were cold (75-104 ms after 200 searches;
 * docs/performance-log.md, 27 November 2026, late morning). The
 * searches are real ones around the first coaches' ZIP codes: their answers and slots are kept as
 * any search's are, under the same rules, so nothing here can be stale.
 */
export async function warmUpSearch(
  deps: AppDeps,
  options: { afterDirectory?: () => void; afterSlots?: () => void } = {},
): Promise<SearchWarmUp> {
  const started = performance.now();
  const directory = coachDirectoryFor(deps);
  // Any question reads the whole directory first; this one, a mile around a point at sea, finds no one.
  await directory.near({ latitude: 0, longitude: 0 }, 1, POSITIONS[0]);
  const directoryMs = performance.now() - started;
  options.afterDirectory?.();
  // Every coach's next slots, so that a first search anywhere reads nothing from PostgreSQL.
  const slotsStarted = performance.now();
  const slotCoaches = await coachSlotsCacheFor(deps).preload(directory.coachIds());
  const slotsMs = performance.now() - slotsStarted;
  options.afterSlots?.();

  const zipcodes = await repo.sampleCoachZipcodes(deps.database.db, WARM_UP_SEARCHES);
  const queue = zipcodes.map((zipcode, i) =>
    SearchCoachesQuerySchema.parse({
      zipcode,
      specialization: POSITIONS[i % POSITIONS.length],
      radius: String(SEARCH_RADIUS_OPTIONS[i % SEARCH_RADIUS_OPTIONS.length]),
    }),
  );
  const worker = async () => {
    // A ZIP code the reference data does not know is refused like any search's; the others go on.
    for (let search = queue.shift(); search; search = queue.shift()) await searchCoaches(deps, search, () => "br").catch(() => undefined);
  };
  await Promise.all(Array.from({ length: WARM_UP_CONCURRENCY }, worker));
  return {
    directoryMs,
    coaches: directory.size(),
    slotCoaches,
    slotsMs,
    searches: zipcodes.length,
    totalMs: performance.now() - started,
  };
}
