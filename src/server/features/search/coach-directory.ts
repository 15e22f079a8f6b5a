import { getHeapStatistics } from "node:v8";
import KDBush from "kdbush";
import type { Badge } from "@contract/credentials";
import type { CalendarEvent } from "@contract/realtime";
import type { AppDeps } from "../../deps";
import { boundingBox, haversineMiles, type Origin } from "./distance";
import { perDatabase } from "./per-database";
import * as repo from "./search.repository";
import { present } from "../../present";
import { textInterner } from "./shared-texts";

/**
 * Every coach a radius search can find, kept in memory: coordinates, time zone, what they teach
 * and their listing as JSON text. A search then picks its coaches without a database round trip
 * (docs/PERFORMANCE.md: the candidate query was what remained of a search's database time).
 *
 * Where: a static k-d tree (kdbush) per specialization over the coordinates of the coaches who
 * teach it answers the search's bounding box in time that grows with the coaches inside it who
 * teach the position, not with the country (docs/decisions/006-in-memory-spatial-index.md); one
 * tree of every coach made a 100-mile search step over the two thirds who teach something else.
 * Coaches changed since the trees were built sit in a small overlay that every search scans; the
 * trees are rebuilt once the overlay grows.
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
 * - Events published while this process's listening connection was down are lost: when it is
 *   open again, the coaches whose listing changed since a little before it went down are read
 *   again (repo.coachesChangedSince), in the background. There is no periodic full read: at
 *   100,000 coaches it took seconds of database time a minute per process.
 * - The first load waits until this process listens, so no change between the two is missed.
 */

/** Changed coaches kept beside the tree before it is rebuilt (each search scans them all). */
const OVERLAY_LIMIT = 512;
/**
 * How long before the listening connection was lost a change is read again on reconnect: covers
 * events that were in flight, and clocks of other processes a little behind this one.
 */
const RECONNECT_MARGIN_MS = 5 * 60_000;
/**
 * The first circle `nearest` looks in, doubled until it holds enough coaches: a page's worth lies
 * within a few miles in a metro area, while a 100-mile circle there holds thousands.
 */
const FIRST_CIRCLE_MILES = 8;

export type DirectoryCoach = {
  id: number;
  latitude: number;
  longitude: number;
  timeZone: string;
  /**
   * Specializations in lower case (search matches the position whatever the case of either), each
   * text shared by every coach who teaches it: a few references a coach instead of a Set of copies.
   */
  teaches: readonly string[];
  /** The listing JSON object without its closing brace, ready for badges, distance and availableSlots. */
  listingHead: string;
  /** Verified credentials, expired ones included: each answer keeps those that count on its day. */
  badges: readonly Badge[];
};

const NO_BADGES: readonly Badge[] = Object.freeze([]);

export type NearbyCoach = { coach: DirectoryCoach; distance: number };

type Box = ReturnType<typeof boundingBox>;

const inBox = (box: Box, coach: { latitude: number; longitude: number }) =>
  coach.latitude >= box.minLatitude &&
  coach.latitude <= box.maxLatitude &&
  coach.longitude >= box.minLongitude &&
  coach.longitude <= box.maxLongitude;

export type CoachDirectory = {
  /** Coaches within `miles` of the origin teaching the position, nearest first (to 6 decimals, then by id). */
  near(origin: Origin, miles: number, position: string): Promise<readonly NearbyCoach[]>;
  /**
   * The first `count` coaches of `near`'s list that `keep` keeps, in its order, and whether that
   * is all it keeps (fewer than `count`). Looks in growing circles, so that a wide search in a
   * dense area measures and orders only the coaches near the centre, not every coach in its radius.
   */
  nearest(
    origin: Origin,
    miles: number,
    position: string,
    count: number,
    keep: (coach: NearbyCoach) => boolean,
  ): Promise<{ coaches: NearbyCoach[]; all: boolean }>;
  /**
   * The given coaches as currently listed (every change heard before the call read again), in the
   * order given; those not on the map (no coordinates, or no such coach) are left out.
   */
  listed(coachIds: readonly number[]): Promise<DirectoryCoach[]>;
  /** Marks a coach stale, for changes made outside the services (which publish no event). */
  invalidate(coachId: number): void;
  /** Counts the coaches marked stale so far, by events or `invalidate`: a listing may have changed since the count last moved. */
  changeCount(): number;
  /** The coaches marked stale after the count was `count` (what changed since a reader last looked). */
  changedSince(count: number): number[];
  /** Where the coach is as last read, or undefined when not on the map or marked stale (it may have moved). */
  positionOf(coachId: number): Origin | undefined;
  /** Resolves once this process hears coach events. */
  listening: Promise<void>;
  /** The ids of the coaches on the map, as last read (the slot cache reads theirs at start). */
  coachIds(): number[];
  /** Coaches held (for the benchmark's memory figures). */
  size(): number;
};

