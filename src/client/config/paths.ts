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
  bookingCheckout: (bookingId?: number | string) => (bookingId ? `/booking-checkout/${bookingId}` : "/booking-checkout"),
  bookCoach: (id: number | string) => `/book-coach/${id}`,
  playerProfile: "/player-profile",
  /** The Messages page, or one conversation in it (issue 24). */
  messages: (conversationId?: number | string) => (conversationId ? `/messages/${conversationId}` : "/messages"),
} as const;

/** Finds or starts the family's conversation with a coach, then shows it (issue 24). */
export const messagesWithCoach = (coachId: number) => `/messages?coach=${coachId}`;
/** Finds or starts the coach's conversation with the family of this guardian, then shows it. */
export const messagesWithFamily = (guardianUserId: number) => `/messages?with=${guardianUserId}`;
