import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppDeps } from "@server/deps";
import { coachDirectoryFor } from "./coach-directory";
import * as repo from "./search.repository";

vi.mock("./search.repository", () => ({ coachDirectory: vi.fn(), coachesChangedSince: vi.fn() }));
const read = vi.mocked(repo.coachDirectory);
const changedSince = vi.mocked(repo.coachesChangedSince);

/** A coach row as the database gives it; the listing carries the title so a test can tell versions apart. */
function row(id: number, title: string, place: { latitude: number; longitude: number }, specializations = ["Midfield"]): repo.DirectoryRow {
  return { id, ...place, timeZone: "America/New_York", specializations, listing: JSON.stringify({ id, title }), badges: "[]" };
}
const BALTIMORE = { latitude: 39.2847, longitude: -76.6205 };
const TOWSON = { latitude: 39.4015, longitude: -76.6019 }; // about 8 miles north
const NEW_YORK = { latitude: 40.7506, longitude: -73.9972 };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A fresh directory (one per database object) with no event bus. */
function directory() {
  const deps = { database: { db: {} }, logger: { error: vi.fn() } } as unknown as AppDeps;
  return coachDirectoryFor(deps);
}
const titles = async (dir: ReturnType<typeof directory>, position = "Midfield", miles = 25) =>
  (await dir.near(BALTIMORE, miles, position)).map((n) => JSON.parse(`${n.coach.listingHead}}`).title as string);

