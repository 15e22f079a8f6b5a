import type { AgeGroup, SkillLevel } from "@contract/user-basics";
import { AGE_GROUP_LABELS } from "@contract/players";
import { MAX_MATCH_REASONS } from "@contract/search";

/**
 * The match score of GET /api/coaches/recommendations and /quick-matches: 0-100, built from six
 * criteria with fixed weights so a player (and a support person) can see why a coach ranks where
 * it does. A criterion the player did not give (or that cannot be judged, such as distance without
 * an origin ZIP) is neutral: it earns half its weight for every coach, so it moves nobody up or down.
 *
 * | criterion    | weight | full points when                                                     |
 * |--------------|--------|----------------------------------------------------------------------|
 * | position     | 30     | the coach's specializations include the position (0 otherwise)       |
 * | distance     | 20     | 0 miles away, falling linearly to 0 points at maxDistance            |
 * | price        | 20     | the coach's lowest rate lies within [minPrice, maxPrice] (0 outside) |
 * | age group    | 10     | the coach's title/bio/experience mention that age group              |
 * | skill level  | 10     | the coach's title/bio/experience mention that skill level            |
 * | specialties  | 10     | every requested specialty is among the coach's specializations       |
 *
 * Age group and skill level are read from keywords in free text written by the coach ("middle
 * schoolers", "beginners", "college-bound"): coaches never state them as data. A coach whose text
 * mentions no age group (or no skill level) at all is neutral on it; one who mentions only other
 * groups earns nothing. It is a heuristic, and this table is the whole rule.
 */
export const MATCH_WEIGHTS = {
  position: 30,
  distance: 20,
  price: 20,
  ageGroup: 10,
  skillLevel: 10,
  specialties: 10,
} as const;

export type MatchCriteria = {
  position?: string;
  ageGroup?: AgeGroup;
  skillLevel?: SkillLevel;
  specialties: string[];
  minPriceCents?: number;
  maxPriceCents?: number;
  maxDistance: number;
};

export type MatchCandidate = {
  title: string;
  bio: string;
  experience: string | null;
  specializations: string[];
  /** Lowest rate of the coach in cents; null when the coach has no rates yet. */
  minRateCents: number | null;
  hasGroupRates: boolean;
  rating: number | null;
  totalReviews: number;
  /** Miles from the player's origin; null when no origin is known. */
  distance: number | null;
};

export type MatchResult = { score: number; reasons: string[]; breakdown: Record<keyof typeof MATCH_WEIGHTS, number> };

const AGE_KEYWORDS: Record<AgeGroup, RegExp> = {
  futures: /\b(futures|youth|kids|children|elementary|u-?9|u-?11|under[- ]1[12]|first-year)\b/i,
  juniors: /\b(juniors?|youth|middle[- ]school(ers?)?|u-?13|u-?15)\b/i,
  "high-school": /\b(high[- ]school(ers?)?|varsity|recruit(ing|ed|s)?|college[- ]bound|u-?17|u-?19)\b/i,
};
const ALL_AGES = /\ball[- ]ages\b/i;

const SKILL_KEYWORDS: Record<SkillLevel, RegExp> = {
  beginner: /\b(beginners?|fundamentals|basics|first-year|new to (the game|lacrosse))\b/i,
  intermediate: /\b(intermediate|developing|club)\b/i,
  advanced: /\b(advanced|elite|college[- ]bound|recruit(ing|ed|s)?|varsity|division i+|d1|all-american)\b/i,
};

