/**
 * While the browser hydrates a page the server drew (decision 016), every component must draw what
 * the server drew: nothing read from the browser alone (its clock, its time zone, its storage)
 * until hydration has ended. Then components read them as always (and draw again when they do).
 */
let drawnAt: number | null = null;

/** main.tsx, before hydrateRoot: the instant the server drew the page (the page's `now` while hydrating). */
export function beginHydration(serverDrewAt: number): void {
  drawnAt = serverDrewAt;
}

/** What public/first-screen-boot.js waits for to replay the taps and forms it held while the app loaded. */
const APP_READY_EVENT = "app-ready";
let announced = false;

/**
 * The page's commit (app/router.tsx, HydrationEnd): hydration is over; the browser's own clock,
 * zone and storage count. The first time, the page's handlers are in place: the boot script may
 * replay what it held.
 */
export function endHydration(): void {
  drawnAt = null;
  if (announced) return;
  announced = true;
  document.dispatchEvent(new Event(APP_READY_EVENT));
}

/** The instant the server drew the page while the browser hydrates it; null otherwise. */
export const hydratingAt = (): number | null => drawnAt;

/** Whether the browser is hydrating a page the server drew (render only what the server could know). */
export const isHydrating = (): boolean => drawnAt !== null;

/**
 * Whether this render must draw what the server draws: on the server itself, or in the browser
 * while it hydrates the server's page. A query the page was drawn with as an error (an unknown
 * coach) is then not asked again on mount (`retryOnMount: !isDrawnAsOnServer()`), which would
 * draw it as loading instead.
 */
export const isDrawnAsOnServer = (): boolean => typeof window === "undefined" || drawnAt !== null;
