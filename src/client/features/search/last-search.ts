import { DEFAULT_SEARCH_RADIUS, SEARCH_RADIUS_OPTIONS, SearchMessages } from "@contract/search-basics";

/** player-side 9: the last search is remembered for 1 hour. */
export const LAST_SEARCH_TTL_MS = 60 * 60 * 1000;
const STORAGE_KEY = "lastCoachSearch";
const FIND_COACHES_PATH = "/find-coaches";

/** `verified`: only coaches with a current SafeSport training and background check (DESIGN 12, `verified=true`). */
export type SearchParams = { position: string; zipcode: string; radius: number; includeUnavailable: boolean; verified: boolean };

type StoredSearch = { params: SearchParams; savedAt: number };

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function browserStorage(): KeyValueStore | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled: searches are simply not remembered
  }
}

export function saveLastSearch(params: SearchParams, now = Date.now(), storage = browserStorage()): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify({ params, savedAt: now } satisfies StoredSearch));
  } catch {
    // quota or privacy mode: nothing to remember
  }
}

/** The last search if it is under an hour old; an older or unreadable one is forgotten. */
export function loadLastSearch(now = Date.now(), storage = browserStorage()): SearchParams | null {
  const raw = storage?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredSearch>;
    const params = stored.params;
    const fresh = typeof stored.savedAt === "number" && now - stored.savedAt >= 0 && now - stored.savedAt < LAST_SEARCH_TTL_MS;
    if (fresh && params && typeof params.position === "string" && typeof params.zipcode === "string") {
      return {
        position: params.position,
        zipcode: params.zipcode,
        radius: normaliseRadius(params.radius),
        includeUnavailable: params.includeUnavailable === true,
        verified: params.verified === true,
      };
    }
  } catch {
    // fall through: forget it
  }
  storage?.removeItem(STORAGE_KEY);
  return null;
}

/** The query string /find-coaches reads and writes: position, zipcode, radius, includeUnavailable, verified. */
export function toSearchQuery(params: SearchParams): string {
  const query = new URLSearchParams({
    position: params.position,
    zipcode: params.zipcode,
    radius: String(params.radius),
  });
  if (params.includeUnavailable) query.set("includeUnavailable", "true");
  if (params.verified) query.set("verified", "true");
  return query.toString();
}

/** Reads /find-coaches' query string; null unless it names at least a position or a ZIP code. */
export function fromSearchQuery(search: string): SearchParams | null {
  const query = new URLSearchParams(search);
  const position = query.get("position") ?? "";
  const zipcode = query.get("zipcode") ?? "";
  if (!position && !zipcode) return null;
  return {
    position,
    zipcode: zipcode.slice(0, 5),
    radius: normaliseRadius(Number(query.get("radius"))),
    includeUnavailable: query.get("includeUnavailable") === "true",
    verified: query.get("verified") === "true",
  };
}

/** What stops a search from being sent (player-side 5): the message to show, or null. */
export function searchProblem(params: SearchParams): string | null {
  if (!params.position || !params.zipcode.trim()) return SearchMessages.REQUIRED;
  if (!/^\d{5}$/.test(params.zipcode)) return SearchMessages.ZIPCODE_FORMAT;
  return null;
}

/** The search /find-coaches opens with: the address's query wins, then the last search of the past hour; null without either. */
export function restoredSearch(search: string, now = Date.now(), storage = browserStorage()): SearchParams | null {
  return fromSearchQuery(search) ?? loadLastSearch(now, storage);
}

/** Where "Back to Search" goes: the last search within the hour, else the empty search page. */
export function lastSearchUrl(now = Date.now(), storage = browserStorage()): string {
  const last = loadLastSearch(now, storage);
  return last ? `${FIND_COACHES_PATH}?${toSearchQuery(last)}` : FIND_COACHES_PATH;
}

/** The radius option nearest to a distance in miles (ties go to the larger option); the default when unknown. */
export function nearestRadius(miles: number | null | undefined): number {
  if (typeof miles !== "number" || !Number.isFinite(miles) || miles <= 0) return DEFAULT_SEARCH_RADIUS;
  let best: number = SEARCH_RADIUS_OPTIONS[0];
  for (const option of SEARCH_RADIUS_OPTIONS) {
    if (Math.abs(option - miles) <= Math.abs(best - miles)) best = option;
  }
  return best;
}

function normaliseRadius(value: unknown): number {
  return (SEARCH_RADIUS_OPTIONS as readonly number[]).includes(value as number) ? (value as number) : DEFAULT_SEARCH_RADIUS;
}
