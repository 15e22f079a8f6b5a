import type { PageHead } from "./page-titles";

/**
 * The find coaches page's <title> and description (DESIGN.md 12), set by the server's HTML and by
 * the page; a module of its own that only that page imports, so it rides in the page's own chunk.
 */
export const FIND_COACHES_HEAD: PageHead = {
  title: "Find lacrosse coaches near you | LaxCoach",
  description:
    "Search lacrosse coaches by position and ZIP code: attack, midfield, defense, goalie and faceoff, with prices and open times.",
};
