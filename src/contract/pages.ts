import type { CurrentUser, UserType } from "./accounts";
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
  | "package-checkout"
  | "parent-contact-confirm"
  | "player-onboarding"
  | "player-profile"
  | "privacy-policy"
  | "reset-password"
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
