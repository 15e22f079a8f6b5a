import { FIND_COACHES_HEAD } from "./find-coaches-page";
import type { PageHead } from "./page-titles";

/*
 * The <title> and meta description of the pages whose head does not depend on data (DESIGN.md 12),
 * for the server; each page imports its own from where it lives.
 */

/**
 * What index.html carries (src/client/index.html; a unit test holds them equal): the site root, the
 * landing page and the legal pages keep it, so their first screen loads no head code (their
 * budgets, scripts/check-bundle-budget.mjs), and so do the app's pages without a head of their own.
 */
export const DEFAULT_PAGE_HEAD: PageHead = {
  title: "LaxCoach: find and book lacrosse coaches",
  description: "Find a lacrosse coach near you, book a session and pay in minutes.",
};

/**
 * The public pages whose head does not depend on data, each kept beside what its page already
 * loads (so the page's first screen gets no extra file for it).
 */
export const STATIC_PAGE_HEADS = {
  "find-coaches": FIND_COACHES_HEAD,
} as const satisfies Record<string, PageHead>;
