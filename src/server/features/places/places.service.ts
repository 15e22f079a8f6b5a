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
import { listPublicCoachTowns, type PublicCoachRow } from "../../db/public-coaches";
import { coachDirectoryFor } from "../search/coach-directory";
import { perDatabase } from "../search/per-database";
import { getCoachCards, type CoachCard } from "../search/search.service";
import { textInterner } from "../search/shared-texts";

export const PLACE_NOT_FOUND = "No coaches found in this place.";
/** Cards on one place page (the count names them all); the best rated first. */
export const PLACE_PAGE_MAX_COACHES = 60;
/** Open times shown per card. */
const OPEN_TIMES_PER_COACH = 3;
/** Other places of the state a page links to. */
const NEARBY_PLACES = 8;
/**
 * The town index is read whole again after this long. Between full reads it follows the coaches
 * changed meanwhile (the search directory's coach events, a suspension's included), reading only
 * those: at 100,000 coaches a full read costs PostgreSQL about a second (docs/performance-log.md,
 * 29 November 2026, late night). Every change the services make announces itself (profile, review,
 * suspension); the full read is the safety net for one made outside them.
 */
const INDEX_MAX_AGE_MS = 10 * 60_000;

/** A placed coach: what they teach, and when their public facts last changed (epoch ms: a number, not a Date, for each of 100,000). */
type PlaceCoachEntry = { id: number; positions: Position[]; lastChangedMs: number };
type PlaceEntry = { state: string; city: string; cityName: string; coaches: PlaceCoachEntry[] };
/** A place as the index keeps it: with how many of its coaches spell its town each way (its name is the most used). */
type KeptPlace = PlaceEntry & { names: Map<string, number> };
/** A state's places, most coaches first (ties by name): a place page's "nearby" is the first few of its state's. */
type PlaceIndex = { places: ReadonlyMap<string, PlaceEntry>; byState: ReadonlyMap<string, readonly PlaceEntry[]> };

const keyOf = (state: string, city: string) => `${state}/${city}`;
const byCoachesThenName = (a: PlaceEntry, b: PlaceEntry) => b.coaches.length - a.coaches.length || a.cityName.localeCompare(b.cityName);

/**
 * The places with public coaches, grouped from the coaches' towns ("Baltimore, MD"), kept in memory:
 * read whole at first and every INDEX_MAX_AGE_MS, and in between kept up to date coach by coach
 * from the search directory's changes (coachDirectoryFor: coach events of every process, and
 * `invalidate`). Towns that differ only in case or punctuation share a place; its name is the
 * spelling most of its coaches use.
 */
