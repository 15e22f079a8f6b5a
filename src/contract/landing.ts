/*
 * What the landing page needs from the contract, without zod: the landing page's JavaScript
 * budget (100 KB gzip, docs/PERFORMANCE.md) has no room for it. content.ts re-exports these.
 */

export const MAX_LANDING_TESTIMONIALS = 6;
/**
 * GET /api/public-figures: what the landing and login pages may claim, counted from the data
 * (DESIGN 11: figures shown to visitors come from the data, or are not shown).
 */
export type PublicFigures = {
  /** Coaches with a public profile. */
  coaches: number;
  /** Sessions that took place (completed bookings). */
  sessionsCompleted: number;
  /** The average of every review (1 decimal); null without reviews. */
  rating: number | null;
  reviewCount: number;
};

/** The figures worth showing, as label and value: a zero (or no rating) is left out. */
export function shownFigures(figures: PublicFigures | undefined): { value: string; label: string }[] {
  if (!figures) return [];
  const shown: { value: string; label: string }[] = [];
  if (figures.rating !== null && figures.reviewCount > 0) {
    shown.push({
      value: `${figures.rating.toFixed(1)}/5`,
      label: `Coach rating (${figures.reviewCount} ${figures.reviewCount === 1 ? "review" : "reviews"})`,
    });
  }
  if (figures.sessionsCompleted > 0)
    shown.push({
      value: String(figures.sessionsCompleted),
      label: figures.sessionsCompleted === 1 ? "Session trained" : "Sessions trained",
    });
  if (figures.coaches > 0) shown.push({ value: String(figures.coaches), label: figures.coaches === 1 ? "Coach" : "Coaches" });
  return shown;
}

/**
 * The landing page's texts an admin can replace with a content block of the same key, and the
 * built-in text each shows without one: "hero" (the headline and the text under it), "features"
 * (the "Why LaxCoach" heading and intro), "how-it-works" (the journey's), "testimonials" (the
 * testimonials' heading and intro) and "cta" (the closing call to action).
 */
export const LANDING_TEXTS = {
  hero: {
    title: "Train with the best lacrosse coaches near you",
    content:
      "Find a coach for your position and level, book a session that fits your schedule, and pay securely. Coaches: grow your business on one simple platform.",
  },
  features: {
    title: "Everything you need to get better",
    content: "One place for players and families to find training, and for coaches to run their business.",
  },
  "how-it-works": { title: "How it works", content: "Three steps from the couch to the field." },
  testimonials: { title: "What our players say", content: "" },
  cta: { title: "Ready to step onto the field?", content: "Join players and coaches already training with LaxCoach." },
} satisfies Record<string, { title: string; content: string }>;
export type LandingTextKey = keyof typeof LANDING_TEXTS;

/** The landing page's Help Center answers: what the product does now (self-service cancellation, texts only to those who opted in). */
export const LANDING_FAQ: readonly { q: string; a: string }[] = [
  {
    q: "How do I book a session?",
    a: "Search coaches and open their profiles and times without an account. To book, create a free account or sign in, pick an open time and pay online. Your booking appears under My Bookings.",
  },
  {
    q: "What does it cost?",
    a: "Every price you see is what you pay: the coach's rate plus a 15% platform fee, shown beside each price and named at checkout. Tips are optional and go to the coach in full.",
  },
  {
    q: "What if plans change?",
    a: "Cancel a paid booking yourself from My Bookings: 24 hours or more before the session it is refunded in full; later than that, message your coach. A booking you have not paid for is released when its hold runs out. If your coach cancels, everyone in the session is refunded in full and told by e-mail, and by text message if they opted in to texts.",
  },
  {
    q: "How do coaches get paid?",
    a: "Through a secure connected payment account. Payment for a session is released once the coach submits feedback.",
  },
];
