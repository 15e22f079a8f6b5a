import { Component, type ErrorInfo, type ReactNode } from "react";
// Finished class lists, not the Button component: the boundary is in the entry chunk, which has no
// room for tailwind-merge (docs/PERFORMANCE.md, the landing page's budget).
import { GHOST_BUTTON_CLASS, OUTLINE_BUTTON_CLASS, PRIMARY_BUTTON_CLASS } from "../components/ui/button-classes";
import { showApp } from "../lib/first-screen";

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

type Props = {
  children: ReactNode;
  /** "app" replaces the whole screen; "page" stays inside the shell, so navigation still works. */
  scope: "app" | "page";
};

/**
 * A render error (or a page chunk that failed to load) shows a way out instead of a blank app: try
 * again, reload, or go home. Errors are logged to the console for the developer tools.
 */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("A page failed to render", error, info.componentStack);
    // Its message replaces the server's first screen (lib/first-screen.ts), if that is still up.
    showApp();
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const stale = isStaleChunkError(this.state.error);
    return (
      <div role="alert" className={this.props.scope === "app" ? "flex min-h-screen items-center justify-center p-6" : "p-6"}>
        <div className="mx-auto max-w-md space-y-4 text-center">
          <h1 className="text-xl font-semibold text-field-900">{stale ? "A new version is available" : "Something went wrong"}</h1>
          <p className="text-field-700">
            {stale
              ? "This page changed since you opened the site. Reload to get the latest version."
              : "This page could not be shown. Try again, or reload the page."}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            {stale ? null : (
              <button type="button" className={OUTLINE_BUTTON_CLASS} onClick={() => this.setState({ error: undefined })}>
                Try again
              </button>
            )}
            <button type="button" className={PRIMARY_BUTTON_CLASS} onClick={() => window.location.reload()}>
              Reload page
            </button>
            <button type="button" className={GHOST_BUTTON_CLASS} onClick={() => window.location.assign("/")}>
              Go to home
            </button>
          </div>
        </div>
      </div>
    );
  }
}
