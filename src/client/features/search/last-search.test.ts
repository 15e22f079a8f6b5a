import { describe, expect, it } from "vitest";
import {
  fromSearchQuery,
  lastSearchUrl,
  LAST_SEARCH_TTL_MS,
  loadLastSearch,
  nearestRadius,
  saveLastSearch,
  toSearchQuery,
} from "./last-search";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    size: () => map.size,
  };
}

const params = { position: "Goalie", zipcode: "10001", radius: 50, includeUnavailable: true, verified: false };

describe("last search memory", () => {
  it("gives back a search saved less than an hour ago", () => {
    const storage = memoryStorage();
    saveLastSearch(params, 1_000, storage);
    expect(loadLastSearch(1_000 + LAST_SEARCH_TTL_MS - 1, storage)).toEqual(params);
  });

  it("forgets a search once an hour has passed", () => {
    const storage = memoryStorage();
    saveLastSearch(params, 1_000, storage);
    expect(loadLastSearch(1_000 + LAST_SEARCH_TTL_MS, storage)).toBeNull();
    expect(storage.size()).toBe(0);
  });

  it("forgets unreadable data", () => {
    const storage = memoryStorage();
    storage.setItem("lastCoachSearch", "{not json");
    expect(loadLastSearch(0, storage)).toBeNull();
  });

  it("links Back to Search to the remembered search, else to the empty search page", () => {
    const storage = memoryStorage();
    expect(lastSearchUrl(0, storage)).toBe("/find-coaches");
    saveLastSearch(params, 0, storage);
    expect(lastSearchUrl(10, storage)).toBe("/find-coaches?position=Goalie&zipcode=10001&radius=50&includeUnavailable=true");
  });
});

describe("search query string", () => {
  it("round-trips the four parameters", () => {
    expect(fromSearchQuery(toSearchQuery(params))).toEqual(params);
  });

  it("leaves includeUnavailable out when false and defaults an unknown radius to 25", () => {
    expect(toSearchQuery({ ...params, includeUnavailable: false })).toBe("position=Goalie&zipcode=10001&radius=50");
    expect(fromSearchQuery("?position=Attack&zipcode=90210&radius=7")).toEqual({
      position: "Attack",
      zipcode: "90210",
      radius: 25,
      includeUnavailable: false,
      verified: false,
    });
  });

  it("keeps the verified-only filter in the address (DESIGN 12)", () => {
    const query = toSearchQuery({ ...params, verified: true });
    expect(query).toBe("position=Goalie&zipcode=10001&radius=50&includeUnavailable=true&verified=true");
    expect(fromSearchQuery(`?${query}`)).toEqual({ ...params, verified: true });
  });

  it("reads nothing from an address without a search", () => {
    expect(fromSearchQuery("")).toBeNull();
  });
});

describe("nearest radius", () => {
  it("maps a travel distance to the closest search radius", () => {
    expect(nearestRadius(5)).toBe(10);
    expect(nearestRadius(15)).toBe(10);
    expect(nearestRadius(20)).toBe(25);
    expect(nearestRadius(35)).toBe(25);
    expect(nearestRadius(50)).toBe(50);
    expect(nearestRadius(80)).toBe(100);
    expect(nearestRadius(null)).toBe(25);
  });
});
