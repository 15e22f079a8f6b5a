import type { CurrentUser, UserType } from "./accounts";
import type { Position } from "./coach-basics";
import { needsPlayerSetup } from "./player-setup";

/**
 * The one page list: the page (src/client/app/routes/<module>.tsx) each client path shows, with its
 * shell and who may see it. The client's router is made from it; the server names the module's
 * chunks in the HTML of that path, so the browser fetches them with the entry chunk instead of
 * after it has run.
 */
export type PageModule =
  | "admin"
  | "athlete"
  | "athlete-progress"
  | "book-coach"
  | "booking-checkout"
  | "booking-success"
  | "coach-dashboard"
  | "coach-onboarding"
  | "coach-profile"
  | "coach-setup"
  | "family"
  | "family-invitation"
  | "find-coaches"
  | "forgot-password"
  | "home"
  | "landing"
  | "login"
  | "manage-slots"
  | "match-coaches"
  | "messages"
  | "my-bookings"
  | "my-session-requests"
  | "notification-settings"
  | "package-checkout"
  | "parent-contact-confirm"
  | "player-onboarding"
  | "place"
  | "player-profile"
  | "privacy-policy"
  | "reset-password"
  | "schedule"
  | "simulated-dashboard"
  | "simulated-onboarding"
  | "stripe-connect"
  | "terms-of-service"
  | "verify-email";

export interface PageRoute {
  path: string;
  module: PageModule;
  /** The path exists only for signed-in users (player-side 2); a visitor is sent to sign in. */
  signedIn: boolean;
  /** "shell": inside the navigation shell; "bare": a page of its own (the wizards, the simulated provider). */
  shell: "shell" | "bare";
  /** A player still in setup may open it; every other page sends them back to the wizard at /. */
  duringSetup: boolean;
  /** The user types that may see it (player-side 2, role guard); absent: any signed-in user. */
  roles?: readonly UserType[];
}

type Options = { shell?: "bare"; duringSetup?: true; roles?: readonly UserType[] };
const page = (path: string, module: PageModule, signedIn: boolean, options: Options = {}): PageRoute => ({
  path,
  module,
  signedIn,
  shell: options.shell ?? "shell",
  duringSetup: options.duringSetup ?? false,
  ...(options.roles ? { roles: options.roles } : {}),
});
const open = { duringSetup: true } as const;
const coachOnly = { roles: ["coach"] } as const;
const playerOnly = { roles: ["player"] } as const;

/**
 * The router's table, in the order it tries them (the root and /login, whose page depends on who is
 * signed in, are the router's own). Made from it: which pages a visitor may open, the shell, the
 * setup wizard's hold and the role guard (src/client/app/router.tsx); which chunks the server names in
 * a path's HTML (src/server/http/client-assets.ts).
 */
export const pageRoutes: readonly PageRoute[] = [
  page("/landing", "landing", false, open),
  page("/login", "login", false, { shell: "bare" }),
  page("/forgot-password", "forgot-password", false, open),
  page("/reset-password", "reset-password", false, open),
  page("/verify-email", "verify-email", false, open),
  page("/privacy-policy", "privacy-policy", false, open),
  page("/terms-of-service", "terms-of-service", false, open),
  page("/booking-success", "booking-success", false, open),
  page("/payments/simulated/onboarding", "simulated-onboarding", true, { shell: "bare", ...coachOnly }),
  page("/payments/simulated/dashboard", "simulated-dashboard", true, { shell: "bare", ...coachOnly }),
  page("/coach-onboarding", "coach-onboarding", true, { shell: "bare", ...coachOnly }),
  page("/player-onboarding", "player-onboarding", true, { shell: "bare" }),
  page("/coach/stripe-connect", "stripe-connect", true, coachOnly),
  page("/home", "home", true),
  // DESIGN 11 ("Looking before signing in"): search, profiles and open times are open to visitors.
  page("/find-coaches", "find-coaches", false),
  page("/coach-dashboard", "coach-dashboard", true, coachOnly),
  page("/coach-setup", "coach-setup", true, coachOnly),
  page("/coach/:id", "coach-profile", false),
  // DESIGN.md 12: a place's coaches (contract/place-pages.ts), lower case, found by parents searching a town.
  page("/coaches/:state/:city/:position?", "place", false),
  page("/my-bookings", "my-bookings", true),
  page("/my-session-requests", "my-session-requests", true, playerOnly),
  page("/admin", "admin", true, { roles: ["admin"] }),
  page("/manage-slots", "manage-slots", true, coachOnly),
  page("/match-coaches", "match-coaches", true),
  page("/booking-checkout/:bookingId?", "booking-checkout", true),
  page("/book-coach/:id", "book-coach", false),
  page("/package-checkout/:packageId", "package-checkout", true),
  page("/player-profile", "player-profile", true, playerOnly),
  page("/family", "family", true),
  // An invited guardian accepts before (or without) setting up a profile of their own.
  page("/family/invitations/:token", "family-invitation", true, open),
  // A parent contact confirms their address from the mailed link, with or without an account (DESIGN.md 12).
  page("/family/parent-contact/confirm", "parent-contact-confirm", false, open),
  page("/athletes/:id", "athlete", true),
  page("/athletes/:id/progress", "athlete-progress", true),
  page("/messages/:id?", "messages", true),
  // DESIGN 12 (In the pocket): the next 14 days, kept for the field by the service worker; the notification settings.
  page("/schedule", "schedule", true),
  page("/settings/notifications", "notification-settings", true),
];

