import { describe, expect, it, vi } from "vitest";
import type { AppDeps } from "@server/deps";
import { handDrivenEventBus } from "@server/realtime/hand-driven-event-bus";
import type { SearchCoachesQuery } from "@contract/search";
import { createSearchAnswerCache, type ComputedPage } from "./search-answer-cache";
import type { Origin } from "./distance";

const BALTIMORE = { latitude: 39.2847, longitude: -76.6205 };
const TOWSON = { latitude: 39.4015, longitude: -76.6019 }; // about 8 miles north
const NEW_YORK = { latitude: 40.7506, longitude: -73.9972 }; // about 170 miles away
const NOW = new Date("2026-12-01T15:00:00.000Z");

/** A cache on a hand-driven event bus, with coaches placed at will. */
function setUp(bounds: { maxAnswers?: number; maxBytes?: number } = {}) {
  const { events, listen, emit } = handDrivenEventBus();
  const places = new Map<number, Origin>();
  let directoryChanges = 0;
  const cache = createSearchAnswerCache({
    events,
    logger: { error: vi.fn() } as unknown as AppDeps["logger"],
    directory: { changeCount: () => directoryChanges, positionOf: (id) => places.get(id) },
    slots: { outsideChangeCount: () => 0 },
    ...bounds,
  });
  let computed = 0;
  /** Asks for the answer; its body says which computation made it. */
  const ask = async (origin: Origin, key: Partial<SearchCoachesQuery> = {}, compute?: () => Promise<ComputedPage>) => {
    const search: SearchCoachesQuery = {
      zipcode: "21201",
      radius: 25,
      specialization: "Midfield",
      includeUnavailable: false,
      verified: false,
      ...key,
    };
    const made = compute ?? (async () => ({ body: `[${++computed}]`, nextCursor: null, validUntilMs: Infinity, freshUntil: Infinity }));
    const answer = await cache.answer(search, origin, NOW, () => "identity", made);
    return answer.payload.toString();
  };
  /** The process listens from here on. */
  const start = async () => {
    listen();
    await cache.listening;
  };
  return { cache, places, ask, emit, start, moveDirectory: () => directoryChanges++ };
}

describe("search answer cache", () => {
  it("drops the answers whose circle holds the coach of an event, and keeps the others", async () => {
    const { cache, places, ask, emit, start } = setUp();
    await start();
    places.set(7, TOWSON);
    expect(await ask(BALTIMORE, { zipcode: "21201", radius: 10 })).toBe("[1]");
    expect(await ask(BALTIMORE, { zipcode: "21201", radius: 25 })).toBe("[2]");
    expect(await ask(BALTIMORE, { zipcode: "21201", radius: 25, specialization: "Goalie" })).toBe("[3]");
    expect(await ask(NEW_YORK, { zipcode: "10001", radius: 25 })).toBe("[4]");
    expect(cache.size()).toBe(4);

    emit({ type: "availability_updated", coachId: 7 });
    // Towson is 8 miles from Baltimore: within 10 miles and a mile of margin, not 170 miles.
    expect(cache.size()).toBe(1);
    expect(await ask(NEW_YORK, { zipcode: "10001", radius: 25 })).toBe("[4]");
    expect(await ask(BALTIMORE, { zipcode: "21201", radius: 10 })).toBe("[5]");
    expect(await ask(BALTIMORE, { zipcode: "21201", radius: 25, specialization: "goalie" })).toBe("[6]");
  });

  it("keeps an answer whose circle, margin included, misses the coach", async () => {
    const { places, ask, emit, start } = setUp();
    await start();
    places.set(7, NEW_YORK);
    expect(await ask(BALTIMORE, { radius: 100 })).toBe("[1]");
    emit({ type: "booking_updated", coachId: 7, bookingId: 1 });
    expect(await ask(BALTIMORE, { radius: 100 })).toBe("[1]");
  });

  it("drops every answer for a listing change, a coach it cannot place, or a change outside events", async () => {
    const { cache, places, ask, emit, start, moveDirectory } = setUp();
    await start();
    places.set(7, NEW_YORK);
    await ask(BALTIMORE);
    await ask(NEW_YORK, { zipcode: "10001" });
    expect(cache.size()).toBe(2);
    emit({ type: "coach_updated", coachId: 7 });
    expect(cache.size()).toBe(0);

    expect(await ask(BALTIMORE)).toBe("[3]");
    emit({ type: "availability_updated", coachId: 99 });
    expect(cache.size()).toBe(0);

    expect(await ask(BALTIMORE)).toBe("[4]");
    moveDirectory();
    expect(await ask(BALTIMORE)).toBe("[5]");
  });

  it("does not keep an answer computed while an event arrived, nor before it listens", async () => {
    const { cache, places, ask, emit, start } = setUp();
    expect(await ask(BALTIMORE)).toBe("[1]");
    expect(cache.size()).toBe(0); // not listening yet
    await start();
    places.set(7, NEW_YORK);
    const overlapped = async (): Promise<ComputedPage> => {
      emit({ type: "availability_updated", coachId: 7 }); // far away, but during the computation
      return { body: "[old]", nextCursor: null, validUntilMs: Infinity, freshUntil: Infinity };
    };
    expect(await ask(BALTIMORE, {}, overlapped)).toBe("[old]");
    expect(await ask(BALTIMORE)).toBe("[2]");
    expect(await ask(BALTIMORE)).toBe("[2]");
  });

  it("holds at most its bound of answers, and of bytes, dropping the oldest first", async () => {
    const { cache, ask, start } = setUp({ maxAnswers: 3 });
    await start();
    for (const zipcode of ["1", "2", "3", "4"]) await ask(BALTIMORE, { zipcode });
    expect(cache.size()).toBe(3);
    expect(await ask(BALTIMORE, { zipcode: "4" })).toBe("[4]");
    expect(await ask(BALTIMORE, { zipcode: "2" })).toBe("[2]");
    expect(await ask(BALTIMORE, { zipcode: "1" })).toBe("[5]"); // dropped, made again (and "2" goes)

    const small = setUp({ maxBytes: 2_000 }); // about three answers of 300-odd bytes with their keys
    await small.start();
    const long = async (): Promise<ComputedPage> => ({
      body: `"${"x".repeat(300)}"`,
      nextCursor: null,
      validUntilMs: Infinity,
      freshUntil: Infinity,
    });
    for (const zipcode of ["1", "2", "3", "4", "5"]) await small.ask(BALTIMORE, { zipcode }, long);
    expect(small.cache.size()).toBe(3);
  });
});
