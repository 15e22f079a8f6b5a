/**
 * The search's options, limits and messages without zod: find coaches and the coach profile show
 * them, and a page that only displays them does not load the schema library (docs/PERFORMANCE.md,
 * JavaScript per page). `search.ts` re-exports all of it beside its schemas.
 */

/** player-side 5 and 8: the search messages, shown to users exactly. */
export const SearchMessages = {
  REQUIRED: "Please select a position and enter your zipcode.",
  ZIPCODE_FORMAT: "Please enter a valid 5-digit zipcode.",
  ZIPCODE_UNKNOWN: "We couldn't find that zipcode. Please check it and try again.",
  RADIUS: "Please choose a search radius of 10, 25, 50 or 100 miles.",
  INCLUDE_UNAVAILABLE: "includeUnavailable must be true or false",
  SEARCH_FAILED: "Error searching for coaches. Please try again.",
  CURSOR: "cursor must be the X-Next-Cursor of the previous page of this search",
  COACH_NOT_FOUND: "Coach not found",
} as const;

export const SEARCH_RADIUS_OPTIONS = [10, 25, 50, 100] as const;
export type SearchRadius = (typeof SEARCH_RADIUS_OPTIONS)[number];
export const DEFAULT_SEARCH_RADIUS: SearchRadius = 25;

/**
 * Bookable slots listed per coach in search results: the 6 the card shows first (player-side 9).
 * `hasMoreSlots` says whether the coach has more; "Show more" then loads every bookable time
 * (GET /api/coaches/{id}/available-slots). Slots are most of the answer (docs/PERFORMANCE.md).
 */
export const SEARCH_SLOTS_PER_COACH = 6;
/**
 * Coaches per search answer (one page), nearest first. A 100-mile search around a big city can
 * reach thousands of coaches: when more match, the answer carries the `X-Next-Cursor` header and
 * the same search with `cursor` set to it answers the next page. Ten keep the answer under 40 KiB
 * even with long titles, names and specializations (docs/PERFORMANCE.md).
 */
export const SEARCH_MAX_COACHES = 10;
/** The response header naming the cursor of the next page of a search; absent on the last page. */
export const SEARCH_NEXT_CURSOR_HEADER = "X-Next-Cursor";
/** Where a page of search results ends: the distance (6 decimals) and id of its last coach. */
export const SEARCH_CURSOR_PATTERN = /^\d{1,5}\.\d{6}:\d{1,9}$/;
/** GET /api/coaches/{id}/available-slots lists at most this many (about three months of daily slots). */
export const COACH_BOOKABLE_SLOTS_MAX = 100;
/** player-side 9: the coach profile lists the next 5 available slots. */
export const PROFILE_SLOT_COUNT = 5;
/** player-side 5: matching filters default to 25 miles. */
export const DEFAULT_MATCH_DISTANCE = 25;
export const MAX_MATCH_DISTANCE = 500;
export const MAX_MATCH_RESULTS = 20;
export const MAX_MATCH_REASONS = 3;
