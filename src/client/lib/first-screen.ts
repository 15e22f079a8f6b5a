import { useLayoutEffect } from "react";

/**
 * The server paints a signed-in user's first screen before any script has run (the shell and the
 * page's skeleton, in `#first-screen`, inert), and sends the app's own root hidden
 * (http/client-assets.ts). Once the app has drawn its layout, it takes that place: the server's
 * copy goes and the root shows in the same frame, before the browser paints, so nothing on the
 * screen moves. Until then whatever the app draws in its root (a loading skeleton) stays hidden.
 */
export function showApp(): void {
  const firstScreen = document.getElementById("first-screen");
  if (!firstScreen) return;
  firstScreen.remove();
  document.getElementById("root")?.removeAttribute("hidden");
}

/** Shows the app in place of the server's first screen when the calling layout has rendered. */
export function useShowApp(): void {
  useLayoutEffect(showApp, []);
}
