/** Paths the simulated provider's pages may send the coach back to (never another site). */
const RETURN_PATHS = ["/coach-onboarding", "/coach/stripe-connect"];
export const DEFAULT_RETURN_PATH = "/coach/stripe-connect?success=true";
const SIMULATED_PROVIDER_PREFIX = "/payments/simulated/";

function parse(url: string, origin: string): URL | null {
  try {
    return new URL(url, origin);
  } catch {
    return null;
  }
}

/**
 * Where the browser goes for a provider link. The simulated provider's pages are served by this app,
 * but the server builds their links from APP_URL, which may name another host for the same app
 * (localhost vs 127.0.0.1, a proxy): those stay on the origin the coach is using. Stripe's links
 * are used as they are.
 */
export function providerNavigationUrl(url: string, origin: string): string {
  const parsed = parse(url, origin);
  if (parsed && parsed.pathname.startsWith(SIMULATED_PROVIDER_PREFIX)) return `${parsed.pathname}${parsed.search}`;
  return url;
}

/**
 * The return address of the simulated onboarding page, reduced to a path of this app. Only the
 * two pages that start onboarding are accepted, so the page can never be used to send a coach
 * to another site; anything else goes to the payment account page.
 */
export function safeReturnPath(value: string | null | undefined, origin: string): string {
  if (!value) return DEFAULT_RETURN_PATH;
  const parsed = parse(value, origin);
  if (!parsed || !RETURN_PATHS.includes(parsed.pathname)) return DEFAULT_RETURN_PATH;
  return `${parsed.pathname}${parsed.search}`;
}
