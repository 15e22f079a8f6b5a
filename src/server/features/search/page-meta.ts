import { lowestFamilyPrice } from "@contract/money";
import type { CoachProfile } from "@contract/search";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/errors";
import { getCoachProfile } from "./search.service";
import { fullName } from "@contract/names";

/** What a page's HTML says of it before any script runs: its <title> and meta description. */
export type PageMeta = { title: string; description: string };

const DESCRIPTION_MAX = 160;

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A coach profile as a search engine lists it (issue 29): name, title and town; what they teach, their rating and price. */
export function coachPageMeta(coach: CoachProfile): PageMeta {
  const name = fullName(coach.user) || "Lacrosse coach";
  const where = coach.location ? ` in ${coach.location}` : "";
  const teaches = coach.specializations.length > 0 ? `${coach.specializations.slice(0, 3).join(", ")} ` : "";
  const rating =
    coach.rating !== null && coach.reviewCount > 0
      ? ` Rated ${coach.rating.toFixed(1)}/5 from ${coach.reviewCount} ${coach.reviewCount === 1 ? "review" : "reviews"}.`
      : "";
  const from = lowestFamilyPrice(coach.rates);
  const price = from ? ` Sessions from ${from.price}.` : "";
  const lead = `${name} coaches ${teaches}lacrosse${where}.${rating}${price}`;
  return {
    title: shorten(`${name}, ${coach.title}: lacrosse coach${where} | LaxCoach`, 70),
    description: shorten(`${lead} ${coach.bio}`, DESCRIPTION_MAX),
  };
}

/** The meta of a path that has its own (a coach's profile), or null for the app's defaults. */
export async function pageMetaFor(deps: AppDeps, pathname: string): Promise<PageMeta | null> {
  const match = /^\/coach\/(\d{1,9})\/?$/i.exec(pathname);
  if (!match) return null;
  try {
    return coachPageMeta(await getCoachProfile(deps, Number(match[1])));
  } catch (error) {
    // No such coach: the page keeps the app's title and says "not found" itself.
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
