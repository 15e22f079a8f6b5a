import { Component, type ErrorInfo, type ReactNode } from "react";
// Finished class lists, not the Button component: the boundary is in the entry chunk, which has no
// room for tailwind-merge (docs/PERFORMANCE.md, the landing page's budget).
import { GHOST_BUTTON_CLASS, OUTLINE_BUTTON_CLASS, PRIMARY_BUTTON_CLASS } from "../components/ui/button-classes";
import { showApp } from "../lib/first-screen";
import { isStaleChunkError } from "../lib/lazy-with-reload";

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
