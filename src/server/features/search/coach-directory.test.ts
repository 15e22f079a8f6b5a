import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppDeps } from "../../deps";
import { coachDirectoryFor } from "./coach-directory";
import * as repo from "./search.repository";

vi.mock("./search.repository", () => ({ coachDirectory: vi.fn() }));
const read = vi.mocked(repo.coachDirectory);

/** A coach row as the database gives it; the listing carries the title so a test can tell versions apart. */
function row(id: number, title: string, place: { latitude: number; longitude: number }, specializations = ["Midfield"]): repo.DirectoryRow {
  return { id, ...place, timeZone: "America/New_York", specializations, listing: JSON.stringify({ id, title }) };
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

  it("reads everyone again in the background after a minute, answering from the current copy meanwhile", async () => {
    read.mockResolvedValueOnce([row(1, "First", BALTIMORE)]);
    const dir = directory();
    await titles(dir);

    now += 61_000;
    const refresh = deferred<repo.DirectoryRow[]>();
    read.mockReturnValueOnce(refresh.promise);
    expect(await titles(dir)).toEqual(["First"]);
    refresh.resolve([row(1, "Refreshed", BALTIMORE), row(2, "New coach", TOWSON)]);
    await refresh.promise;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await titles(dir)).toEqual(["Refreshed", "New coach"]);
  });

  it("a background read that began before a change does not bring the old listing back", async () => {
    read.mockResolvedValueOnce([row(1, "v1", BALTIMORE)]);
    const dir = directory();
    await titles(dir);

    now += 61_000;
    const refresh = deferred<repo.DirectoryRow[]>();
    read.mockReturnValueOnce(refresh.promise); // reads the database before the change below
    await titles(dir);

    dir.invalidate(1);
    read.mockResolvedValueOnce([row(1, "v2", BALTIMORE)]);
    expect(await titles(dir)).toEqual(["v2"]);

    refresh.resolve([row(1, "v1", BALTIMORE)]);
    await refresh.promise;
    await new Promise((resolve) => setImmediate(resolve));
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
});
