// First: it configures zod before any page loads it.
import "./zod-jitless";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { loadVisitorPage } from "./app/router";
import { seedCurrentUser } from "./lib/current-user";
import { beginHydration } from "./lib/hydration";
import { createQueryClient } from "./lib/query-client";
import { PAGE_STATE_ELEMENT_ID, putDrawnQueries, takeDataBlock, type PageState } from "./lib/page-state";
import "./styles.css";

const queryClient = createQueryClient();
seedCurrentUser(queryClient);
const container = document.getElementById("root")!;

/**
 * A visitor's public page comes drawn by the server with the queries it was drawn from (decision
 * 016, public-pages.tsx): they are taken as this visit's reads (so nothing is asked for again), the
 * page's code is loaded, and React hydrates what the server drew instead of drawing it again. A
 * page kept by the server's cache for a few seconds is this visit's read, as the router's early
 * read of a page's data is (lib/just-fetched.ts). A page whose chunk fails to load still hydrates:
 * it suspends, keeps the server's markup, and its error boundary handles the failure as on any page.
 */
const drawn = takeDataBlock<PageState>(PAGE_STATE_ELEMENT_ID);
if (drawn) {
  beginHydration(drawn.drawnAt);
  // Hydrated as a transition, for the same reason as the first render below: in slices of a few
  // milliseconds, the page (already drawn) answering taps between them, not in one long task.
  void Promise.all([putDrawnQueries(queryClient, drawn.queries), loadVisitorPage(window.location.pathname)]).then(() =>
    startTransition(() => {
      hydrateRoot(container, <App queryClient={queryClient} />);
    }),
  );
} else {
  // The first render is a transition: React works on it in slices of a few milliseconds and lets the
  // browser paint and answer input between them, instead of holding a phone's main thread for one
  // long task while the whole page (and the first use of each library in it) renders.
  const root = createRoot(container);
  startTransition(() => {
    root.render(<App queryClient={queryClient} />);
  });
}

/*
 * The first Intl date format a page makes reads ICU's time zone, calendar and zone name data: 14-45
 * ms on a laptop, four times that on a phone, in one task nothing can slice (a CPU profile of the
 * coach dashboard found it inside a render that was already long). That data is kept by the
 * browser's process, not by a thread: a worker reads it on another core while the page's code and
 * data are on their way, and the page's own first format then costs under 2 ms
 * (public/intl-warm-up.js; docs/PERFORMANCE.md).
 */
new Worker("/intl-warm-up.js");