/** One directory per database (tests start a fresh one per file). */
export const coachDirectoryFor = perDatabase(createCoachDirectory);

function createCoachDirectory(deps: AppDeps): CoachDirectory {
  let coaches = new Map<number, DirectoryCoach>();
  /** By lower-case specialization: the k-d tree of the coaches who teach it, and those coaches by its item ids. */
  let trees = new Map<string, { tree: KDBush; coaches: DirectoryCoach[] }>();
  /** Coaches changed since the tree was built: their new entry, or null once off the map. */
  let overlay = new Map<number, DirectoryCoach | null>();
  let loaded = false;
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
  /** Events sent while the listening connection was down never arrive: read those coaches again. */
  const onReconnect = (lostAt: Date) => {
    if (!loaded) return; // the first load has not run yet and will read everything
    const since = new Date(lostAt.getTime() - RECONNECT_MARGIN_MS);
    repo.coachesChangedSince(deps.database.db, since).then(
      ({ changed, placed }) => {
        changed.forEach(invalidate);
        for (const id of coaches.keys()) if (!placed.has(id)) invalidate(id);
      },
      (err: unknown) => deps.logger.error({ err }, "coach directory: cannot read the coaches changed while not listening"),
    );
  };

  let listening: Promise<void> = Promise.resolve();
  if (deps.events) {
    deps.events.onPublish?.(onEvent);
    deps.events.onReconnect?.(onReconnect);
    listening = deps.events.subscribe(onEvent).then(
      () => undefined,
      (err: unknown) =>
        deps.logger.error({ err }, "coach directory: cannot listen to coach events; changes by other processes are not seen"),
    );
  }

  /** One copy of each time zone and lower-case specialization, however many coaches share it. */
  const shared = textInterner();
  const toCoach = (row: repo.DirectoryRow): DirectoryCoach => ({
    id: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: shared(row.timeZone),
    teaches: row.specializations.map((s) => shared(s.toLowerCase())),
    listingHead: row.listing.slice(0, -1),
    badges: row.badges === "[]" ? NO_BADGES : (JSON.parse(row.badges) as Badge[]),
  });

  function buildTree(): void {
    const teaching = new Map<string, DirectoryCoach[]>();
    for (const coach of coaches.values())
      for (const specialization of new Set(coach.teaches)) {
        const list = teaching.get(specialization);
        if (list) list.push(coach);
        else teaching.set(specialization, [coach]);
      }
    trees = new Map();
    overlay = new Map();
    for (const [specialization, list] of teaching) {
      const tree = new KDBush(list.length);
      for (const coach of list) tree.add(coach.longitude, coach.latitude);
      tree.finish();
      trees.set(specialization, { tree, coaches: list });
    }
  }

  /** Forgets the staleness of coaches invalidated no later than `upTo` (a read that started after it covered them). */
  const settle = (upTo: number, coachIds: Iterable<number>) => {
    for (const id of coachIds) if ((stale.get(id) ?? Infinity) <= upTo) stale.delete(id);
  };

  async function loadAll(): Promise<void> {
    await listening;
    const startedAt = changes;
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
    buildTree();
    loaded = true;
    warnWhenHeapIsTight(coaches.size);
  }

  /** The directory grows with the marketplace; the heap's limit is set at start (docs/OPERATIONS.md). */
  function warnWhenHeapIsTight(count: number): void {
    const heap = getHeapStatistics();
    if (heap.used_heap_size <= heap.heap_size_limit / 2) return;
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    deps.logger.warn(
      { coaches: count, heapUsedMb: mb(heap.used_heap_size), heapLimitMb: mb(heap.heap_size_limit) },
      "coach directory: the heap is over half its limit after reading every coach; raise --max-old-space-size",
    );
  }

  async function loadStale(): Promise<void> {
    const startedAt = changes;
    const ids = [...stale.keys()];
    const rows = await repo.coachDirectory(deps.database.db, ids);
    const found = new Map(rows.map((row) => [row.id, toCoach(row)]));
    for (const id of ids) {
      // Gone, or no longer placed on the map, when the read did not find it.
      const coach = found.get(id);
      if (coach) coaches.set(id, coach);
      else coaches.delete(id);
      overlay.set(id, coach ?? null);
    }
    settle(startedAt, ids);
    if (overlay.size > OVERLAY_LIMIT) buildTree();
  }

  const hasStaleUpTo = (upTo: number) => {
    for (const at of stale.values()) if (at <= upTo) return true;
    return false;
  };

  /** Loaded, with every coach invalidated before this call read again. */
  async function current(): Promise<void> {
    const known = changes;
    if (!loaded) await (fullLoad ??= loadAll().finally(() => (fullLoad = undefined)));
    while (hasStaleUpTo(known)) await (staleLoad ??= loadStale().finally(() => (staleLoad = undefined)));
  }

  return {
    invalidate,
    changeCount: () => changes,
    changedSince(count) {
      const ids: number[] = [];
      for (const [id, at] of latest) if (at > count) ids.push(id);
      return ids;
    },
    positionOf(coachId) {
      const coach = coaches.get(coachId);
      return coach && !stale.has(coachId) ? { latitude: coach.latitude, longitude: coach.longitude } : undefined;
    },
    listening,
    coachIds: () => [...coaches.keys()],
    size: () => coaches.size,
    async listed(coachIds) {
      await current();
      const found: DirectoryCoach[] = [];
      for (const id of coachIds) {
        const coach = coaches.get(id);
        if (coach) found.push(coach);
      }
      return found;
    },
    async near(origin, miles, position) {
      await current();
      const { found, distances } = within(origin, miles, position.toLowerCase());
      return nearestFirst(found, distances, miles);
    },
    async nearest(origin, miles, position, count, keep) {
      await current();
      const wanted = position.toLowerCase();
      // A coach left out of a circle is farther than its radius, so its key (distance to 6
      // decimals) is at least the radius's: those found with a smaller key are the list's exact
      // first coaches, whatever lies outside.
      for (let radius = Math.min(miles, FIRST_CIRCLE_MILES); ; radius = Math.min(miles, radius * 2)) {
        const { found, distances } = within(origin, radius, wanted);
        const whole = radius >= miles;
        const limit = Math.round(radius * 1e6);
        const inside = whole ? found : found.filter((_, i) => Math.round((distances[i] ?? 0) * 1e6) < limit);
        const insideDistances = whole ? distances : distances.filter((d) => Math.round(d * 1e6) < limit);
        const kept = nearestFirst(inside, insideDistances, radius).filter(keep);
        if (whole || kept.length >= count) return { coaches: kept.slice(0, count), all: whole && kept.length <= count };
      }
    },
  };

  /** The coaches teaching `wanted` (lower case) within `miles` of the origin, unordered, with their distances. */
  function within(origin: Origin, miles: number, wanted: string): { found: DirectoryCoach[]; distances: number[] } {
    const box = boundingBox(origin, miles);
    const found: DirectoryCoach[] = [];
    const distances: number[] = [];
    const consider = (coach: DirectoryCoach) => {
      const distance = haversineMiles(origin, coach.latitude, coach.longitude);
      if (distance > miles) return;
      found.push(coach);
      distances.push(distance);
    };
    const teaching = trees.get(wanted);
    for (const item of teaching?.tree.range(box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude) ?? []) {
      const coach = present(teaching?.coaches[item], "a coach of the index");
      if (overlay.size === 0 || !overlay.has(coach.id)) consider(coach);
    }
    for (const coach of overlay.values()) if (coach && coach.teaches.includes(wanted) && inBox(box, coach)) consider(coach);
    return { found, distances };
  }
}

