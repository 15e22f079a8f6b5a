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
 * 15 ms on a laptop, four times that on a phone): the time zone data is read then. Every page
 * that shows a session time makes one, in the render that follows its data's arrival. Made here,
 * while the page waits on the network, it no longer lengthens that render.
 */
const whenIdle = (work: () => void) => ("requestIdleCallback" in window ? window.requestIdleCallback(work) : setTimeout(work, 1));
whenIdle(() => void new Intl.DateTimeFormat("en-US", { timeZoneName: "short" }).resolvedOptions());
