/**
 * GET /api/coach/share-link (issue 44): what the coach's dashboard shows of their public page as a
 * shared link. Every field is what the page's own head says (server features/public-pages/head.ts),
 * so the preview drawn on the dashboard is the one a chat app draws from the page's Open Graph tags.
 */
export type ShareLink = {
  coachId: number;
  /** The page's canonical address on APP_URL (og:url). */
  url: string;
  /** og:title and og:description, as the page's HTML carries them. */
  title: string;
  description: string;
  /** og:image (absolute, on APP_URL) and its path on this site, which the dashboard draws. */
  imageUrl: string;
  imagePath: string;
  /** og:site_name, and the host a chat app names under the preview ("laxcoach.com"). */
  siteName: string;
  host: string;
};

/** The answer when the coach's page is not public (a suspended account): nothing to share. */
export const SHARE_LINK_NOT_PUBLIC = "Your profile page is not public, so there is no link to share yet.";
