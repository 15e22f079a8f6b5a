// First: it configures zod before any page loads it.
import "./zod-jitless";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "./app/error-boundary";
import { AppProviders } from "./app/providers";
import { AppRouter } from "./app/router";
import "./styles.css";

// The first render is a transition: React works on it in slices of a few milliseconds and lets the
// browser paint and answer input between them, instead of holding a phone's main thread for one
// long task while the whole page (and the first use of each library in it) renders.
const root = createRoot(document.getElementById("root")!);
startTransition(() => {
  root.render(
    <StrictMode>
      <ErrorBoundary scope="app">
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>,
  );
});

/*
 * The first Intl date format a page makes costs its browser far more than any later one (about
 * 25 ms on a laptop, 100 ms on a phone; any later zone a fraction of a millisecond): the time zone
 * data is read then. Every page that shows a session time makes one, and a CPU profile of the coach
 * dashboard at Lighthouse's fourfold slowdown found it inside a render that was already long (the
 * idle callback that made it before had not come yet). Made in a task of its own as soon as the
 * entry has run, while the page's code and data are on their way: a task of its own counts for
 * blocking time only beyond 50 ms, a part of a long render counts whole.
 */
setTimeout(() => new Intl.DateTimeFormat("en-US", { timeZoneName: "short" }).resolvedOptions(), 0);
