import { currentBadges, isScreened } from "@contract/credentials";
import { decimalToCents } from "@contract/money";
import { addDaysToDate } from "@contract/time";
import type { TimeSlot } from "@contract/slots";
import {
  COACH_BOOKABLE_SLOTS_MAX,
  MAX_MATCH_RESULTS,
  PROFILE_SLOT_COUNT,
  SEARCH_MAX_COACHES,
  SEARCH_SLOTS_PER_COACH,
  SearchMessages,
  type CoachListing,
  type CoachProfile,
  type MatchedCoach,
  type RecommendationFilters,
  type SearchCoachesQuery,
} from "@contract/search";
import { AGE_GROUPS, SKILL_LEVELS } from "@contract/user-basics";
import type { AppDeps } from "../../deps";
import type { JsonEncoding } from "../../http/compress";
import { badRequest, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { listZipOrigins } from "../geo/geo.service";
import { toApiSlot } from "../slots/slots.service";
import { startOfLocalDate } from "../slots/slot-time";
import { todayOf } from "../credentials/credentials.service";
import { coachDirectoryFor, type NearbyCoach } from "./coach-directory";
import { present } from "../../present";
import { coachSlotsCacheFor } from "./coach-slots-cache";
import { searchAnswerCacheFor, type ComputedPage, type SearchAnswer } from "./search-answer-cache";
import { roundMiles, type Origin } from "./distance";
import { compareMatches, scoreCoach, type MatchCriteria } from "./match-score";
import { perDatabase } from "./per-database";
import * as repo from "./search.repository";
import { coachReviewSummary } from "../reviews/reviews.service";

/** Coaches scored per matching request; the heaviest criteria decide which ones get in (search.repository). */
const MATCH_CANDIDATES = 300;

/**
 * GET /api/coaches/search: coaches teaching the position within the radius, nearest first, with
 * their bookable slots, one page (SEARCH_MAX_COACHES) at a time, as JSON text in the
 * SearchResultCoach[] shape encoded as `chooseEncoding` picks for its length, and the next page's
 * cursor if any. A repeated search is answered from search-answer-cache while valid.
 */
export async function searchCoaches(
  deps: AppDeps,
  input: SearchCoachesQuery,
  chooseEncoding: (byteLength: number) => JsonEncoding,
): Promise<SearchAnswer> {
  const origin = await requireOrigin(deps, input.zipcode, "zipcode");
  const now = deps.clock.now();
  return searchAnswerCacheFor(deps).answer(input, origin, now, chooseEncoding, () => computePage(deps, input, origin, now));
}

/**
 * One page made afresh. The coaches and their listings come from the coach directory, their slots
 * from coach-slots-cache; each module explains why it is exact. A page ends where the next starts:
 * the cursor is its last coach's distance and id, so coaches added or removed meanwhile neither
 * repeat nor skip the others.
 */
async function computePage(deps: AppDeps, input: SearchCoachesQuery, origin: Origin, now: Date): Promise<ComputedPage> {
  const after = input.cursor ? parseCursor(input.cursor) : null;
  const today = todayOf(deps);
  const afterCursor = after ? (c: NearbyCoach) => isAfter(c, after) : () => true;
  // verified=true (DESIGN 12): coaches screened today, from the badges the directory holds.
  const keep = input.verified ? (c: NearbyCoach) => afterCursor(c) && isScreened(c.coach.badges, today) : afterCursor;
  // Most pages need only the nearest coaches; a page that runs past them is made again from them all.
  const nearest = await coachDirectoryFor(deps).nearest(origin, input.radius, input.specialization, FIRST_CANDIDATES, keep);
  return (
    (await pageOf(deps, input, now, nearest.coaches, nearest.all)) ??
    present(
      await pageOf(deps, input, now, (await coachDirectoryFor(deps).near(origin, input.radius, input.specialization)).filter(keep), true),
      "a page of every candidate",
    )
  );
}

/**
 * Coaches read beyond those a page still needs, in case some have no bookable slot: one in the
 * first read of a page, five in each further read (its area evidently has coaches without slots).
 * Five in the first read too cost the first searches a third more coaches read, nearly all unused
 * (docs/performance-log.md, 27 November 2026, late morning).
 */
function sparesAfter(candidatesRead: number): number {
  return candidatesRead === 0 ? 1 : 5;
}

/** Candidates the first look takes: a page, one more, and five spare coaches (one for the first read, the rest for a further one). */
const FIRST_CANDIDATES = SEARCH_MAX_COACHES + 1 + 5;

/**
 * The page made from `candidates`, the first coaches after the cursor in the directory's order;
 * undefined when it needs more of them than were given and `all` says there are more.
 */
async function pageOf(
  deps: AppDeps,
  input: SearchCoachesQuery,
  now: Date,
  candidates: readonly NearbyCoach[],
  all: boolean,
): Promise<ComputedPage | undefined> {
  const cache = coachSlotsCacheFor(deps);
  // One coach more than a page tells whether another page exists; one slot more, whether the card has more.
  const wantedCoaches = SEARCH_MAX_COACHES + 1;
  const page: { coach: NearbyCoach; slots: string[] }[] = [];
  let validUntilMs = Infinity;
  let freshUntil = Infinity;
  for (let next = 0; page.length < wantedCoaches && next < candidates.length;) {
    const wanted = wantedCoaches - page.length;
    const chunk = candidates.slice(next, next + (input.includeUnavailable ? wanted : wanted + sparesAfter(next)));
    next += chunk.length;
    const slots = await cache.bookableSlots(
      chunk.map((c) => c.coach),
      now,
      SEARCH_SLOTS_PER_COACH + 1,
    );
    validUntilMs = Math.min(validUntilMs, slots.validUntilMs);
    freshUntil = Math.min(freshUntil, slots.freshUntil);
    for (const candidate of chunk) {
      const coachSlots = slots.byCoach.get(candidate.coach.id) ?? [];
      if (!input.includeUnavailable && coachSlots.length === 0) continue;
      page.push({ coach: candidate, slots: coachSlots });
      if (page.length === wantedCoaches) break;
    }
  }
  if (page.length < wantedCoaches && !all) return undefined;
  const more = page.length > SEARCH_MAX_COACHES;
  if (more) page.length = SEARCH_MAX_COACHES;
  // Badges count by the day: an answer is kept no later than the day's end in the app's zone.
  const today = todayOf(deps);
  validUntilMs = Math.min(validUntilMs, startOfLocalDate(addDaysToDate(today, 1), deps.config.appTimeZone).getTime());
  // The listing is JSON text already, and so is each slot: nothing is parsed or re-serialised.
  const parts = page.map(({ coach: { coach, distance }, slots }) => {
    const shown = slots.slice(0, SEARCH_SLOTS_PER_COACH).join(",");
    const hasMore = slots.length > SEARCH_SLOTS_PER_COACH;
    const badges = coach.badges.length === 0 ? "[]" : JSON.stringify(currentBadges(coach.badges, today));
    return `${coach.listingHead},"badges":${badges},"distance":${roundMiles(distance)},"availableSlots":[${shown}],"hasMoreSlots":${hasMore}}`;
  });
  const last = page.at(-1)?.coach;
  return { body: `[${parts.join(",")}]`, nextCursor: more && last ? cursorOf(last) : null, validUntilMs, freshUntil };
}

type Cursor = { distance: number; id: number };

/** The directory orders coaches by distance rounded to 6 decimals, then id: the cursor holds the same key. */
function cursorOf(candidate: NearbyCoach): string {
  return `${candidate.distance.toFixed(6)}:${candidate.coach.id}`;
}

function parseCursor(cursor: string): Cursor {
  const [distance, id] = cursor.split(":");
  return { distance: Number(distance), id: Number(id) };
}

function isAfter(candidate: NearbyCoach, cursor: Cursor): boolean {
  const distance = Number(candidate.distance.toFixed(6));
  return distance > cursor.distance || (distance === cursor.distance && candidate.coach.id > cursor.id);
}

/** GET /api/coaches/{id}/profile: public; the next few bookable slots, whatever the coach's availability. */
export async function getCoachProfile(deps: AppDeps, coachId: number): Promise<CoachProfile> {
  const row = await repo.findListing(deps.database.db, coachId, deps.clock.now(), PROFILE_SLOT_COUNT);
  if (!row) throw notFound(SearchMessages.COACH_NOT_FOUND);
  const slots = row.slots.map((slot) => toApiSlot(slot, row.timeZone, false, false));
  const reviewSummary = await coachReviewSummary(deps, coachId);
  const badges = currentBadges(row.listing.badges, todayOf(deps));
  return { ...row.listing, badges, availableSlots: slots, reviewCount: reviewSummary.reviewCount, reviewSummary };
}

/** A coach's listing as a card shows it: search's directory keeps it without bio, experience and badges. */
export type CardListing = Omit<CoachListing, "bio" | "experience" | "badges">;
/** An open time as a card names it, in the coach's zone. */
export type CardTime = Pick<TimeSlot, "date" | "startTime" | "timeZone">;

/**
 * A coach's card: `listing()` parses it when asked (the directory holds it as JSON text; parsed and
 * kept for every coach of every place page visited, each would hold an estimated 1.3 KB of objects).
 * `source` is one object for as long as the listing is unchanged:
 * a caller may key what it derives from the listing on it (a WeakMap).
 */
export type CoachCard = { id: number; source: object; listing(): CardListing };

/**
 * Several coaches' cards (a place page's), in the order given; coaches that do not exist are left
 * out. Coaches on the map come from search's coach directory, exact as for a search; the others (no
 * coordinates) are read. `times` then gives the next `count` bookable times of some of them, from
 * search's slot cache when on the map: the two read nothing from PostgreSQL once they hold the
 * coaches. A listings read of a city's 60 coaches took 50-130 ms of PostgreSQL's time
 * (docs/performance-log.md, 30 November 2026, morning).
 */
export async function getCoachCards(
  deps: AppDeps,
  coachIds: readonly number[],
): Promise<{ cards: CoachCard[]; times(coachIds: readonly number[], count: number): Promise<Map<number, CardTime[]>> }> {
  const onMap = new Map((await coachDirectoryFor(deps).listed(coachIds)).map((coach) => [coach.id, coach]));
  const off = coachIds.filter((id) => !onMap.has(id));
  const now = deps.clock.now();
  const read = off.length === 0 ? [] : await repo.findListings(deps.database.db, off, now, PLACE_CARD_SLOTS_READ);
  const readById = new Map(read.map((row) => [row.listing.id, row]));
  const cards: CoachCard[] = [];
  for (const id of coachIds) {
    const coach = onMap.get(id);
    const row = readById.get(id);
    if (coach) cards.push({ id, source: coach, listing: () => JSON.parse(`${coach.listingHead}}`) as CardListing });
    else if (row) cards.push({ id, source: row, listing: () => row.listing });
  }
  return {
    cards,
    async times(ids, count) {
      const times = new Map<number, CardTime[]>();
      for (const id of ids) {
        const row = readById.get(id);
        if (row)
          times.set(
            id,
            row.slots.slice(0, count).map((slot) => cardTime(toApiSlot(slot, row.timeZone, false, false))),
          );
      }
      const cached = ids.flatMap((id) => onMap.get(id) ?? []);
      // Asked as a search asks (one more than a card shows), so that the entries loaded serve searches too.
      const slots = await coachSlotsCacheFor(deps).bookableSlots(cached, now, SEARCH_SLOTS_PER_COACH + 1);
      for (const coach of cached)
        times.set(
          coach.id,
          (slots.byCoach.get(coach.id) ?? []).slice(0, count).map((json) => cardTime(JSON.parse(json) as TimeSlot)),
        );
      return times;
    },
  };
}

/** Slots read for a card of a coach off the map (a card shows at most a search card's). */
const PLACE_CARD_SLOTS_READ = SEARCH_SLOTS_PER_COACH;

const cardTime = (slot: CardTime): CardTime => ({ date: slot.date, startTime: slot.startTime, timeZone: slot.timeZone });

/**
 * GET /api/coaches/{id}/available-slots: public; every slot a player can book now (a search card's
 * "Show more"), earliest first, at most COACH_BOOKABLE_SLOTS_MAX.
 */
export async function getCoachBookableSlots(deps: AppDeps, coachId: number): Promise<TimeSlot[]> {
  const row = await repo.findListing(deps.database.db, coachId, deps.clock.now(), COACH_BOOKABLE_SLOTS_MAX);
  if (!row) throw notFound(SearchMessages.COACH_NOT_FOUND);
  return row.slots.map((slot) => toApiSlot(slot, row.timeZone, false, false));
}

/**
 * GET /api/coaches/recommendations: the filters of the matching page. The distance origin is the
 * `zipcode` given, else the signed-in player's preferred location, else none (distance neutral).
 */
export async function recommendCoaches(
  deps: AppDeps,
  viewer: UserRow | undefined,
  filters: RecommendationFilters,
): Promise<MatchedCoach[]> {
  const zipcode = filters.zipcode ?? viewer?.preferredLocation ?? null;
  const origin = filters.zipcode ? await requireOrigin(deps, filters.zipcode, "zipcode") : await optionalOrigin(deps, zipcode);
  return matchCoaches(deps, origin, {
    position: filters.position,
    ageGroup: filters.ageGroup,
    skillLevel: filters.skillLevel,
    specialties: filters.specialties,
    minPriceCents: filters.minPrice,
    maxPriceCents: filters.maxPrice,
    maxDistance: filters.maxDistance,
    verifiedOnly: filters.verified,
  });
}

/** GET /api/coaches/quick-matches: the signed-in player's saved preferences as the filters. */
export async function quickMatches(deps: AppDeps, player: UserRow): Promise<MatchedCoach[]> {
  const origin = await optionalOrigin(deps, player.preferredLocation);
  return matchCoaches(deps, origin, {
    position: player.position ?? undefined,
    ageGroup: oneOf(AGE_GROUPS, player.ageGroup),
    skillLevel: oneOf(SKILL_LEVELS, player.skillLevel),
    specialties: player.goals ?? [],
    maxDistance: player.maxTravelDistance ?? 25,
  });
}

async function matchCoaches(
  deps: AppDeps,
  origin: Origin | null,
  criteria: MatchCriteria & { verifiedOnly?: boolean },
): Promise<MatchedCoach[]> {
  const today = todayOf(deps);
  const rows = await repo.matchCandidates(deps.database.db, {
    origin,
    maxDistance: criteria.maxDistance,
    position: criteria.position ?? null,
    now: deps.clock.now(),
    limit: MATCH_CANDIDATES,
    minPriceCents: criteria.minPriceCents,
    maxPriceCents: criteria.maxPriceCents,
    screenedOn: criteria.verifiedOnly ? today : undefined,
  });
  const matches = rows.map(({ listing, distance: miles }): MatchedCoach => {
    const distance = miles === null ? null : roundMiles(miles);
    const rateCents = listing.rates.map((r) => decimalToCents(r.rate) ?? 0);
    const { score, reasons } = scoreCoach(criteria, {
      title: listing.title,
      bio: listing.bio,
      experience: listing.experience,
      specializations: listing.specializations,
      minRateCents: rateCents.length > 0 ? Math.min(...rateCents) : null,
      hasGroupRates: listing.rates.some((r) => r.sessionType === "group"),
      rating: listing.rating,
      totalReviews: listing.totalReviews,
      distance,
    });
    return { ...listing, badges: currentBadges(listing.badges, today), distance, matchScore: score, matchReasons: reasons };
  });
  return matches.sort(compareMatches).slice(0, MAX_MATCH_RESULTS);
}

async function requireOrigin(deps: AppDeps, zipcode: string, field: string): Promise<Origin> {
  const origin = await originOf(deps, zipcode);
  if (!origin) throw badRequest(SearchMessages.ZIPCODE_UNKNOWN, field);
  return origin;
}

/** A saved ZIP that no longer resolves just leaves distance out of the score. */
async function optionalOrigin(deps: AppDeps, zipcode: string | null | undefined): Promise<Origin | null> {
  return zipcode ? originOf(deps, zipcode) : null;
}

/**
 * The ZIP table is reference data that never changes while the server runs, so every ZIP's
 * coordinates are read once per database (about 42,000 rows, 4 MB) and a search, even the first
 * for its ZIP, makes no round trip for its origin.
 */
const originsFor = perDatabase((deps: AppDeps) => {
  let table: Promise<Map<string, Origin>> | undefined;
  return () =>
    (table ??= listZipOrigins(deps.database.db).then(
      (rows) => new Map(rows.map((row) => [row.zip, { latitude: row.latitude, longitude: row.longitude }])),
      (err: unknown) => {
        table = undefined;
        throw err;
      },
    ));
});

async function originOf(deps: AppDeps, zipcode: string): Promise<Origin | null> {
  return (await originsFor(deps)()).get(zipcode) ?? null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}