const placeIndexFor = perDatabase((deps: AppDeps) => {
  const places = new Map<string, KeptPlace>();
  /** Each placed coach's place, entry and spelling of its town. */
  const coachPlaces = new Map<number, { key: string; entry: PlaceCoachEntry; name: string }>();
  /** Place keys and town spellings, one copy each however many coaches share them. */
  const shared = textInterner();
  let readAt = -Infinity;
  /** The directory's change count this index has caught up with. */
  let seen = 0;
  let view: PlaceIndex | undefined;
  let updating: Promise<void> | undefined;

  const remove = (coachId: number, touched: Set<KeptPlace>) => {
    const held = coachPlaces.get(coachId);
    if (!held) return;
    coachPlaces.delete(coachId);
    const place = places.get(held.key);
    if (!place) return;
    place.coaches = place.coaches.filter((c) => c !== held.entry);
    place.names.set(held.name, (place.names.get(held.name) ?? 1) - 1);
    if (place.coaches.length === 0) places.delete(held.key);
    else touched.add(place);
  };
  const add = (row: PublicCoachRow, touched: Set<KeptPlace>) => {
    const town = townOfLocation(row.location);
    if (!town) return;
    const state = shared(town.state.toLowerCase());
    const name = shared(town.cityName);
    const city = shared(citySlug(name));
    const key = shared(keyOf(state, city));
    let place = places.get(key);
    if (!place) places.set(key, (place = { state, city, cityName: name, coaches: [], names: new Map() }));
    const entry = { id: row.id, positions: positionsOf(row.specializations), lastChangedMs: row.lastChangedAt.getTime() };
    place.coaches.push(entry);
    place.names.set(name, (place.names.get(name) ?? 0) + 1);
    coachPlaces.set(row.id, { key, entry, name });
    touched.add(place);
  };
  const rename = (place: KeptPlace) => {
    let best: [string, number] | undefined;
    for (const [name, count] of place.names) {
      if (count <= 0) place.names.delete(name);
      else if (!best || count > best[1] || (count === best[1] && name.localeCompare(best[0]) < 0)) best = [name, count];
    }
    if (best) place.cityName = best[0];
  };

  const readAll = async () => {
    const startedAt = Date.now();
    const count = coachDirectoryFor(deps).changeCount();
    const rows = await listPublicCoachTowns(deps.database.db);
    places.clear();
    coachPlaces.clear();
    const touched = new Set<KeptPlace>();
    for (const row of rows) add(row, touched);
    touched.forEach(rename);
    readAt = startedAt;
    seen = count;
  };
  const readChanged = async () => {
    const directory = coachDirectoryFor(deps);
    const count = directory.changeCount();
    const changed = directory.changedSince(seen);
    // Read after the count: a coach changed meanwhile is counted after it, and read again next time.
    const rows = changed.length === 0 ? [] : await listPublicCoachTowns(deps.database.db, changed);
    const touched = new Set<KeptPlace>();
    for (const id of changed) remove(id, touched);
    for (const row of rows) add(row, touched);
    touched.forEach(rename);
    seen = count;
  };

  return async (): Promise<PlaceIndex> => {
    const due = Date.now() - readAt >= INDEX_MAX_AGE_MS;
    if (due || coachDirectoryFor(deps).changeCount() !== seen) {
      updating ??= (due ? readAll() : readChanged()).finally(() => {
        updating = undefined;
        view = undefined;
      });
      await updating;
    }
    if (!view) {
      const byState = new Map<string, PlaceEntry[]>();
      for (const place of places.values()) {
        const list = byState.get(place.state);
        if (list) list.push(place);
        else byState.set(place.state, [place]);
      }
      for (const list of byState.values()) list.sort(byCoachesThenName);
      view = { places, byState };
    }
    return view;
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
    lastChangedAt: new Date(place.coaches.reduce((latest, c) => Math.max(latest, c.lastChangedMs), 0)).toISOString(),
  };
}

/** GET /api/places: every place with a public coach, by state then town. */
export async function listPlaces(deps: AppDeps): Promise<PlaceSummary[]> {
  const places = [...(await placeIndexFor(deps)()).places.values()];
  places.sort((a, b) => a.state.localeCompare(b.state) || a.cityName.localeCompare(b.cityName));
  return places.map(summaryOf);
}

/** GET /api/places/popular: the places with most public coaches (ties by name), for the landing page's links. */
export async function listPopularPlaces(deps: AppDeps): Promise<PlaceLink[]> {
  return [...(await placeIndexFor(deps)()).places.values()]
    .sort((a, b) => b.coaches.length - a.coaches.length || a.cityName.localeCompare(b.cityName) || a.state.localeCompare(b.state))
    .slice(0, POPULAR_PLACES)
    .map((place) => ({ path: placePath(place.state, place.city), heading: placeHeading(place, null), coachCount: place.coaches.length }));
}

/** What a place page orders and prices its coaches by: the rating (0 without), reviews, and the family's lowest and highest price. */
type CardFacts = { rating: number; reviews: number; minCents: number | null; maxCents: number | null };

/**
 * Each card's facts, kept while its listing is unchanged (a new listing is a new `source`): a city's
 * coaches are ordered on every visit, and only the cards shown are parsed whole.
 */
const cardFacts = new WeakMap<object, CardFacts>();

function factsOf(card: CoachCard): CardFacts {
  let facts = cardFacts.get(card.source);
  if (facts) return facts;
  const listing = card.listing();
  facts = { rating: listing.rating ?? 0, reviews: listing.totalReviews, minCents: null, maxCents: null };
  for (const rate of listing.rates) {
    const cents = familyPriceCents(rate.rate);
    if (cents === null) continue;
    facts.minCents = facts.minCents === null ? cents : Math.min(facts.minCents, cents);
    facts.maxCents = facts.maxCents === null ? cents : Math.max(facts.maxCents, cents);
  }
  cardFacts.set(card.source, facts);
  return facts;
}

/**
 * GET /api/places/{state}/{city}[/{position}]: the place's coaches (public profiles only) as cards,
 * their family price range and count, breadcrumbs, the place's position pages and other places of
 * the state. 404 when the place has no such coach.
 */
export async function getPlacePage(deps: AppDeps, state: string, city: string, position: Position | null): Promise<PlacePage> {
  const index = await placeIndexFor(deps)();
  const place = index.places.get(keyOf(state, city));
  const members = place?.coaches.filter((c) => position === null || c.positions.includes(position)) ?? [];
  if (!place || members.length === 0) throw notFound(PLACE_NOT_FOUND);
  const { cards, times: timesOf } = await getCoachCards(
    deps,
    members.map((c) => c.id),
  );
  const facts = cards.map((card) => ({ card, ...factsOf(card) }));
  let min: number | null = null;
  let max: number | null = null;
  for (const f of facts) {
    if (f.minCents !== null) min = min === null ? f.minCents : Math.min(min, f.minCents);
    if (f.maxCents !== null) max = max === null ? f.maxCents : Math.max(max, f.maxCents);
  }
  const shown = facts
    .sort((a, b) => b.rating - a.rating || b.reviews - a.reviews || a.card.id - b.card.id)
    .slice(0, PLACE_PAGE_MAX_COACHES)
    .map((f) => f.card.listing());
  const times = await timesOf(
    shown.map((listing) => listing.id),
    OPEN_TIMES_PER_COACH,
  );
  const coaches: PlaceCoach[] = shown.map((listing) => {
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
      nextOpenTimes: times.get(listing.id) ?? [],
    };
  });
  const townPath = placePath(place.state, place.city);
  const townName = `${place.cityName}, ${place.state.toUpperCase()}`;
  const path = placePath(place.state, place.city, position);
  const nearby = (index.byState.get(place.state) ?? [])
    .slice(0, NEARBY_PLACES + 1)
    .filter((p) => p !== place)
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
