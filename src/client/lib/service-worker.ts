/**
 * Personal data the app keeps on the device (DESIGN 12, In the pocket): the service worker's
 * personal caches (src/client/sw.js) and local copies. Registration and the update
 * prompt are public/sw-register.js.
 */

/** Local copies of personal data the app keeps besides the worker's caches. */
const PERSONAL_STORAGE_KEYS = ["lastCoachSearch"];

/**
 * Signing out (or in as someone else): every cache of personal data goes. The worker's personal
 * caches are deleted here directly (Cache Storage is the page's too) and the worker is told, and
 * the local copies are removed. The build's own files (Workbox's laxcoach-precache-v2-<scope>) hold nothing personal.
 */
export async function clearPersonalData(): Promise<void> {
  try {
    for (const key of PERSONAL_STORAGE_KEYS) window.localStorage.removeItem(key);
  } catch {
    // storage disabled: nothing kept
  }
  if (typeof caches !== "undefined") {
    const names = await caches.keys().catch(() => [] as string[]);
    await Promise.all(names.filter((name) => !name.startsWith("laxcoach-precache-")).map((name) => caches.delete(name)));
  }
  navigator.serviceWorker?.controller?.postMessage({ type: "CLEAR_PERSONAL_DATA" });
}
