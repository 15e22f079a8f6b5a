import { positionsOf } from "@contract/coaches";
import type { Position } from "@contract/coach-basics";
import { familyPriceCents, formatDollars, lowestFamilyPrice } from "@contract/money";
import { fullName } from "@contract/names";
import {
  citySlug,
  PLACE_POSITIONS,
  placeHeading,
  placePath,
  townOfLocation,
  POPULAR_PLACES,
  type PlaceCoach,
  type PlaceLink,
  type PlacePage,
  type PlaceSummary,
} from "@contract/place-pages";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { listPublicCoachTowns } from "../../db/public-coaches";
import { coachDirectoryFor } from "../search/coach-directory";
import { perDatabase } from "../search/per-database";
import { getCoachListings } from "../search/search.service";

export const PLACE_NOT_FOUND = "No coaches found in this place.";
/** Cards on one place page (the count names them all); the best rated first. */
export const PLACE_PAGE_MAX_COACHES = 60;
/** Open times shown per card. */
const OPEN_TIMES_PER_COACH = 3;
/** Other places of the state a page links to. */
const NEARBY_PLACES = 8;
/**
 * The town index is read again after this long even without a coach event (DESIGN.md 12: a change
 * shows within a minute; a suspension publishes no listing event).
 */
const INDEX_MAX_AGE_MS = 30_000;

type PlaceCoachEntry = { id: number; positions: Position[]; lastChangedAt: Date };
type PlaceEntry = { state: string; city: string; cityName: string; coaches: PlaceCoachEntry[] };
type PlaceIndex = { places: Map<string, PlaceEntry>; readAt: number; changeCount: number };

const keyOf = (state: string, city: string) => `${state}/${city}`;

/**
 * The places with public coaches, grouped from the coaches' towns ("Baltimore, MD"), kept in memory
 * and read again when a coach changes (the search directory counts coach events) or after
 * INDEX_MAX_AGE_MS. Towns that differ only in case or punctuation share a place; its name is the
 * spelling most of its coaches use.
 */
