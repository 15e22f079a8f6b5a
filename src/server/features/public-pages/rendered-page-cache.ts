import type { CalendarEvent } from "@contract/realtime";
import type { AppDeps } from "../../deps";
import type { EventBus } from "../../realtime/event-bus";

/**
 * Public pages as drawn (decision 016), kept a short while by address: a coach's page is read far
 * more often than it changes, and drawing it (its data, then React) costs far more than a look-up.
 *
 * Why it stays true:
 * - A page is kept at most `ttlMs` (30 s): what changes with time alone (a slot starting, a hold
 *   expiring, the landing page's figures and texts) shows within a minute.
 * - A coach's change (profile, rates, slots, bookings, reviews, badges) publishes a calendar event
 *   with the coach's id (docs/decisions/005), heard by every process: in the one that made it before
 *   it answers (onPublish), in the others by LISTEN/NOTIFY. It drops the pages drawn from that
 *   coach's data (profile, booking page) and every search page (a search may show any coach).
 * - A drawing during which any event arrived serves its own request but is not kept.
 * - A page that reads the admins' content (the landing page's blocks and testimonials) is never
 *   kept: no event announces their edits, and such a page is cheap to draw.
 * - Until this process listens, nothing is kept; when a lost listening connection is back,
 *   everything is dropped (events sent meanwhile never arrive).
 */
export type DrawnPage = {
  status: number;
  html: string;
  /** The page's data block (client lib/page-state.ts): the queries it was drawn from and when, as JSON safe inside a <script>. */
  pageState: string;
  /** Whose change alters it (visitor-pages.ts keeps the page as sent by it). */
  sources: PageSources;
};

/**
 * The coaches whose change alters a page: their ids, or every coach (a search). Null: the page also
 * reads what no event announces (the admins' content), so it is drawn for each request, not kept.
 */
export type PageSources = { coachIds: readonly number[]; anyCoach: boolean } | null;

export type RenderedPageCache<T = DrawnPage> = {
  /** The page at `key`: kept while valid, else drawn by `draw` (and kept when nothing changed meanwhile). */
  page(key: string, draw: () => Promise<{ page: T; sources: PageSources }>): Promise<T>;
  /** Resolves once this process hears calendar events, from when on pages are kept. */
  listening: Promise<void>;
  size(): number;
};

const TTL_MS = 30_000;
/** Kept pages' HTML and state, in bytes of text, at most (the least recently used dropped first). */
const MAX_BYTES = 32 * 2 ** 20;

type Kept<T> = { page: T; sources: NonNullable<PageSources>; until: number; bytes: number };

const sizeOfDrawnPage = (page: DrawnPage) => page.html.length + page.pageState.length;

/**
 * `sizeOf` measures a kept value (in characters) for the bound of `maxBytes`; without it the
 * values are drawn pages. The same rules keep other values made from the coaches' data (a page's head).
 */
export function createRenderedPageCache<T = DrawnPage>(options: {
  events: EventBus | undefined;
  logger: AppDeps["logger"];
  ttlMs?: number;
  maxBytes?: number;
  sizeOf?: (value: T) => number;
}): RenderedPageCache<T> {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const sizeOf = options.sizeOf ?? (sizeOfDrawnPage as unknown as (value: T) => number);
  const kept = new Map<string, Kept<T>>();
  /** Drawings under way, shared by the requests for the same address that arrive meanwhile (while no event has). */
  const drawing = new Map<string, { made: Promise<T>; startedAt: number }>();
  let bytes = 0;
  let isListening = false;
  let sequence = 0;
  let listening: Promise<void> = new Promise<void>(() => {});

  /** The kept pages drawn from each coach's data, and those drawn from any coach's (a search): an event finds its pages without reading every kept one. */
  const byCoach = new Map<number, Set<string>>();
  const ofAnyCoach = new Set<string>();
  const remove = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.bytes;
    if (entry.sources.anyCoach) ofAnyCoach.delete(key);
    for (const coachId of entry.sources.coachIds) {
      const keys = byCoach.get(coachId);
      keys?.delete(key);
      if (keys?.size === 0) byCoach.delete(coachId);
    }
  };
  const dropAll = () => {
    sequence++;
    kept.clear();
    byCoach.clear();
    ofAnyCoach.clear();
    bytes = 0;
  };
  const onEvent = (event: CalendarEvent) => {
    if (!("coachId" in event)) return;
    sequence++;
    for (const key of [...ofAnyCoach, ...(byCoach.get(event.coachId) ?? [])]) remove(key);
  };

  if (options.events) {
    options.events.onPublish?.(onEvent);
    options.events.onReconnect?.(dropAll);
    listening = options.events.subscribe(onEvent).then(
      () => {
        isListening = true;
      },
      (err: unknown) => options.logger.error({ err }, "rendered page cache: cannot listen to calendar events; not caching"),
    );
  }

  const store = (key: string, page: T, sources: NonNullable<PageSources>) => {
    remove(key);
    const size = key.length + sizeOf(page);
    kept.set(key, { page, sources, until: performance.now() + ttlMs, bytes: size });
    bytes += size;
    if (sources.anyCoach) ofAnyCoach.add(key);
    for (const coachId of sources.coachIds) {
      const keys = byCoach.get(coachId);
      if (keys) keys.add(key);
      else byCoach.set(coachId, new Set([key]));
    }
    for (const oldest of kept.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  };

  return {
    listening,
    size: () => kept.size,
    page(key, draw) {
      const held = kept.get(key);
      if (held && performance.now() < held.until) {
        // Last used, last dropped: the bound keeps the pages visited most.
        kept.delete(key);
        kept.set(key, held);
        return Promise.resolve(held.page);
      }
      if (held) remove(key);
      const under = drawing.get(key);
      if (under && under.startedAt === sequence) return under.made;
      const startedAt = sequence;
      const made = draw()
        .then(({ page, sources }) => {
          if (sources && isListening && sequence === startedAt) store(key, page, sources);
          return page;
        })
        .finally(() => {
          if (drawing.get(key)?.made === made) drawing.delete(key);
        });
      drawing.set(key, { made, startedAt });
      return made;
    },
  };
}