export function scoreCoach(criteria: MatchCriteria, coach: MatchCandidate): MatchResult {
  const text = `${coach.title}\n${coach.bio}\n${coach.experience ?? ""}\n${coach.specializations.join(", ")}`;
  const specializations = coach.specializations.map((s) => s.toLowerCase());
  const reasons: string[] = [];
  const half = (weight: number) => weight / 2;

  let position: number = half(MATCH_WEIGHTS.position);
  if (criteria.position) {
    const teaches = specializations.includes(criteria.position.toLowerCase());
    position = teaches ? MATCH_WEIGHTS.position : 0;
    if (teaches) reasons.push(`Specializes in ${criteria.position}`);
  }

  let distance: number = half(MATCH_WEIGHTS.distance);
  if (coach.distance !== null) {
    const closeness = Math.max(0, 1 - coach.distance / criteria.maxDistance);
    distance = MATCH_WEIGHTS.distance * closeness;
    if (coach.distance <= criteria.maxDistance) reasons.push(`${formatMiles(coach.distance)} away`);
  }

  let price: number = half(MATCH_WEIGHTS.price);
  if (criteria.minPriceCents !== undefined || criteria.maxPriceCents !== undefined) {
    const rate = coach.minRateCents;
    const inRange =
      rate !== null &&
      (criteria.minPriceCents === undefined || rate >= criteria.minPriceCents) &&
      (criteria.maxPriceCents === undefined || rate <= criteria.maxPriceCents);
    price = inRange ? MATCH_WEIGHTS.price : 0;
    if (inRange) reasons.push("Within your budget");
  }

  let specialties: number = half(MATCH_WEIGHTS.specialties);
  if (criteria.specialties.length > 0) {
    const matched = criteria.specialties.filter((s) => specializations.includes(s.toLowerCase()));
    specialties = (MATCH_WEIGHTS.specialties * matched.length) / criteria.specialties.length;
    if (matched.length > 0 && !(matched.length === 1 && matched[0]?.toLowerCase() === criteria.position?.toLowerCase())) {
      reasons.push(`Teaches ${matched.slice(0, 2).join(" and ")}`);
    }
  }

  let ageGroup: number = half(MATCH_WEIGHTS.ageGroup);
  if (criteria.ageGroup) {
    const fit = keywordFit(text, criteria.ageGroup, AGE_KEYWORDS, ALL_AGES);
    ageGroup = MATCH_WEIGHTS.ageGroup * fit;
    if (fit === 1) reasons.push(`Works with ${AGE_GROUP_LABELS[criteria.ageGroup]} players`);
  }

  let skillLevel: number = half(MATCH_WEIGHTS.skillLevel);
  if (criteria.skillLevel) {
    const fit = keywordFit(text, criteria.skillLevel, SKILL_KEYWORDS, null);
    skillLevel = MATCH_WEIGHTS.skillLevel * fit;
    if (fit === 1) reasons.push(`Coaches ${criteria.skillLevel} players`);
  }

  // Facts that help a choice even when they earn no points.
  if (coach.hasGroupRates) reasons.push("Offers group sessions");
  if (coach.rating !== null && coach.totalReviews > 0 && coach.rating >= 4.5) {
    reasons.push(`Rated ${coach.rating.toFixed(1)} by ${coach.totalReviews} player${coach.totalReviews === 1 ? "" : "s"}`);
  }

  const breakdown = { position, distance, price, ageGroup, skillLevel, specialties };
  const total = Object.values(breakdown).reduce((sum, points) => sum + points, 0);
  return { score: Math.max(0, Math.min(100, Math.round(total))), reasons: reasons.slice(0, MAX_MATCH_REASONS), breakdown };
}

/** 1 when the text names the wanted group, 0.5 when it names no group at all, 0 when it names only others. */
function keywordFit<K extends string>(text: string, wanted: K, keywords: Record<K, RegExp>, everyone: RegExp | null): number {
  if (keywords[wanted].test(text) || everyone?.test(text)) return 1;
  const namesAnother = (Object.keys(keywords) as K[]).some((k) => k !== wanted && keywords[k].test(text));
  return namesAnother ? 0 : 0.5;
}

/** 4.2 -> "4.2 miles away"; 1 -> "1.0 mile away". */
export function formatMiles(miles: number): string {
  const rounded = Math.round(miles * 10) / 10;
  return `${rounded.toFixed(1)} ${rounded === 1 ? "mile" : "miles"}`;
}

/** Best match first; ties go to the nearer coach, then the better rated, then the older profile. */
export function compareMatches(
  a: { matchScore: number; distance: number | null; rating: number | null; id: number },
  b: { matchScore: number; distance: number | null; rating: number | null; id: number },
): number {
  if (a.matchScore !== b.matchScore) return b.matchScore - a.matchScore;
  const da = a.distance ?? Number.POSITIVE_INFINITY;
  const db = b.distance ?? Number.POSITIVE_INFINITY;
  if (da !== db) return da - db;
  const ra = a.rating ?? 0;
  const rb = b.rating ?? 0;
  if (ra !== rb) return rb - ra;
  return a.id - b.id;
}
