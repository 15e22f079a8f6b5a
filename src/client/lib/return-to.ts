/**
 * Where a visitor was when an action needed an account (DESIGN 11: "Book & Pay" or "Request" sends
 * them to sign in or register and back to the same coach and slot). The login page keeps the path
 * for the tab; sign-in, registration or the player setup that follows it go there once.
 */
const KEY = "laxcoach.returnTo";

/** Only a path on this site: "/book-coach/4?slot=9", never "//evil.example" or "https://...". */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/^\/login(?:[?#/]|$)/.test(value)) return null;
  return value;
}

export function rememberReturnTo(path: string | null): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) sessionStorage.setItem(KEY, safe);
  } catch {
    // Storage refused (private mode): the visitor lands on the usual page instead.
  }
}

/** The remembered path, forgotten once read. */
export function takeReturnTo(): string | null {
  try {
    const path = safeReturnPath(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return path;
  } catch {
    return null;
  }
}
