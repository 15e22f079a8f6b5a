import { performance } from "node:perf_hooks";
import type { CalendarEvent } from "@contract/realtime";
import type { SearchCoachesQuery } from "@contract/search";
import type { AppDeps } from "../../deps";
import { decodeJson, encodeJson, type JsonEncoding } from "../../http/compress";
import type { EventBus } from "../../realtime/event-bus";
import { coachDirectoryFor, type CoachDirectory } from "./coach-directory";
import { coachSlotsCacheFor, type CoachSlotsCache } from "./coach-slots-cache";
import { haversineMiles, type Origin } from "./distance";
import { perDatabase } from "./per-database";

/**
 * Whole search answers, kept as the bytes that go out (brotli for a browser): a repeated search
 * costs a look-up and one write instead of building the page from the directory and the slot
 * cache and compressing it (docs/PERFORMANCE.md).
 *
 * Why it stays correct: an answer is served only while a search made now would give the same
 * bytes, i.e. while nothing it was made from has changed.
 * - Slots and bookings: every such change publishes a calendar event with the coach's id (see
 *   coach-slots-cache.ts), heard here the same ways (onPublish in the process that made it, before
 *   it answers; LISTEN/NOTIFY from the others). An event drops the answers whose search circle (a
 *   mile of margin) holds the coach's position as the directory last read it; an event for a
 *   coach the directory does not place, or holds as stale, drops every answer. Any event type
 *   counts, even one that changes nothing a search shows.
 * - Listings: a coach_updated event drops every answer (the coach may have moved). Changes made
 *   outside the services (the directory's or the slot cache's `invalidate`, the directory's re-read
 *   after a lost connection) are seen by their counts: an answer is served only while both counts
 *   are what they were when its computation began. So no answer is served while a coach is marked
 *   stale in the directory (marking moves the count), as the directory re-reads those first.
 * - A computation during which any event arrived is used for its own request but not kept (one
 *   sequence for all events: simplest, and events are rare next to searches).
 * - Time: an answer is served for a request instant from the one it was made for up to the
 *   earliest at which time alone changes a bookable list it examined (a slot starting, a hold
 *   expiring: coach-slots-cache's validUntilMs, every coach whose slots were asked for, shown or
 *   not). A test clock moved back before that instant misses.
 * - The slot cache's real-time expiry (for writes that publish no event) bounds an answer too:
 *   it expires with the oldest slot entry it used.
 * - Until this process listens, nothing is kept; when a lost listening connection is back,
 *   everything is dropped (events sent meanwhile never arrive).
 */

/**
 * The bound in answers, oldest made dropped first. An answer is its compressed bytes (about
 * 2.1 KiB with brotli at 100,000 coaches) and its key, about 2.5 KB all told: 50 MB at most.
 */
const MAX_ANSWERS = 20_000;
/**
 * The bound in bytes, for clients that take no compression (a page is about 12.7 KB as it is):
 * 20,000 such answers would hold 250 MB.
 */
const MAX_BYTES = 64 * 2 ** 20;
/** Per answer beside its bytes: the key, the objects and the maps' slots (an estimate). */
const ANSWER_OVERHEAD_BYTES = 300;
/** Beyond the search radius for an event's coach: the directory's distances use the same formula and coordinates. */
const MARGIN_MILES = 1;

/** A page as searchCoaches computes it, with how long it stays valid. */
export type ComputedPage = {
  body: string;
  nextCursor: string | null;
  /** The request instant (ms) from which time alone changes it. */
  validUntilMs: number;
  /** performance.now() past which it has expired as its slot entries have. */
  freshUntil: number;
};

export type SearchAnswer = { nextCursor: string | null; encoding: JsonEncoding; payload: Buffer };

export type SearchAnswerCache = {
  /**
   * The answer to `search` at `now` in the encoding `chooseEncoding` picks for its JSON text's length:
   * kept when still valid, else `compute`d (and kept when nothing changed meanwhile).
   */
  answer(
    search: SearchCoachesQuery,
    origin: Origin,
    now: Date,
    chooseEncoding: (byteLength: number) => JsonEncoding,
    compute: () => Promise<ComputedPage>,
  ): Promise<SearchAnswer>;
  /** Resolves once this process hears calendar events, from when on answers are kept. */
  listening: Promise<void>;
  /** Answers held (for the benchmark's memory figures). */
  size(): number;
};

type Answer = {
  nextCursor: string | null;
  /** The JSON text's length in bytes, which decides whether it is compressed. */
  byteLength: number;
  /** Its bytes in each encoding asked for so far. */
  encoded: Partial<Record<JsonEncoding, Buffer>>;
  computedForMs: number;
  validUntilMs: number;
  freshUntil: number;
  /** The counts of changes outside events when its computation began. */
  directoryChanges: number;
  slotChanges: number;
  circle: Circle;
};

/** The answers of one search circle (origin and radius; the key's other values vary inside it). */
type Circle = { origin: Origin; radius: number; keys: Set<string> };

type AnswerCacheSources = {
  events: EventBus | undefined;
  logger: AppDeps["logger"];
  directory: Pick<CoachDirectory, "changeCount" | "positionOf">;
  slots: Pick<CoachSlotsCache, "outsideChangeCount">;
  maxAnswers?: number;
  maxBytes?: number;
};

/** One cache per database (tests start a fresh one per file). */
export const searchAnswerCacheFor = perDatabase((deps: AppDeps) =>
  createSearchAnswerCache({
    events: deps.events,
    logger: deps.logger,
    directory: coachDirectoryFor(deps),
    slots: coachSlotsCacheFor(deps),
  }),
);

