import { fullName } from "./names";
import { lowestFamilyPrice } from "./money";
import type { Position, RateResponse } from "./coach-basics";
import { placeHeading } from "./place-pages";

/**
 * The heads of the public pages drawn from data (DESIGN.md 12): the server writes them into the
 * page's HTML and the client sets the same after hydration (lib/document-head.ts), both through
 * these functions, so the two are equal by construction. No length cut on the title: a search
 * engine shortens it itself. The pages without data have theirs in static-page-heads.ts.
 */
export type PageHead = { title: string; description: string };

export const SITE_NAME = "LaxCoach";

const DESCRIPTION_MAX = 160;

/** Cut at a word near `max` with an ellipsis: a description stays one snippet long. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** What a coach's head is written from: the public profile's fields (CoachProfile has them all). */
export type CoachHeadFacts = {
  user: { firstName: string | null; lastName: string | null };
  title: string;
  bio: string;
  location: string | null;
  specializations: readonly string[];
  rates: readonly RateResponse[];
  rating: number | null;
  reviewCount: number;
};

export const coachDisplayName = (coach: Pick<CoachHeadFacts, "user">): string => fullName(coach.user) || "Lacrosse coach";

function coachLead(coach: CoachHeadFacts): string {
  const name = coachDisplayName(coach);
  const where = coach.location ? ` in ${coach.location}` : "";
  const teaches = coach.specializations.length > 0 ? `${coach.specializations.slice(0, 3).join(", ")} ` : "";
  const rating =
    coach.rating !== null && coach.reviewCount > 0
      ? ` Rated ${coach.rating.toFixed(1)}/5 from ${coach.reviewCount} ${coach.reviewCount === 1 ? "review" : "reviews"}.`
      : "";
  const from = lowestFamilyPrice(coach.rates);
  const price = from ? ` Sessions from ${from.price}.` : "";
  return `${name} coaches ${teaches}lacrosse${where}.${rating}${price}`;
}

/** /coach/{id}: name, title and town; what they teach, their rating and family price, then the bio. */
export function coachPageHead(coach: CoachHeadFacts): PageHead {
  const where = coach.location ? ` in ${coach.location}` : "";
  return {
    title: `${coachDisplayName(coach)}, ${coach.title}: lacrosse coach${where} | ${SITE_NAME}`,
    description: shorten(`${coachLead(coach)} ${coach.bio}`, DESCRIPTION_MAX),
  };
}

/** /book-coach/{id}: the booking page of the same coach. */
export function bookCoachPageHead(coach: CoachHeadFacts): PageHead {
  return {
    title: `Book a session with ${coachDisplayName(coach)} | ${SITE_NAME}`,
    description: shorten(`${coachLead(coach)} Pick an open time and book online.`, DESCRIPTION_MAX),
  };
}

/** /coaches/{state}/{city}[/{position}]: the h1 with the site's name; the count and price range. */
export function placePageHead(place: {
  cityName: string;
  state: string;
  position: Position | null;
  coachCount: number;
  priceRange: { min: string; max: string } | null;
}): PageHead {
  const heading = placeHeading(place, place.position);
  const who = `${place.coachCount} ${place.position ? `${place.position.toLowerCase()} ` : "lacrosse "}${place.coachCount === 1 ? "coach" : "coaches"}`;
  const prices = place.priceRange
    ? place.priceRange.min === place.priceRange.max
      ? ` Sessions at ${place.priceRange.min}.`
      : ` Sessions from ${place.priceRange.min} to ${place.priceRange.max}.`
    : "";
  return {
    title: `${heading} | ${SITE_NAME}`,
    description: shorten(
      `Compare ${who} in ${place.cityName}, ${place.state.toUpperCase()}: open times, ratings and reviews.${prices} Book and pay online.`,
      DESCRIPTION_MAX,
    ),
  };
}
