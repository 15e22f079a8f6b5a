/**
 * The page (src/client/app/routes/<module>.tsx) each client path shows, in the order the router
 * tries them. The client's router loads the module; the server names the module's chunks in the
 * HTML of that path, so the browser fetches them with the entry chunk instead of after it has run.
 * `signedIn`: the path exists only for signed-in users (player-side 2); a visitor is sent away.
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
  signedIn: boolean;
}

const page = (path: string, module: PageModule, signedIn: boolean): PageRoute => ({ path, module, signedIn });

export const pageRoutes: readonly PageRoute[] = [
  page("/landing", "landing", false),
  page("/login", "login", false),
  page("/forgot-password", "forgot-password", false),
  page("/reset-password", "reset-password", false),
  page("/verify-email", "verify-email", false),
  page("/privacy-policy", "privacy-policy", false),
  page("/terms-of-service", "terms-of-service", false),
  page("/booking-success", "booking-success", false),
  page("/payments/simulated/onboarding", "simulated-onboarding", false),
  page("/payments/simulated/dashboard", "simulated-dashboard", false),
  page("/coach-onboarding", "coach-onboarding", true),
  page("/player-onboarding", "player-onboarding", true),
  page("/coach/stripe-connect", "stripe-connect", true),
  page("/home", "home", true),
  // DESIGN 11 ("Looking before signing in"): search, profiles and open times are open to visitors.
  page("/find-coaches", "find-coaches", false),
  page("/coach-dashboard", "coach-dashboard", true),
  page("/coach-setup", "coach-setup", true),
  page("/coach/:id", "coach-profile", false),
  page("/my-bookings", "my-bookings", true),
  page("/my-session-requests", "my-session-requests", true),
  page("/admin", "admin", true),
  page("/manage-slots", "manage-slots", true),
  page("/match-coaches", "match-coaches", true),
  page("/booking-checkout/:bookingId?", "booking-checkout", true),
  page("/book-coach/:id", "book-coach", false),
  page("/package-checkout/:packageId", "package-checkout", true),
  page("/player-profile", "player-profile", true),
  page("/family", "family", true),
  page("/family/invitations/:token", "family-invitation", true),
  page("/athletes/:id", "athlete", true),
  page("/athletes/:id/progress", "athlete-progress", true),
  page("/messages/:id?", "messages", true),
];
