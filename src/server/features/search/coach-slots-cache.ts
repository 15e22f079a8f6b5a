import { performance } from "node:perf_hooks";
import type { CalendarEvent } from "@contract/realtime";
import { SEARCH_SLOTS_PER_COACH } from "@contract/search";
import { formatTime } from "@contract/time";
import type { AppDeps } from "../../deps";
import { perDatabase } from "./per-database";
import * as repo from "./search.repository";
import { textInterner } from "./shared-texts";

/**
 * Each searched coach's next open slots, kept in memory so that a search does not re-read and
 * re-format the same slots for every visitor (docs/PERFORMANCE.md: the slots were most of a
 * search's database time).
 *
 * Why it stays correct:
 * - What depends on the clock is decided when serving, with the request's `now`: a slot that has
 *   started is skipped and a hold's seat is free again from its expiry instant, exactly as the
 *   search's SQL did. An entry loaded for a later instant than `now` (a test clock moved back) is
 *   reloaded.
 * - What depends on writes (a new, changed, cancelled or deleted slot, a booking, a hold, an
 *   expiry or cancellation sweep) drops the coach's entry: every such change publishes a calendar
 *   event with the coach's id, which reaches every server process through PostgreSQL
 *   LISTEN/NOTIFY (realtime/event-bus.ts); the process that made the change drops it before it
 *   answers (onPublish), so its own next request never sees the old slots.
 * - A load that ran while such an event arrived is used for its own request (it read the database
 *   at that moment) but not kept, since it may predate the change.
 * - Until this process listens, nothing is kept. When a lost listening connection is back, every
 *   entry is dropped (events sent meanwhile never arrive). Entries also expire after ENTRY_TTL_MS,
 *   for a write made outside the services (which publish no event).
 * - The coach's time zone (the slots' dates and times are written in it) is checked against the
 *   search's own row.
 *
 * At start (search-warm-up.ts) every coach on the map is read, so that a first search reads
 * nothing from PostgreSQL; then each entry is read again in the background before it expires
 * (keepFresh), rather than all of them in the same minute ten minutes later.
 */

/**
 * Safety net for a write that publishes no event. Lost events are covered by dropping everything
 * on reconnect, so this can be long: at 100,000 coaches a one-minute expiry re-read every searched
 * coach's slots every minute (docs/PERFORMANCE.md).
 */
const ENTRY_TTL_MS = 10 * 60_000;
/**
 * The bound of the cache: at most about 0.6 KB a coach (7 slots of 7 numbers in one array of
 * doubles, the entry and its map's slot), so at most about 90 MB whatever the marketplace's size
 * (docs/performance-log.md has the measured figures). Oldest loaded are dropped first beyond it;
 * at start only this many coaches are read.
 */
const MAX_COACHES = 150_000;
/** How old an entry is re-read in the background (keepFresh): well before ENTRY_TTL_MS. */
const REFRESH_AFTER_MS = ENTRY_TTL_MS - 2 * 60_000;
/** How often keepFresh looks for entries to re-read, and at most how many it reads at once. */
const REFRESH_TICK_MS = 1000;
const REFRESH_BATCH = 1000;
/** Coaches read in one statement at start, and statements at a time (PostgreSQL does most of the work: one a core). */
const PRELOAD_BATCH = 500;
const PRELOAD_CONCURRENCY = 2;

/**
 * Slots read per coach for a search showing `limit`: no spare. A spare slot saved a coach's reload
 * when their first slot started (a booking drops the entry anyway), and cost every first search
 * an eighth more of PostgreSQL's time; two spares a sixth more (docs/performance-log.md, 27
 * November 2026, late morning and noon).
 */
export function slotsReadPerCoach(limit: number): number {
  return limit;
}

/**
 * Slots read per coach for a search's page (a card shows SEARCH_SLOTS_PER_COACH, one more says
 * there are more): what preload and keepFresh read.
 */
