/**
 * player-side 2: the booking page's back link returns to the last search (the caller passes it only
 * while it is fresh), else to the page that sent the player here when it is ours, else to
 * /find-coaches.
 */
export function backHref(options: {
  lastSearch: string | null;
  referrer: string;
  origin: string;
  currentPath: string;
  fallback: string;
}): string {
  if (options.lastSearch) return options.lastSearch;
  if (options.referrer) {
    try {
      const url = new URL(options.referrer);
      const path = `${url.pathname}${url.search}`;
      if (url.origin === options.origin && url.pathname !== options.currentPath) return path;
    } catch {
      // not a URL: ignore it
    }
  }
  return options.fallback;
}
