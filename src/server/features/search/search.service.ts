import { positionsOf } from "../../../contract/coaches";
import { centsToDecimal } from "../../../contract/money";
import {
  MAX_MATCH_RESULTS,
  PROFILE_SLOT_COUNT,
  SEARCH_MAX_COACHES,
  SEARCH_SLOTS_PER_COACH,
  SearchMessages,
  type CoachListing,
  type CoachProfile,
  type MatchedCoach,
  type RecommendationFilters,
} from "../../../contract/search";
import { AGE_GROUPS, SKILL_LEVELS } from "../../../contract/users";
import type { AppDeps } from "../../deps";
import { badRequest, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { lookupZip } from "../geo/geo.service";
import { toApiSlot } from "../slots/slots.service";
import { coachDirectoryFor } from "./coach-directory";
import { coachSlotsCacheFor } from "./coach-slots-cache";
import { roundMiles, type Origin } from "./distance";
import { compareMatches, scoreCoach, type MatchCriteria } from "./match-score";
import { perDatabase } from "./per-database";
import * as repo from "./search.repository";

/** Coaches scored per matching request; the heaviest criteria decide which ones get in (search.repository). */
const MATCH_CANDIDATES = 300;

export type SearchInput = { specialization: string; zipcode: string; radius: number; includeUnavailable: boolean };

/**
 * GET /api/coaches/search: coaches teaching the position within the radius, nearest first, with
 * their bookable slots; the answer is JSON text in the SearchResultCoach[] shape. The coaches and
 * their listings come from the coach directory, their slots from coach-slots-cache; each module
 * explains why it is exact.
 */
export async function searchCoaches(deps: AppDeps, input: SearchInput): Promise<string> {
  const origin = await requireOrigin(deps, input.zipcode, "zipcode");
  const now = deps.clock.now();
  const candidates = await coachDirectoryFor(deps).near(origin, input.radius, input.specialization);
  const cache = coachSlotsCacheFor(deps);
  const parts: string[] = [];
  // Nearest first, in chunks a little larger than what is still needed, until the answer is full.
  for (let next = 0; parts.length < SEARCH_MAX_COACHES && next < candidates.length;) {
    const wanted = SEARCH_MAX_COACHES - parts.length;
    const chunk = candidates.slice(next, next + (input.includeUnavailable ? wanted : wanted + 5));
    next += chunk.length;
    const slots = await cache.bookableSlots(
      chunk.map((c) => c.coach),
      now,
      SEARCH_SLOTS_PER_COACH,
    );
    for (const { coach, distance } of chunk) {
      const coachSlots = slots.get(coach.id) ?? [];
      if (!input.includeUnavailable && coachSlots.length === 0) continue;
      // The listing is JSON text already, and so is each slot: nothing is parsed or re-serialised.
      parts.push(`${coach.listingHead},"distance":${roundMiles(distance)},"availableSlots":[${coachSlots.join(",")}]}`);
      if (parts.length === SEARCH_MAX_COACHES) break;
    }
  }
  return `[${parts.join(",")}]`;
}

/** GET /api/coaches/{id}/profile: public; the next few bookable slots, whatever the coach's availability. */
export async function getCoachProfile(deps: AppDeps, coachId: number): Promise<CoachProfile> {
  const row = await repo.findListing(deps.database.db, coachId, deps.clock.now(), PROFILE_SLOT_COUNT);
  if (!row) throw notFound(SearchMessages.COACH_NOT_FOUND);
  const slots = row.slots.map((slot) => toApiSlot(slot, row.timeZone, false));
  return { ...toListing(row), availableSlots: slots };
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

async function matchCoaches(deps: AppDeps, origin: Origin | null, criteria: MatchCriteria): Promise<MatchedCoach[]> {
  const rows = await repo.matchCandidates(deps.database.db, {
    origin,
    maxDistance: criteria.maxDistance,
    position: criteria.position ?? null,
    now: deps.clock.now(),
    limit: MATCH_CANDIDATES,
  });
  const matches = rows.map((row): MatchedCoach => {
    const distance = row.distance === null ? null : roundMiles(row.distance);
    const rateCents = row.rates.map((r) => r.rateCents);
    const { score, reasons } = scoreCoach(criteria, {
      title: row.title,
      bio: row.bio,
      experience: row.experience,
      specializations: row.specializations,
      minRateCents: rateCents.length > 0 ? Math.min(...rateCents) : null,
      hasGroupRates: row.rates.some((r) => r.sessionType === "group"),
      rating: row.rating,
      totalReviews: row.totalReviews,
      distance,
    });
    return { ...toListing(row), distance, matchScore: score, matchReasons: reasons };
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
 * The ZIP table is reference data that never changes while the server runs, so its coordinates
 * are kept in memory per database: a search then costs one database round trip instead of two.
 * At most 100,000 five-digit keys exist, so the map stays small.
 */
const originsFor = perDatabase(() => new Map<string, Origin | null>());

async function originOf(deps: AppDeps, zipcode: string): Promise<Origin | null> {
  const cache = originsFor(deps);
  const cached = cache.get(zipcode);
  if (cached !== undefined) return cached;
  const zip = await lookupZip(deps.database.db, zipcode);
  const origin = zip ? { latitude: zip.latitude, longitude: zip.longitude } : null;
  if (/^\d{5}$/.test(zipcode)) cache.set(zipcode, origin);
  return origin;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

function toListing(row: repo.ListingRow): CoachListing {
  return {
    id: row.id,
    user: { firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.userImageUrl },
    title: row.title,
    bio: row.bio,
    experience: row.experience,
    location: row.location,
    zipcode: row.zipcode,
    timeZone: row.timeZone,
    profileImageUrl: row.profileImageUrl ?? row.userImageUrl,
    specializations: row.specializations,
    positions: positionsOf(row.specializations),
    rates: row.rates.map((r) => ({
      id: r.id,
      sessionType: r.sessionType,
      duration: r.durationMinutes as 30 | 60,
      rate: centsToDecimal(r.rateCents),
    })),
    allowSessionRequests: row.allowSessionRequests,
    rating: row.rating,
    totalReviews: row.totalReviews,
  };
}