const USUAL_PER_COACH = slotsReadPerCoach(SEARCH_SLOTS_PER_COACH + 1);

type Entry = {
  timeZone: string;
  /** The request instant the slots were read for (slots starting before it are not included). */
  loadedForMs: number;
  /** performance.now() at load, for the TTL (real time, whatever the test clock says). */
  loadedAt: number;
  /** All the coach's open slots from loadedForMs on are here (fewer than were asked for). */
  complete: boolean;
  /**
   * The slots in start order, FIELDS numbers each in one array (their API JSON is written from them
   * when a page is made): as JSON text and number lists a coach took about 1.6 KB. A plain array of
   * doubles, which V8 keeps in its heap as the numbers alone: a Float64Array per coach added a
   * buffer object, a view and a block allocated outside the heap, about 48 MB of "array buffers" a
   * process at 100,000 coaches (docs/performance-log.md, 30 November 2026).
   */
  slots: readonly number[];
  /** The JSON texts of the location names the slots name (FLAGS >> 2 is one's index plus one, 0 for none). */
  locations: readonly string[];
  /** The expiry instants of the holds that were running at load, by slot index; most slots have none. */
  holds: Map<number, number[]> | undefined;
};

/** A slot's numbers in Entry.slots, as repo.SlotFields sends them (the location as an index, the group flag a bit). */
const ID = 0;
const STARTS_MS = 1;
const LOCAL_MINUTE = 2;
const END_MINUTE = 3;
const CAPACITY = 4;
const FLAGS = 5;
const UNPAID_SEATS = 6;
const FIELDS = 7;
/** FLAGS' bits: a group slot, a week of a weekly series; the location's index plus one above them. */
const GROUP_FLAG = 1;
const WEEKLY_FLAG = 2;
const NO_LOCATIONS: readonly string[] = [];

export type CoachRef = { id: number; timeZone: string };

/** Coaches whose slots are asked for in one turn of the event loop, and their one read. */
type Gathering = { coachIds: Set<number>; now: Date; loaded: Promise<Map<number, Entry>> };

export type BookableSlots = {
  /** Each coach's next bookable slots as API JSON texts in start order, by coach id. */
  byCoach: Map<number, string[]>;
  /**
   * The earliest instant (ms) at which time alone changes any of these lists: a listed or unlisted
   * slot starting (it leaves), a running hold expiring (its seat comes back). Infinity when none.
   */
  validUntilMs: number;
  /** performance.now() past which the oldest entry used has expired (ENTRY_TTL_MS). */
  freshUntil: number;
};

export type CoachSlotsCache = {
  /**
   * The next `limit` slots a player can book at `now` of each coach, as API JSON texts in start
   * order, by coach id; cached entries are used when still valid, the others are loaded in one
   * statement.
   */
  bookableSlots(coaches: CoachRef[], now: Date, limit: number): Promise<BookableSlots>;
  /** Drops a coach's entry (for changes made outside the services, which publish no event). */
  invalidate(coachId: number): void;
  /** How many times `invalidate` was called: answers made from these slots before a call are stale. */
  outsideChangeCount(): number;
  /** Resolves once this process hears calendar events, from when on entries are kept. */
  listening: Promise<void>;
  /**
   * Reads the slots of these coaches (the first MAX_COACHES) as a search's misses would; resolves
   * with the coaches held after. Reads nothing when not listening to calendar events (nothing would
   * be kept).
   */
  preload(coachIds: readonly number[]): Promise<number>;
  /**
   * Re-reads each entry in the background before it expires, from now on; returns what stops it.
   * The options are for tests: how old an entry is re-read, how often to look.
   */
  keepFresh(options?: { afterMs?: number; everyMs?: number }): () => void;
  /** Coaches held (for the benchmark's memory figures). */
  size(): number;
};

/** One cache per database (tests start a fresh one per file). */
export const coachSlotsCacheFor = perDatabase(createCoachSlotsCache);

