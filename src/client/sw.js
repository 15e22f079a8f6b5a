/*
 * The service worker (DESIGN 12, In the pocket), served at /sw.js with no-cache. Built with Workbox
 * by vite-plugin-pwa (strategy injectManifest, vite.config.ts): the plugin bundles this file with
 * the Workbox modules it imports and puts the build's file list, each with a revision, in place of
 * self.__WB_MANIFEST. A deploy that changes any of those files changes that list, so the browser
 * installs the new worker, and public/sw-register.js offers "Reload".
 *
 * - The build's scripts, styles and icons are precached and served from there (workbox-precaching).
 *   A new version's files are fetched while it waits; the old version's go when it takes over,
 *   after the page's "Reload" (SKIP_WAITING).
 * - Pages: the network first. The schedule page's HTML and GET /api/schedule are kept (personal
 *   data, in laxcoach-pages and laxcoach-data) so that the next 14 days of sessions open with no
 *   connection; the page says when saved. Any other page with no connection: the kept schedule page
 *   (the app's router then draws the asked path).
 * - Signing out (or in) clears every personal cache: the page posts CLEAR_PERSONAL_DATA.
 * - Push: shows the notification; a click opens (or focuses) the page it names.
 */
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst, NetworkOnly } from "workbox-strategies";

/** Personal data: the schedule page's HTML (it carries the signed-in user) and its data. */
const PAGES_CACHE = "laxcoach-pages";
const DATA_CACHE = "laxcoach-data";
const PERSONAL_CACHES = [PAGES_CACHE, DATA_CACHE];
const SCHEDULE_PAGE = "/schedule";
const SCHEDULE_API = "/api/schedule";

// The precache is laxcoach-precache-v2-<scope>: src/client/lib/service-worker.ts clears every
// cache but those starting with laxcoach-precache- on sign-out, as they hold nothing personal.
setCacheNameDetails({ prefix: "laxcoach" });

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A first install takes over the open pages at once; an update waits for the page's "Reload".
clientsClaim();

/**
 * Only a good answer for a signed-in user is kept (not a 401 after the session ended, nor a
 * redirect to the sign-in page), under its path alone, so that the fallback and saveSchedule find it.
 */
const keepSignedInAnswer = {
  cacheWillUpdate: async ({ response }) => (response.ok && !response.redirected ? response : null),
  cacheKeyWillBeUsed: async ({ request }) => new URL(request.url).pathname,
};

const sameOrigin = (url) => url.origin === self.location.origin;

registerRoute(
  ({ request, url }) => request.mode === "navigate" && sameOrigin(url) && url.pathname === SCHEDULE_PAGE,
  new NetworkFirst({ cacheName: PAGES_CACHE, plugins: [keepSignedInAnswer] }),
);
registerRoute(
  ({ request, url }) => request.mode === "navigate" && sameOrigin(url),
  new NetworkOnly({
    // No connection: the app from the kept schedule page (the router then draws the asked path).
    plugins: [{ handlerDidError: async () => caches.match(SCHEDULE_PAGE, { cacheName: PAGES_CACHE }) }],
  }),
);
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === SCHEDULE_API,
  new NetworkFirst({ cacheName: DATA_CACHE, plugins: [keepSignedInAnswer] }),
);

/**
 * Keeps the schedule for the field: its data, and the page that shows it, when a user is signed in
 * (a signed-out answer is a 401 and keeps nothing). After each install, and on each page load of a
 * signed-in user (public/sw-register.js asks), so one online visit is enough.
 */
async function saveSchedule() {
  const data = await fetch(SCHEDULE_API, { credentials: "same-origin", cache: "no-store" });
  if (!data.ok) return;
  const page = await fetch(SCHEDULE_PAGE, { credentials: "same-origin", cache: "no-store" });
  if (!page.ok || page.redirected) return;
  await (await caches.open(DATA_CACHE)).put(SCHEDULE_API, data);
  await (await caches.open(PAGES_CACHE)).put(SCHEDULE_PAGE, page);
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // The hand-written worker before Workbox kept each version in laxcoach-precache-<version>,
      // a name cleanupOutdatedCaches() does not match (it has no scope in it).
      for (const name of await caches.keys()) {
        if (/^laxcoach-precache-[0-9a-f]{16}$/.test(name)) await caches.delete(name);
      }
      await saveSchedule().catch(() => undefined);
    })(),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "SKIP_WAITING") self.skipWaiting();
  if (type === "SAVE_SCHEDULE") event.waitUntil(saveSchedule().catch(() => undefined));
  if (type === "CLEAR_PERSONAL_DATA") {
    const done = Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
    event.waitUntil(done.then(() => event.ports[0] && event.ports[0].postMessage({ cleared: true })));
  }
});

self.addEventListener("push", (event) => {
  let payload = { title: "LaxCoach", body: "", url: "/" };
  try {
    payload = { ...payload, ...event.data.json() };
  } catch {
    // A push without a JSON body still shows something.
  }
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: payload.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  // Only this app's pages are opened.
  const href = target.origin === self.location.origin ? target.href : self.location.origin + "/";
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(href);
      }
      return self.clients.openWindow(href);
    })(),
  );
});