/**
 * The coaches found, by distance to 6 decimals (a tenth of an inch), then id: the order search
 * pages by. Each coach's key is its rounded distance times a power of two above the count plus
 * its place in `found`, so one numeric sort of a typed array orders them without a comparator
 * call (a comparator over objects was a third of a first search's look-up at 100,000 coaches);
 * coaches at one distance (one ZIP's coaches share its coordinates) are then put in id order.
 */
function nearestFirst(found: readonly DirectoryCoach[], distances: readonly number[], miles: number): NearbyCoach[] {
  const count = found.length;
  const places = 2 ** Math.ceil(Math.log2(count + 1));
  const orders = distances.map((distance) => Math.round(distance * 1e6));
  if ((Math.round(miles * 1e6) + 1) * places > Number.MAX_SAFE_INTEGER) {
    const nearby = found.map((coach, i) => ({ coach, distance: distances[i] ?? 0, order: orders[i] ?? 0 }));
    nearby.sort((a, b) => a.order - b.order || a.coach.id - b.coach.id);
    return nearby.map(({ coach, distance }) => ({ coach, distance }));
  }
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) keys[i] = (orders[i] ?? 0) * places + i;
  keys.sort();
  const nearby: NearbyCoach[] = [];
  const sortedOrders: number[] = [];
  for (const key of keys) {
    const i = key % places;
    const coach = present(found[i], "a coach found");
    const order = orders[i] ?? 0;
    // Insertion among the coaches at the same distance only: the keys ordered every other pair.
    let at = nearby.length;
    while (at > 0 && sortedOrders[at - 1] === order && present(nearby[at - 1], "a coach placed").coach.id > coach.id) at--;
    nearby.splice(at, 0, { coach, distance: distances[i] ?? 0 });
    sortedOrders.splice(at, 0, order);
  }
  return nearby;
}