/**
 * The public pages search engines may list (DESIGN.md 12, "Public pages on the server"), besides the
 * site root: answered with their content and head, named in the sitemap. Every other page carries
 * `noindex`. A list of its own, not a field of each route, so the client's entry (which holds
 * `pageRoutes`) does not carry it.
 */
export const LISTED_PAGES: readonly PageModule[] = [
  "landing",
  "find-coaches",
  "coach-profile",
  "book-coach",
  "place",
  "privacy-policy",
  "terms-of-service",
];

/**
 * The first screen the server paints for a signed-in user's page before any script has run: the
 * layout's own markup (the navigation shell, or a bare page's main area) with the page's skeleton,
 * drawn by the client's components (src/client/first-screen.tsx, built for Node beside the client).
 * The client shows its own in the same place once its shell has rendered.
 */
export type FirstScreenLayout = "shell" | "bare";
/** The page to paint: its layout, and its module when the path names one the user may see (not `/`, whose page depends on the user). */
export type FirstScreenPage = { layout: FirstScreenLayout; module: PageModule | null };
export type RenderFirstScreen = (user: CurrentUser, path: string, page: FirstScreenPage) => string;

/** Whether a user of this type may see the route's page (its role guard); the others read "Access Denied". */
export const mayOpen = (route: PageRoute, userType: UserType): boolean => !route.roles || route.roles.includes(userType);

/** What a signed-in user sees at `/` (player-side 2): a coach the dashboard, a player still in setup the wizard, anyone else Home. */
export function rootPageOf(user: {
  userType: UserType;
  phoneNumber: string | null;
  position: string | null;
  isInvitedGuardian?: boolean;
}): PageModule {
  if (user.userType === "coach") return "coach-dashboard";
  return needsPlayerSetup(user) ? "player-onboarding" : "home";
}

/**
 * A visitor's public page drawn on the server with the app's own components and then hydrated
 * (decision 016): the root, /landing, /find-coaches, /coach/{id}, /book-coach/{id}, the place pages
 * and the legal pages. The renderer is client code built for Node (src/client/public-pages.tsx); it names the
 * data a page reads (`needsOf`, with the client's own parsing of the path and query), the server
 * loads it through the same services as the API routes and hands it back, answered as the API
 * answers it, and the renderer puts it into the page's query cache under the client's own keys.
 */
export type PublicPageNeed =
  | { kind: "coach-profile"; coachId: number }
  | { kind: "bookable-slots"; coachId: number }
  | { kind: "search"; params: { position: string; zipcode: string; radius: number; includeUnavailable: boolean; verified: boolean } }
  | { kind: "content-blocks" }
  | { kind: "testimonials" }
  | { kind: "public-figures" }
  /** The places with most coaches (GET /api/places/popular), the landing page's links to them. */
  | { kind: "popular-places" }
  /** A place page's coaches (GET /api/places/{state}/{city}[/{position}]), state and city as its path names them. */
  | { kind: "place"; state: string; city: string; position: Position | null };

/**
 * A need with what the API would answer. `found: false`: the API answered 404 (an unknown coach),
 * or another 4xx (a search for an unknown ZIP code): the page draws what the app draws without
 * that data, and the client asks the API itself.
 */
export type LoadedPublicData =
  | { need: PublicPageNeed; found: true; data: unknown; nextCursor?: string | null }
  | { need: PublicPageNeed; found: false; status: number; message: string };

/** A public page as drawn: its markup (the app's root's content) and the queries it was drawn from (client lib/page-state.ts). */
export type RenderedPublicPage = { html: string; queries: unknown[] };

export interface PublicPageRenderer {
  /** What the page at this path reads; null when the path is not one drawn on the server. */
  needsOf(pathname: string, search: string): PublicPageNeed[] | null;
  render(pathname: string, search: string, loaded: readonly LoadedPublicData[]): Promise<RenderedPublicPage>;
}
