/** Every client route in one place (player-side 2). */
export const paths = {
  root: "/",
  login: "/login",
  landing: "/landing",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  verifyEmail: "/verify-email",
  privacyPolicy: "/privacy-policy",
  termsOfService: "/terms-of-service",
  bookingSuccess: "/booking-success",
  coachOnboarding: "/coach-onboarding",
  playerOnboarding: "/player-onboarding",
  stripeConnect: "/coach/stripe-connect",
  home: "/home",
  findCoaches: "/find-coaches",
  coachDashboard: "/coach-dashboard",
  coachSetup: "/coach-setup",
  coachProfile: (id: number | string) => `/coach/${id}`,
  myBookings: "/my-bookings",
  mySessionRequests: "/my-session-requests",
  admin: "/admin",
  manageSlots: "/manage-slots",
  matchCoaches: "/match-coaches",
  packageCheckout: (packageId: number | string) => `/package-checkout/${packageId}`,
  bookingCheckout: (bookingId?: number | string) => (bookingId ? `/booking-checkout/${bookingId}` : "/booking-checkout"),
  bookCoach: (id: number | string) => `/book-coach/${id}`,
  playerProfile: "/player-profile",
  family: "/family",
  parentContactConfirm: "/family/parent-contact/confirm",
  athlete: (id: number | string) => `/athletes/${id}`,
  athleteProgress: (id: number | string) => `/athletes/${id}/progress`,
  /** The Messages page, or one conversation in it (issue 24). */
  schedule: "/schedule",
  notificationSettings: "/settings/notifications",
  messages: (conversationId?: number | string) => (conversationId ? `/messages/${conversationId}` : "/messages"),
} as const;

/** The account menu's "Add an athlete": the family page with its add form open (DESIGN.md 11). */
export const addAthleteHref = `${paths.family}?add=athlete`;
/**
 * The login page, on the registration tab when asked, that brings a visitor back to `returnPath`
 * once signed in (DESIGN 11; lib/return-to.ts keeps the path). Here, in the entry chunk, so the
 * public pages that link to it load no extra file.
 */
export function signInHref(returnPath: string, options: { register?: boolean } = {}): string {
  const query = new URLSearchParams({ intent: "player" });
  if (options.register) query.set("tab", "register");
  query.set("next", returnPath);
  return `/login?${query.toString()}`;
}

/** Finds or starts the family's conversation with a coach, then shows it (issue 24). */
export const messagesWithCoach = (coachId: number) => `/messages?coach=${coachId}`;
/** Finds or starts the coach's conversation with the family of this guardian, then shows it. */
export const messagesWithFamily = (guardianUserId: number) => `/messages?with=${guardianUserId}`;

/** One checkout for several pending bookings of the family (siblings in one session, DESIGN.md 11). */
export const checkoutOfBookings = (bookingIds: readonly number[]) =>
  bookingIds.length === 1 ? paths.bookingCheckout(bookingIds[0]) : `${paths.bookingCheckout()}?bookingIds=${bookingIds.join(",")}`;