export function createSearchAnswerCache(sources: AnswerCacheSources): SearchAnswerCache {
  const { events, directory, slots } = sources;
  const maxAnswers = sources.maxAnswers ?? MAX_ANSWERS;
  const maxBytes = sources.maxBytes ?? MAX_BYTES;
  const answers = new Map<string, Answer>();
  const circles = new Map<string, Circle>();
  let bytes = 0;
  let isListening = false;
  let listening: Promise<void> = new Promise<void>(() => {});
  /** Moves on every event and drop of everything: a computation that saw it move is not kept. */
  let sequence = 0;

  const sizeOf = (key: string, answer: Answer) =>
    key.length + ANSWER_OVERHEAD_BYTES + Object.values(answer.encoded).reduce((sum, payload) => sum + payload.length, 0);

  const remove = (key: string) => {
    const answer = answers.get(key);
    if (!answer) return;
    answers.delete(key);
    bytes -= sizeOf(key, answer);
    answer.circle.keys.delete(key);
    if (answer.circle.keys.size === 0) circles.delete(circleKey(answer.circle.origin, answer.circle.radius));
  };
  const dropAll = () => {
    sequence++;
    answers.clear();
    circles.clear();
    bytes = 0;
  };
  const onEvent = (event: CalendarEvent) => {
    const position = event.type === "coach_updated" ? undefined : directory.positionOf(event.coachId);
    if (!position) return dropAll();
    sequence++;
    for (const circle of [...circles.values()]) {
      if (haversineMiles(circle.origin, position.latitude, position.longitude) > circle.radius + MARGIN_MILES) continue;
      for (const key of [...circle.keys]) remove(key);
    }
  };

  if (events) {
    events.onPublish?.(onEvent);
    events.onReconnect?.(dropAll);
    listening = events.subscribe(onEvent).then(
      () => {
        isListening = true;
      },
      (err: unknown) => sources.logger.error({ err }, "search answer cache: cannot listen to calendar events; not caching"),
    );
  }

  const isValid = (answer: Answer, nowMs: number) =>
    answer.computedForMs <= nowMs &&
    nowMs < answer.validUntilMs &&
    performance.now() < answer.freshUntil &&
    answer.directoryChanges === directory.changeCount() &&
    answer.slotChanges === slots.outsideChangeCount();

  /** A kept answer's bytes in `encoding`, made from another encoding's on first need. */
  const payloadOf = (answer: Answer, encoding: JsonEncoding): Buffer => {
    const known = answer.encoded[encoding];
    if (known) return known;
    const [from, payload] = Object.entries(answer.encoded)[0] as [JsonEncoding, Buffer];
    const made = kept(encodeJson(decodeJson(payload, from), encoding));
    answer.encoded[encoding] = made;
    bytes += made.length;
    evictBeyondBounds();
    return made;
  };

  const evictBeyondBounds = () => {
    for (const key of answers.keys()) {
      if (answers.size <= maxAnswers && bytes <= maxBytes) break;
      remove(key);
    }
  };

  const store = (key: string, answer: Answer) => {
    remove(key);
    answers.set(key, answer);
    answer.circle.keys.add(key);
    circles.set(circleKey(answer.circle.origin, answer.circle.radius), answer.circle);
    bytes += sizeOf(key, answer);
    evictBeyondBounds();
  };

  return {
    listening,
    size: () => answers.size,
    async answer(search, origin, now, chooseEncoding, compute) {
      const key = keyOf(search);
      const nowMs = now.getTime();
      const held = answers.get(key);
      if (held && isValid(held, nowMs)) {
        const encoding = chooseEncoding(held.byteLength);
        return { nextCursor: held.nextCursor, encoding, payload: payloadOf(held, encoding) };
      }
      if (held) remove(key);

      const startedAt = sequence;
      const directoryChanges = directory.changeCount();
      const slotChanges = slots.outsideChangeCount();
      const page = await compute();
      const byteLength = Buffer.byteLength(page.body);
      const encoding = chooseEncoding(byteLength);
      const payload = kept(encodeJson(page.body, encoding));
      const circle = circles.get(circleKey(origin, search.radius)) ?? { origin, radius: search.radius, keys: new Set() };
      const answer: Answer = {
        nextCursor: page.nextCursor,
        byteLength,
        encoded: { [encoding]: payload },
        computedForMs: nowMs,
        validUntilMs: page.validUntilMs,
        freshUntil: page.freshUntil,
        directoryChanges,
        slotChanges,
        circle,
      };
      if (isListening && sequence === startedAt && isValid(answer, nowMs)) store(key, answer);
      return { nextCursor: page.nextCursor, encoding, payload };
    },
  };
}

/** The values the page depends on; the specialization last, as the only free text. */
function keyOf(search: SearchCoachesQuery): string {
  const { zipcode, radius, includeUnavailable, verified, cursor, specialization } = search;
  return `${zipcode}|${radius}|${includeUnavailable ? 1 : 0}|${verified ? 1 : 0}|${cursor ?? ""}|${specialization.toLowerCase()}`;
}

function circleKey(origin: Origin, radius: number): string {
  return `${origin.latitude},${origin.longitude},${radius}`;
}

/**
 * A copy that owns exactly its bytes: zlib's output is a view into a 16 KiB buffer, which would
 * stay alive with each kept answer.
 */
function kept(payload: Buffer): Buffer {
  if (payload.byteOffset === 0 && payload.buffer.byteLength === payload.length) return payload;
  const copy = Buffer.allocUnsafeSlow(payload.length);
  payload.copy(copy);
  return copy;
}
