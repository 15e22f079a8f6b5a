import { lazy, type ComponentType, type LazyExoticComponent } from "react";

// The one home of "a chunk that is gone after a deploy reloads the page once": every lazy part of
// the client (pages, the signed-in shell, dialogs, sections) loads through lazyWithReload. Kept to
// React alone: the entry chunk (the router) imports it.

const RELOADED_AT_KEY = "laxcoach:stale-chunk-reload-at";
/** A second stale chunk within this time is a real failure, not a deploy: no reload loop. */
const RELOAD_WINDOW_MS = 60_000;

/**
 * A page's code that can no longer be fetched: after a deploy, the hashed file an open tab asks
 * for is gone. Browsers word it differently; all of these mean "reload to get the new build".
 */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk .* failed/i.test(
    message,
  );
}

/**
 * Reloads the page once for a stale chunk; true when it did. A second stale chunk within a minute
 * is shown as an error instead, so a broken deploy cannot reload forever; so is one in a browser
 * that keeps no session storage (nothing would stop the next reload).
 */
export function reloadOnceForStaleChunk(
  storage: () => Pick<Storage, "getItem" | "setItem"> = () => window.sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  try {
    const store = storage();
    const last = Number(store.getItem(RELOADED_AT_KEY) ?? 0);
    if (now - last < RELOAD_WINDOW_MS) return false;
    store.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * A lazy module's loader that, when the module's chunk is gone after a deploy, reloads the page once
 * (to the new build) instead of failing; until the reload happens it never settles, so the loading
 * state stays up rather than an error. Any other failure, or a second stale chunk, still rejects.
 */
export function reloadOnStaleChunk<T>(load: () => Promise<T>, reloadOnce: () => boolean = reloadOnceForStaleChunk): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (err) {
      if (isStaleChunkError(err) && reloadOnce()) return new Promise<never>(() => {});
      throw err;
    }
  };
}

/** React.lazy whose chunk, when gone after a deploy, reloads the page once (reloadOnStaleChunk). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own
export function lazyWithReload<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  reloadOnce: () => boolean = reloadOnceForStaleChunk,
): LazyExoticComponent<T> {
  return lazy(reloadOnStaleChunk(load, reloadOnce));
}
