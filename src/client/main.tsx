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
 * The first Intl date format a page makes reads ICU's time zone, calendar and zone name data: 14-45
 * ms on a laptop, four times that on a phone, in one task nothing can slice (a CPU profile of the
 * coach dashboard found it inside a render that was already long). That data is kept by the
 * browser's process, not by a thread: a worker reads it on another core while the page's code and
 * data are on their way, and the page's own first format then costs under 2 ms
 * (public/intl-warm-up.js; docs/PERFORMANCE.md).
 */
new Worker("/intl-warm-up.js");