let now = 1_000;
beforeEach(() => {
  read.mockReset();
  vi.spyOn(performance, "now").mockImplementation(() => now);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("coach directory", () => {
  it("finds coaches within the radius teaching the position, whatever its case, nearest first", async () => {
    read.mockResolvedValueOnce([
      row(1, "Towson", TOWSON),
      row(2, "Baltimore", BALTIMORE),
      row(3, "New York", NEW_YORK),
      row(4, "Goalie only", BALTIMORE, ["Goalie"]),
    ]);
    const dir = directory();
    expect(await titles(dir, "midFIELD")).toEqual(["Baltimore", "Towson"]);
    expect(await titles(dir, "Midfield", 10)).toEqual(["Baltimore", "Towson"]);
    expect(await titles(dir, "Midfield", 100)).toEqual(["Baltimore", "Towson"]); // New York is about 170 miles away
    expect(await titles(dir, "Goalie")).toEqual(["Goalie only"]);
    const [nearest] = await dir.near(BALTIMORE, 25, "Midfield");
    expect(nearest!.distance).toBe(0);
    expect(read).toHaveBeenCalledTimes(1); // one full read, then memory
  });

  it("orders coaches at the same distance by id, counts a specialization written twice once, and does so at any radius", async () => {
    read.mockResolvedValueOnce([
      row(9, "Towson 9", TOWSON),
      row(7, "Baltimore 7", BALTIMORE),
      row(3, "Towson 3", TOWSON, ["Midfield", "midfield"]),
      row(8, "Baltimore 8", BALTIMORE),
      row(5, "Baltimore 5", BALTIMORE, ["Goalie", "MIDFIELD"]),
      row(1, "New York 1", NEW_YORK),
    ]);
    const dir = directory();
    expect(await titles(dir)).toEqual(["Baltimore 5", "Baltimore 7", "Baltimore 8", "Towson 3", "Towson 9"]);
    // Past the radius where the keys of one numeric sort stay exact, the order is the same.
    expect(await titles(dir, "Midfield", 1e10)).toEqual([
      "Baltimore 5",
      "Baltimore 7",
      "Baltimore 8",
      "Towson 3",
      "Towson 9",
      "New York 1",
    ]);
  });

  it("reads a changed coach again before the next search, and drops one who left the map", async () => {
    read.mockResolvedValueOnce([row(1, "Old title", BALTIMORE), row(2, "Towson", TOWSON)]);
    const dir = directory();
    expect(await titles(dir)).toEqual(["Old title", "Towson"]);

    dir.invalidate(1);
    dir.invalidate(2);
    read.mockResolvedValueOnce([row(1, "New title", BALTIMORE)]); // coach 2 no longer has coordinates
    expect(await titles(dir)).toEqual(["New title"]);
    expect(read).toHaveBeenLastCalledWith({}, [1, 2]);
    expect(await titles(dir)).toEqual(["New title"]);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("never reads everyone again on a timer: changes arrive as events", async () => {
    read.mockResolvedValueOnce([row(1, "First", BALTIMORE)]);
    const dir = directory();
    await titles(dir);
    now += 10 * 60_000;
    expect(await titles(dir)).toEqual(["First"]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("a coach who moved leaves the old area's searches and joins the new one's", async () => {
    read.mockResolvedValueOnce([row(1, "Mover", BALTIMORE), row(2, "Towson", TOWSON)]);
    const dir = directory();
    expect(await titles(dir)).toEqual(["Mover", "Towson"]);
    expect(await dir.near(NEW_YORK, 10, "Midfield")).toEqual([]);
    dir.invalidate(1);
    read.mockResolvedValueOnce([row(1, "Mover", NEW_YORK)]);
    expect(await titles(dir)).toEqual(["Towson"]);
    const inNewYork = await dir.near(NEW_YORK, 10, "Midfield");
    expect(inNewYork.map((n) => n.coach.id)).toEqual([1]);
  });

  it("stays exact when so many coaches changed that the index is rebuilt", async () => {
    const many = Array.from({ length: 1500 }, (_, i) => row(i + 1, `v1 ${i + 1}`, i % 2 ? BALTIMORE : NEW_YORK));
    read.mockResolvedValueOnce(many);
    const dir = directory();
    expect(await titles(dir)).toHaveLength(750);
    // Every coach moves to the other city, in three batches of re-reads.
    for (let batch = 0; batch < 3; batch++) {
      const ids = many.slice(batch * 500, batch * 500 + 500).map((r) => r.id);
      for (const id of ids) dir.invalidate(id);
      read.mockResolvedValueOnce(ids.map((id) => row(id, `v2 ${id}`, id % 2 ? NEW_YORK : BALTIMORE)));
      await titles(dir);
    }
    const found = await titles(dir);
    expect(found).toHaveLength(750);
    expect(found.every((title) => title.startsWith("v2 "))).toBe(true);
    expect(found.map((title) => Number(title.slice(3)) % 2)).not.toContain(1);
  });

  it("re-reads the coaches changed while the listening connection was down, and drops removed ones", async () => {
    let reconnect: ((lostAt: Date) => void) | undefined;
    const events = {
      subscribe: vi.fn().mockResolvedValue(async () => {}),
      onPublish: vi.fn(),
      onReconnect: (handler: (lostAt: Date) => void) => (reconnect = handler),
    };
    const deps = { database: { db: {} }, logger: { error: vi.fn() }, events } as unknown as AppDeps;
    const dir = coachDirectoryFor(deps);
    read.mockResolvedValueOnce([row(1, "Before", BALTIMORE), row(2, "Removed", TOWSON), row(3, "Same", TOWSON)]);
    expect((await dir.near(BALTIMORE, 25, "Midfield")).map((n) => n.coach.id)).toEqual([1, 2, 3]);

    const lostAt = new Date("2026-12-01T15:00:00Z");
    changedSince.mockResolvedValueOnce({ changed: [1], placed: new Set([1, 3]) });
    reconnect!(lostAt);
    await new Promise((resolve) => setImmediate(resolve));
    // Five minutes of margin before the loss: events in flight and other processes' clocks.
    expect(changedSince).toHaveBeenCalledWith({}, new Date("2026-12-01T14:55:00Z"));
    read.mockResolvedValueOnce([row(1, "After", BALTIMORE)]);
    expect((await dir.near(BALTIMORE, 25, "Midfield")).map((n) => JSON.parse(`${n.coach.listingHead}}`).title)).toEqual(["After", "Same"]);
    expect(read).toHaveBeenLastCalledWith({}, [1, 2]);
  });

  it("reads a coach again when a change arrives while the first full read runs", async () => {
    const first = deferred<repo.DirectoryRow[]>();
    read.mockReturnValueOnce(first.promise);
    const dir = directory();
    const during = titles(dir);
    await new Promise((resolve) => setImmediate(resolve));
    dir.invalidate(1); // after the read began
    first.resolve([row(1, "v1", BALTIMORE)]);
    expect(await during).toEqual(["v1"]);
    read.mockResolvedValueOnce([row(1, "v2", BALTIMORE)]);
    expect(await titles(dir)).toEqual(["v2"]);
  });

  it("keeps a coach stale when a change arrives while their re-read runs", async () => {
    read.mockResolvedValueOnce([row(1, "v1", BALTIMORE)]);
    const dir = directory();
    await titles(dir);

    dir.invalidate(1);
    const reread = deferred<repo.DirectoryRow[]>();
    read.mockReturnValueOnce(reread.promise);
    const during = titles(dir);
    dir.invalidate(1); // a newer change while the re-read runs
    reread.resolve([row(1, "v2", BALTIMORE)]);
    expect(await during).toEqual(["v2"]);

    read.mockResolvedValueOnce([row(1, "v3", BALTIMORE)]);
    expect(await titles(dir)).toEqual(["v3"]);
  });

  it("gives the first coaches of near's list that a filter keeps, looking in growing circles, and says when that is all", async () => {
    // 3,000 coaches around Baltimore, many sharing a ZIP's centre (equal distances), some at a circle's edge.
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const places = Array.from({ length: 400 }, () => ({
      latitude: BALTIMORE.latitude + (random() - 0.5) * 3,
      longitude: BALTIMORE.longitude + (random() - 0.5) * 4,
    }));
    read.mockResolvedValueOnce(
      Array.from({ length: 3000 }, (_, i) =>
        row(i + 1, `Coach ${i + 1}`, places[Math.floor(random() * places.length)]!, i % 3 ? ["Midfield"] : ["Goalie"]),
      ),
    );
    const dir = directory();
    for (const miles of [5, 10, 25, 50, 100])
      for (const position of ["Midfield", "goalie"]) {
        const list = await dir.near(BALTIMORE, miles, position);
        for (const count of [1, 16, 200, 5000]) {
          const first = await dir.nearest(BALTIMORE, miles, position, count, () => true);
          expect(first.coaches).toEqual(list.slice(0, count));
          expect(first.all).toBe(list.length <= count);
          // After a cursor (the 40th coach's key), as a later page asks.
          const cursor = list[40];
          if (!cursor) continue;
          const key = Number(cursor.distance.toFixed(6));
          const keep = (c: { distance: number; coach: { id: number } }) =>
            Number(c.distance.toFixed(6)) > key || (Number(c.distance.toFixed(6)) === key && c.coach.id > cursor.coach.id);
          const later = await dir.nearest(BALTIMORE, miles, position, count, keep);
          expect(later.coaches).toEqual(list.filter(keep).slice(0, count));
          expect(later.all).toBe(list.filter(keep).length <= count);
        }
      }
    expect(read).toHaveBeenCalledTimes(1);
  });
});