function createCoachSlotsCache(deps: AppDeps): CoachSlotsCache {
  const entries = new Map<number, Entry>();
  let listening = false;
  let sequence = 0;
  /** Invalidations (coach -> sequence) while loads run; loads started earlier are not kept. */
  const invalidatedAt = new Map<number, number>();
  let discardBefore = 0;
  let loadsRunning = 0;
  let outsideChanges = 0;

  const invalidate = (coachId: number) => {
    entries.delete(coachId);
    sequence++;
    if (loadsRunning === 0) return;
    if (invalidatedAt.size >= 10_000) {
      invalidatedAt.clear();
      discardBefore = sequence;
    } else invalidatedAt.set(coachId, sequence);
  };
  // A listing change (coach_updated) leaves the slots as they were; a new time zone is caught by the zone check.
  const onEvent = (event: CalendarEvent) => {
    if (event.type !== "coach_updated") invalidate(event.coachId);
  };

  let subscribed: Promise<void> = new Promise<void>(() => {});
  if (deps.events) {
    deps.events.onPublish?.(onEvent);
    deps.events.onReconnect?.(() => {
      for (const coachId of [...entries.keys()]) invalidate(coachId);
    });
    subscribed = deps.events.subscribe(onEvent).then(
      () => {
        listening = true;
      },
      (err: unknown) => deps.logger.error({ err }, "search slot cache: cannot listen to calendar events; not caching"),
    );
  }

  /**
   * Loads asked for in one turn of the event loop (by slots read per coach), read in one statement
   * at the next: concurrent first searches share a round trip to PostgreSQL. The rules of a load
   * hold from the moment the first of them asked (its invalidations are counted from then).
   */
  const gathering = new Map<number, Gathering>();

  function load(coachIds: number[], now: Date, perCoach: number): Promise<Map<number, Entry>> {
    let batch = gathering.get(perCoach);
    if (!batch) {
      const startedAt = sequence;
      loadsRunning++;
      const gathered: Gathering = {
        coachIds: new Set(),
        now,
        loaded: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          gathering.delete(perCoach);
          return read([...gathered.coachIds], gathered.now, perCoach, startedAt);
        }),
      };
      gathering.set(perCoach, (batch = gathered));
    }
    for (const coachId of coachIds) batch.coachIds.add(coachId);
    // The earliest instant asked for: its entries serve the later ones, as a kept entry does.
    if (now < batch.now) batch.now = now;
    return batch.loaded;
  }

  async function read(coachIds: number[], now: Date, perCoach: number, startedAt: number): Promise<Map<number, Entry>> {
    let rows: repo.CoachSlotsRow[];
    try {
      rows = await repo.coachSlots(deps.database.db, coachIds, now, perCoach);
    } finally {
      loadsRunning--;
    }
    const loadedAt = performance.now();
    const loaded = new Map<number, Entry>();
    for (const row of rows) loaded.set(Number(row.coachId), entryOf(row, now.getTime(), loadedAt, perCoach));
    const keep = listening && startedAt >= discardBefore;
    for (const [coachId, entry] of loaded) {
      if (!keep || (invalidatedAt.get(coachId) ?? -1) > startedAt) continue;
      entries.delete(coachId);
      entries.set(coachId, entry);
    }
    if (loadsRunning === 0) invalidatedAt.clear();
    for (const key of entries.keys()) {
      if (entries.size <= MAX_COACHES) break;
      entries.delete(key);
    }
    return loaded;
  }

  /** Reads these coaches' slots under the rules of a load started now (its invalidations counted from now). */
  const readNow = (coachIds: number[], perCoach: number) => {
    loadsRunning++;
    return read(coachIds, deps.clock.now(), perCoach, sequence);
  };

  return {
    async preload(coachIds) {
      if (!deps.events) return 0;
      await subscribed;
      if (!listening) return 0;
      const queue = coachIds.slice(0, MAX_COACHES);
      const worker = async () => {
        for (let next = queue.splice(0, PRELOAD_BATCH); next.length > 0; next = queue.splice(0, PRELOAD_BATCH)) {
          await readNow(next, USUAL_PER_COACH);
        }
      };
      await Promise.all(Array.from({ length: PRELOAD_CONCURRENCY }, worker));
      return entries.size;
    },
    keepFresh({ afterMs = REFRESH_AFTER_MS, everyMs = REFRESH_TICK_MS } = {}) {
      let reading = false;
      const tick = () => {
        if (reading) return;
        const before = performance.now() - afterMs;
        // The map is in load order (a load deletes and sets again): the oldest are first.
        const due: number[] = [];
        for (const [coachId, entry] of entries) {
          if (entry.loadedAt > before || due.length === REFRESH_BATCH) break;
          due.push(coachId);
        }
        if (due.length === 0) return;
        reading = true;
        readNow(due, USUAL_PER_COACH).then(
          () => (reading = false),
          (err: unknown) => {
            reading = false;
            deps.logger.error({ err }, "search slot cache: cannot read slots again; they expire and are read on the next search");
          },
        );
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    invalidate(coachId) {
      outsideChanges++;
      invalidate(coachId);
    },
    outsideChangeCount: () => outsideChanges,
    listening: subscribed,
    size: () => entries.size,
    async bookableSlots(coaches, now, limit) {
      const nowMs = now.getTime();
      const ttlStart = performance.now() - ENTRY_TTL_MS;
      const result: BookableSlots = { byCoach: new Map(), validUntilMs: Infinity, freshUntil: Infinity };
      const use = (coachId: number, slots: string[], entry: Entry | undefined) => {
        result.byCoach.set(coachId, slots);
        if (!entry) return;
        result.validUntilMs = Math.min(result.validUntilMs, nextChangeMs(entry, nowMs));
        result.freshUntil = Math.min(result.freshUntil, entry.loadedAt + ENTRY_TTL_MS);
      };
      let missing: number[] = [];
      for (const coach of coaches) {
        const entry = entries.get(coach.id);
        const usable = entry && entry.timeZone === coach.timeZone && entry.loadedForMs <= nowMs && entry.loadedAt > ttlStart;
        const slots = usable ? bookable(entry, nowMs, limit) : undefined;
        if (slots) use(coach.id, slots, entry);
        else missing.push(coach.id);
      }
      // A coach whose open slots were mostly held at load time may need more rows.
      for (let perCoach = slotsReadPerCoach(limit); missing.length > 0; perCoach *= 4) {
        const loaded = await load(missing, now, perCoach);
        const again: number[] = [];
        for (const coachId of missing) {
          const entry = loaded.get(coachId);
          const slots = entry ? bookable(entry, nowMs, limit) : [];
          if (slots) use(coachId, slots, entry);
          else again.push(coachId);
        }
        missing = again;
      }
      return result;
    },
  };
}

/** The time zones and the locations' JSON texts, one copy each for every coach that uses them. */
const shared = textInterner();

/** A coach's entry from their row: each slot's numbers in one array, its location's JSON text once. */
function entryOf(row: repo.CoachSlotsRow, loadedForMs: number, loadedAt: number, perCoach: number): Entry {
  const read = row.meta === null ? [] : (JSON.parse(row.meta) as repo.SlotFields[]);
  const slots = new Array<number>(read.length * FIELDS).fill(0);
  let locations: string[] | undefined;
  let holds: Map<number, number[]> | undefined;
  for (const [
    i,
    [id, startsMs, localMinute, endMinute, capacity, isGroup, unpaidSeats, running, locationName, isWeekly],
  ] of read.entries()) {
    let location = 0;
    if (locationName !== null) {
      const text = shared(JSON.stringify(locationName));
      locations ??= [];
      location = locations.indexOf(text) + 1 || locations.push(text);
    }
    const flags = (location << 2) | (isWeekly ? WEEKLY_FLAG : 0) | (isGroup ? GROUP_FLAG : 0);
    const at = i * FIELDS;
    slots[at + ID] = id;
    slots[at + STARTS_MS] = startsMs;
    slots[at + LOCAL_MINUTE] = localMinute;
    slots[at + END_MINUTE] = endMinute;
    slots[at + CAPACITY] = capacity;
    slots[at + FLAGS] = flags;
    slots[at + UNPAID_SEATS] = unpaidSeats;
    if (running.length > 0) (holds ??= new Map()).set(i, running);
  }
  return {
    timeZone: shared(row.timeZone),
    loadedForMs,
    loadedAt,
    complete: read.length < perCoach,
    slots,
    locations: locations ?? NO_LOCATIONS,
    holds,
  };
}

function slotCount(entry: Entry): number {
  return entry.slots.length / FIELDS;
}

/**
 * The first instant after `nowMs` at which `bookable` may answer differently for this entry: the
 * first slot not started at `nowMs` is skipped from 1 ms after its start (earlier ones already
 * are, later ones start after it), and a running hold's seat is free from its expiry.
 */
function nextChangeMs(entry: Entry, nowMs: number): number {
  let at = Infinity;
  for (let i = 0; i < slotCount(entry); i++) {
    const startsMs = entry.slots[i * FIELDS + STARTS_MS] ?? 0;
    if (startsMs >= nowMs) {
      at = startsMs + 1;
      break;
    }
  }
  for (const expiries of entry.holds?.values() ?? []) for (const expiresAt of expiries) if (expiresAt > nowMs) at = Math.min(at, expiresAt);
  return at;
}

/**
 * The first `limit` slots bookable at `nowMs`, as API JSON texts: started slots and slots whose
 * seats are taken by confirmed bookings and running holds are skipped. undefined when the entry
 * has too few slots to know (the coach has more open slots than were read).
 */
function bookable(entry: Entry, nowMs: number, limit: number): string[] | undefined {
  const out: string[] = [];
  const { slots } = entry;
  for (let i = 0; i < slotCount(entry); i++) {
    const at = i * FIELDS;
    if ((slots[at + STARTS_MS] ?? 0) < nowMs) continue;
    let open = slots[at + UNPAID_SEATS] ?? 0;
    for (const expiresAt of entry.holds?.get(i) ?? []) if (expiresAt > nowMs) open--;
    if (open <= 0) continue;
    out.push(slotJson(entry, at));
    if (out.length === limit) return out;
  }
  return entry.complete ? out : undefined;
}

/** Each time zone's JSON text, written once (a few hundred zones at most). */
const zoneJson = new Map<string, string>();

/**
 * A slot's API JSON text (TimeSlot of the contract, in its key order), written as PostgreSQL's
 * to_json wrote it when the statement spelled it: the date and the start time from the slot's
 * wall-clock minute in the coach's zone, the end time from its minute of the day.
 */
function slotJson(entry: Entry, at: number): string {
  const { slots } = entry;
  const local = new Date((slots[at + LOCAL_MINUTE] ?? 0) * 60_000).toISOString();
  const endMinute = slots[at + END_MINUTE] ?? 0;
  const flags = slots[at + FLAGS] ?? 0;
  let zone = zoneJson.get(entry.timeZone);
  if (zone === undefined) zoneJson.set(entry.timeZone, (zone = JSON.stringify(entry.timeZone)));
  return (
    `{"id":${slots[at + ID]},"date":"${local.slice(0, 10)}","startTime":"${local.slice(11, 16)}",` +
    `"endTime":"${formatTime(endMinute)}","timeZone":${zone},` +
    `"isGroup":${flags & GROUP_FLAG ? "true" : "false"},"capacity":${slots[at + CAPACITY]},"locationName":${entry.locations[(flags >> 2) - 1] ?? "null"}` +
    (flags & WEEKLY_FLAG ? `,"weekly":true}` : "}")
  );
}
