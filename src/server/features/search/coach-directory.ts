import { performance } from "node:perf_hooks";
import type { CalendarEvent } from "../../../contract/realtime";
import type { AppDeps } from "../../deps";
import { boundingBox, haversineMiles, type Origin } from "./distance";
import { perDatabase } from "./per-database";
import * as repo from "./search.repository";

/**
 * Every coach a radius search can find, kept in memory: coordinates, time zone, what they teach
 * and their listing as JSON text. A search then picks its coaches without a database round trip
 * (docs/PERFORMANCE.md: the candidate query was what remained of a search's database time).
 *
 * Why it stays correct:
 * - Every change to what a listing shows (coach profile, photo, rates, the user's name or photo, a
 *   new rating) publishes a `coach_updated` event with the coach's id. The process that made the
 *   change marks the coach stale before it answers (EventBus.onPublish); other processes hear it
 *   through PostgreSQL LISTEN/NOTIFY. A search first re-reads every coach marked stale before it
 *   started (one statement for all of them), so no search sees a listing older than the last
 *   change it could know of.
 * - A re-read that ran while a newer change arrived is applied (it read the database after the
 *   older changes) but its coaches stay stale until read again; a full read keeps the current
 *   entry of a coach changed (and read again) while it ran.
 * - Safety net for a lost event (one published while the listening connection is being opened
 *   again, a direct write to the tables): the whole directory is read again in the background
 *   when it is older than REFRESH_AFTER_MS, while searches go on with the current one.
 * - The first load waits until this process listens, so no change between the two is missed.
 */

/** How old the directory may get before it is read again in the background. */
const REFRESH_AFTER_MS = 60_000;

export type DirectoryCoach = {
  id: number;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** Specializations in lower case: search matches the position whatever the case of either. */
  teaches: Set<string>;
  /** The listing JSON object without its closing brace, ready for distance and availableSlots. */
  listingHead: string;
};

export type NearbyCoach = { coach: DirectoryCoach; distance: number };

export type CoachDirectory = {
  /** Coaches within `miles` of the origin teaching the position, nearest first (then by id). */
  near(origin: Origin, miles: number, position: string): Promise<NearbyCoach[]>;
  /** Marks a coach stale, for changes made outside the services (which publish no event). */
  invalidate(coachId: number): void;
  /** Resolves once this process hears coach events. */
  listening: Promise<void>;
};

/** One directory per database (tests start a fresh one per file). */
export const coachDirectoryFor = perDatabase(createCoachDirectory);

function createCoachDirectory(deps: AppDeps): CoachDirectory {
  let coaches = new Map<number, DirectoryCoach>();
  /** The coaches by latitude, for a binary search of the box's band; rebuilt after changes. */
  let byLatitude: DirectoryCoach[] = [];
  let sorted = true;
  let loaded = false;
  let loadedAt = 0;
  /** Counts invalidations; `latest` keeps the count at each coach's latest one, `stale` those not read since. */
  let changes = 0;
  const latest = new Map<number, number>();
  const stale = new Map<number, number>();
  let fullLoad: Promise<void> | undefined;
  let staleLoad: Promise<void> | undefined;

  const invalidate = (coachId: number) => {
    latest.set(coachId, ++changes);
    stale.set(coachId, changes);
  };
  const onEvent = (event: CalendarEvent) => {
    if (event.type === "coach_updated") invalidate(event.coachId);
  };

  let listening: Promise<void> = Promise.resolve();
  if (deps.events) {
    deps.events.onPublish?.(onEvent);
    listening = deps.events.subscribe(onEvent).then(
      () => undefined,
      (err: unknown) => deps.logger.error({ err }, "coach directory: cannot listen to coach events; relying on the periodic refresh"),
    );
  }

  const toCoach = (row: repo.DirectoryRow): DirectoryCoach => ({
    id: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone,
    teaches: new Set(row.specializations.map((s) => s.toLowerCase())),
    listingHead: row.listing.slice(0, -1),
  });

  /** Forgets the staleness of coaches invalidated no later than `upTo` (a read that started after it covered them). */
  const settle = (upTo: number, coachIds: Iterable<number>) => {
    for (const id of coachIds) if ((stale.get(id) ?? Infinity) <= upTo) stale.delete(id);
  };

  async function loadAll(): Promise<void> {
    await listening;
    const startedAt = changes;
    const readAt = performance.now();
    const rows = await repo.coachDirectory(deps.database.db, null);
    const next = new Map<number, DirectoryCoach>();
    for (const row of rows) next.set(row.id, toCoach(row));
    // A coach changed after this read began and already read again (no longer stale) is newer in
    // the current map than in this read.
    for (const [id, at] of latest) {
      if (at <= startedAt || stale.has(id)) continue;
      const current = coaches.get(id);
      if (current) next.set(id, current);
      else next.delete(id);
    }
    coaches = next;
    settle(startedAt, [...stale.keys()]);
    sorted = false;
    loaded = true;
    loadedAt = readAt;
  }

  async function loadStale(): Promise<void> {
    const startedAt = changes;
    const ids = [...stale.keys()];
    const rows = await repo.coachDirectory(deps.database.db, ids);
    for (const id of ids) coaches.delete(id); // gone, or no longer placed on the map
    for (const row of rows) coaches.set(row.id, toCoach(row));
    settle(startedAt, ids);
    sorted = false;
  }

  const hasStaleUpTo = (upTo: number) => {
    for (const at of stale.values()) if (at <= upTo) return true;
    return false;
  };

  /** Loaded, with every coach invalidated before this call read again. */
  async function current(): Promise<void> {
    const known = changes;
    if (!loaded) {
      await (fullLoad ??= loadAll().finally(() => (fullLoad = undefined)));
    } else if (!fullLoad && performance.now() - loadedAt > REFRESH_AFTER_MS) {
      fullLoad = loadAll()
        .catch((err: unknown) => deps.logger.error({ err }, "coach directory: periodic refresh failed; keeping the current one"))
        .finally(() => (fullLoad = undefined));
    }
    while (hasStaleUpTo(known)) await (staleLoad ??= loadStale().finally(() => (staleLoad = undefined)));
    if (!sorted) {
      byLatitude = [...coaches.values()].sort((a, b) => a.latitude - b.latitude);
      sorted = true;
    }
  }

  return {
    invalidate,
    listening,
    async near(origin, miles, position) {
      await current();
      const box = boundingBox(origin, miles);
      const wanted = position.toLowerCase();
      const found: NearbyCoach[] = [];
      for (let i = firstAtOrAbove(byLatitude, box.minLatitude); i < byLatitude.length; i++) {
        const coach = byLatitude[i]!;
        if (coach.latitude > box.maxLatitude) break;
        if (coach.longitude < box.minLongitude || coach.longitude > box.maxLongitude || !coach.teaches.has(wanted)) continue;
        const distance = haversineMiles(origin, coach.latitude, coach.longitude);
        if (distance <= miles) found.push({ coach, distance });
      }
      return found.sort((a, b) => a.distance - b.distance || a.coach.id - b.coach.id);
    },
  };
}

/** Index of the first coach at or north of `latitude` (binary search). */
function firstAtOrAbove(coaches: DirectoryCoach[], latitude: number): number {
  let low = 0;
  let high = coaches.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (coaches[mid]!.latitude < latitude) low = mid + 1;
    else high = mid;
  }
  return low;
}
