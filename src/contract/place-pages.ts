import type { Position } from "./coach-basics";

/**
 * Place pages (DESIGN.md 12): `/coaches/{state}/{city}` and `/coaches/{state}/{city}/{position}`,
 * lower case, the state as its two letters and the city as a hyphenated slug of the coaches' towns
 * ("Ellicott City, MD" is /coaches/md/ellicott-city). One module for both sides: the client's links,
 * the server's pages, its sitemap and its 404s all read paths through these functions.
 */

/** The position slugs of a place page's path, one per position a coach teaches. */
export const PLACE_POSITION_SLUGS = ["attack", "midfield", "defense", "goalie", "faceoff"] as const;
export type PlacePositionSlug = (typeof PLACE_POSITION_SLUGS)[number];

const POSITION_OF_SLUG: Record<PlacePositionSlug, Position> = {
  attack: "Attack",
  midfield: "Midfield",
  defense: "Defense",
  goalie: "Goalie",
  faceoff: "Faceoff",
};

export const positionOfSlug = (slug: string): Position | null =>
  (PLACE_POSITION_SLUGS as readonly string[]).includes(slug) ? POSITION_OF_SLUG[slug as PlacePositionSlug] : null;

export const slugOfPosition = (position: Position): PlacePositionSlug => position.toLowerCase() as PlacePositionSlug;

/** "Ellicott City" -> "ellicott-city", "Coeur d'Alene" -> "coeur-d-alene", "Señora" -> "senora". */
export function citySlug(city: string): string {
  return city
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A coach's town as the profile keeps it ("Baltimore, MD"): its city and two-letter state; null for anything else. */
export function townOfLocation(location: string | null | undefined): { cityName: string; state: string } | null {
  const match = /^\s*(.*\S)\s*,\s*([A-Za-z]{2})\s*$/.exec(location ?? "");
  if (!match?.[1] || !match[2] || citySlug(match[1]) === "") return null;
  return { cityName: match[1], state: match[2].toUpperCase() };
}

/** The path of a place's page: `/coaches/md/baltimore`, `/coaches/md/baltimore/goalie`. */
export function placePath(state: string, city: string, position?: Position | null): string {
  const base = `/coaches/${state.toLowerCase()}/${city}`;
  return position ? `${base}/${slugOfPosition(position)}` : base;
}

/** The place page of a coach's town, or null when the town is not a "City, ST" (the profile's link to its place). */
export function placePathOfLocation(location: string | null | undefined): string | null {
  const town = townOfLocation(location);
  return town ? placePath(town.state, citySlug(town.cityName)) : null;
}

/** What a place path names, checked as the server checks it (lower case only); null for a path that is no place page. */
export function parsePlacePath(pathname: string): { state: string; city: string; position: Position | null } | null {
  const match = /^\/coaches\/([a-z]{2})\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:\/([a-z]+))?\/?$/.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  if (match[3] === undefined) return { state: match[1], city: match[2], position: null };
  const position = positionOfSlug(match[3]);
  return position ? { state: match[1], city: match[2], position } : null;
}

/** The place page's h1: "Lacrosse coaches in Baltimore, MD", "Goalie coaches in Baltimore, MD". */
export function placeHeading(place: { cityName: string; state: string }, position: Position | null): string {
  return `${position ?? "Lacrosse"} coaches in ${place.cityName}, ${place.state.toUpperCase()}`;
}

/** A place with at least one public coach (GET /api/places): for links and the sitemap. */
export type PlaceSummary = {
  state: string;
  city: string;
  cityName: string;
  path: string;
  coachCount: number;
  /** The positions taught there, each with its page and count (positions without a coach are left out). */
  positions: { position: Position; path: string; coachCount: number }[];
  /** ISO instant of the latest change to one of its coaches. */
  lastChangedAt: string;
};

/** GET /api/places/popular: a place with the most coaches, as the landing page links to it ("Lacrosse coaches in Baltimore, MD"). */
export type PlaceLink = { path: string; heading: string; coachCount: number };

/** How many places the landing page links to: the ones with most coaches. */
export const POPULAR_PLACES = 8;

/** A coach on a place page: a card that links to the profile. */
export type PlaceCoach = {
  id: number;
  path: string;
  name: string;
  title: string;
  location: string | null;
  profileImageUrl: string | null;
  positions: Position[];
  rating: number | null;
  reviewCount: number;
  /** The lowest price a family pays for a session ("$46.00"), with its duration; null without rates. */
  fromPrice: { price: string; duration: number } | null;
  /** The next open times, each in the coach's zone. */
  nextOpenTimes: { date: string; startTime: string; timeZone: string }[];
};

/** GET /api/places/{state}/{city}[/{position}]: the place page's content (404 when no coach). */
export type PlacePage = {
  state: string;
  city: string;
  cityName: string;
  position: Position | null;
  path: string;
  heading: string;
  coachCount: number;
  /** The lowest and highest family price (fee included) among its coaches' rates; null when none has a rate. */
  priceRange: { min: string; max: string } | null;
  coaches: PlaceCoach[];
  breadcrumbs: { name: string; path: string }[];
  /** The other position pages of this place (or all of them on the town's page), each with its count. */
  positions: { position: Position; path: string; coachCount: number }[];
  /** Other places in the same state with coaches, most coaches first. */
  nearby: { cityName: string; state: string; path: string; coachCount: number }[];
};

/** The positions in the order place pages list them. */
export const PLACE_POSITIONS: readonly Position[] = PLACE_POSITION_SLUGS.map((slug) => POSITION_OF_SLUG[slug]);