const placeIndexFor = perDatabase((deps: AppDeps) => {
  let current: PlaceIndex | undefined;
  let reading: Promise<PlaceIndex> | undefined;
  const read = async (changeCount: number): Promise<PlaceIndex> => {
    const readAt = Date.now();
    const rows = await listPublicCoachTowns(deps.database.db);
    const places = new Map<string, PlaceEntry & { names: Map<string, number> }>();
    for (const row of rows) {
      const town = townOfLocation(row.location);
      if (!town) continue;
      const state = town.state.toLowerCase();
      const city = citySlug(town.cityName);
      const key = keyOf(state, city);
      let place = places.get(key);
      if (!place) places.set(key, (place = { state, city, cityName: town.cityName, coaches: [], names: new Map() }));
      place.names.set(town.cityName, (place.names.get(town.cityName) ?? 0) + 1);
      place.coaches.push({ id: row.id, positions: positionsOf(row.specializations), lastChangedAt: row.lastChangedAt });
    }
    for (const place of places.values()) {
      place.cityName = [...place.names.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? place.cityName;
    }
    return { places, readAt, changeCount };
  };
  return async (): Promise<Map<string, PlaceEntry>> => {
    const changeCount = coachDirectoryFor(deps).changeCount();
    if (current && current.changeCount === changeCount && Date.now() - current.readAt < INDEX_MAX_AGE_MS) return current.places;
    reading ??= read(changeCount).finally(() => (reading = undefined));
    current = await reading;
    return current.places;
  };
});

const positionCounts = (coaches: readonly PlaceCoachEntry[]) =>
  PLACE_POSITIONS.map((position) => ({ position, coachCount: coaches.filter((c) => c.positions.includes(position)).length })).filter(
    (p) => p.coachCount > 0,
  );

function summaryOf(place: PlaceEntry): PlaceSummary {
  return {
    state: place.state,
    city: place.city,
    cityName: place.cityName,
    path: placePath(place.state, place.city),
    coachCount: place.coaches.length,
    positions: positionCounts(place.coaches).map((p) => ({ ...p, path: placePath(place.state, place.city, p.position) })),
    lastChangedAt: new Date(Math.max(...place.coaches.map((c) => c.lastChangedAt.getTime()))).toISOString(),
  };
}

/** GET /api/places: every place with a public coach, by state then town. */
export async function listPlaces(deps: AppDeps): Promise<PlaceSummary[]> {
  const places = [...(await placeIndexFor(deps)()).values()];
  places.sort((a, b) => a.state.localeCompare(b.state) || a.cityName.localeCompare(b.cityName));
  return places.map(summaryOf);
}

/** GET /api/places/popular: the places with most public coaches (ties by name), for the landing page's links. */
export async function listPopularPlaces(deps: AppDeps): Promise<PlaceLink[]> {
  return [...(await placeIndexFor(deps)()).values()]
    .sort((a, b) => b.coaches.length - a.coaches.length || a.cityName.localeCompare(b.cityName) || a.state.localeCompare(b.state))
    .slice(0, POPULAR_PLACES)
    .map((place) => ({ path: placePath(place.state, place.city), heading: placeHeading(place, null), coachCount: place.coaches.length }));
}

/**
 * GET /api/places/{state}/{city}[/{position}]: the place's coaches (public profiles only) as cards,
 * their family price range and count, breadcrumbs, the place's position pages and other places of
 * the state. 404 when the place has no such coach.
 */
export async function getPlacePage(deps: AppDeps, state: string, city: string, position: Position | null): Promise<PlacePage> {
  const index = await placeIndexFor(deps)();
  const place = index.get(keyOf(state, city));
  const members = place?.coaches.filter((c) => position === null || c.positions.includes(position)) ?? [];
  if (!place || members.length === 0) throw notFound(PLACE_NOT_FOUND);
  const listings = await getCoachListings(
    deps,
    members.map((c) => c.id),
    OPEN_TIMES_PER_COACH,
  );
  let min: number | null = null;
  let max: number | null = null;
  for (const listing of listings) {
    for (const rate of listing.rates) {
      const cents = familyPriceCents(rate.rate);
      if (cents === null) continue;
      min = min === null ? cents : Math.min(min, cents);
      max = max === null ? cents : Math.max(max, cents);
    }
  }
  const coaches: PlaceCoach[] = listings
    .map((listing) => {
      const from = lowestFamilyPrice(listing.rates);
      return {
        id: listing.id,
        path: `/coach/${listing.id}`,
        name: fullName(listing.user) || "Lacrosse coach",
        title: listing.title,
        location: listing.location,
        profileImageUrl: listing.profileImageUrl,
        positions: listing.positions,
        rating: listing.rating,
        reviewCount: listing.totalReviews,
        fromPrice: from ? { price: from.price, duration: from.rate.duration } : null,
        nextOpenTimes: listing.availableSlots.map((s) => ({ date: s.date, startTime: s.startTime, timeZone: s.timeZone })),
      };
    })
    .sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || b.reviewCount - a.reviewCount || a.id - b.id)
    .slice(0, PLACE_PAGE_MAX_COACHES);
  const townPath = placePath(place.state, place.city);
  const townName = `${place.cityName}, ${place.state.toUpperCase()}`;
  const path = placePath(place.state, place.city, position);
  const nearby = [...index.values()]
    .filter((p) => p.state === place.state && p.city !== place.city)
    .sort((a, b) => b.coaches.length - a.coaches.length || a.cityName.localeCompare(b.cityName))
    .slice(0, NEARBY_PLACES)
    .map((p) => ({ cityName: p.cityName, state: p.state.toUpperCase(), path: placePath(p.state, p.city), coachCount: p.coaches.length }));
  return {
    state: place.state,
    city: place.city,
    cityName: place.cityName,
    position,
    path,
    heading: placeHeading(place, position),
    coachCount: members.length,
    priceRange: min === null || max === null ? null : { min: formatDollars(min), max: formatDollars(max) },
    coaches,
    breadcrumbs: [
      { name: "Find coaches", path: "/find-coaches" },
      { name: townName, path: townPath },
      ...(position ? [{ name: `${position} coaches`, path }] : []),
    ],
    positions: positionCounts(place.coaches).map((p) => ({ ...p, path: placePath(place.state, place.city, p.position) })),
    nearby,
  };
}
