import { queryOptions, type Query } from "@tanstack/react-query";
import type { CoachResponse } from "../../contract/coaches";
import type { ContentBlock, Testimonial } from "../../contract/content";
import type { CoachProfile } from "../../contract/search";
import { ApiError, apiGet } from "./api-client";

/**
 * Every query key starts with the URL it reads, so a refresh after a change (and the live calendar
 * channel) can match by URL prefix without one feature importing another's keys. The resources
 * that several features read are defined here, once; each feature's `api/keys.ts` holds its own.
 */
export const sharedKeys = {
  currentUser: ["/api/auth/user"] as const,
  /** Any slot list of any coach. */
  slots: ["/api/time-slots"] as const,
  /** Every booking read by id; the lists have their own URLs, matched by `isUnderUrl("/api/bookings")`. */
  bookingsById: ["/api/bookings"] as const,
  booking: (id: number) => ["/api/bookings", id] as const,
  coachOfUser: (userId: number) => ["/api/coaches/user", userId] as const,
  /** Every coach's public profile (`coachPublicProfile(id)` extends it). */
  coachPublicProfiles: ["/api/coaches/profile"] as const,
  coachPublicProfile: (coachId: number) => ["/api/coaches/profile", coachId] as const,
  /** The player's waitlist entries: a cancelled booking can move them up. */
  myWaitlist: ["/api/waitlist/mine"] as const,
  /** The coach's earnings: payouts shows them, a session's feedback or cancellation changes them. */
  coachEarnings: ["/api/coaches/me/earnings"] as const,
  contentBlocks: ["/api/content-blocks"] as const,
  testimonials: ["/api/testimonials"] as const,
};

/** Matches every query whose URL starts with one of the prefixes ("/api/bookings" matches "/api/bookings/coach"). */
export const isUnderUrl =
  (...prefixes: string[]) =>
  (query: Query): boolean => {
    const head = query.queryKey[0];
    return typeof head === "string" && prefixes.some((prefix) => head.startsWith(prefix));
  };

/** The coach profile of a user, or null when they have none yet (404). */
export async function getCoachOfUser(userId: number): Promise<CoachResponse | null> {
  try {
    return await apiGet<CoachResponse>(`/api/coaches/user/${userId}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const coachOfUserQuery = (userId: number) =>
  queryOptions({ queryKey: sharedKeys.coachOfUser(userId), queryFn: () => getCoachOfUser(userId) });

/** GET /api/coaches/{id}/profile: what any signed-in user sees of a coach, with the next available slots. */
export const coachPublicProfileQuery = (coachId: number) =>
  queryOptions({
    queryKey: sharedKeys.coachPublicProfile(coachId),
    queryFn: () => apiGet<CoachProfile>(`/api/coaches/${coachId}/profile`),
  });

/** The landing page and the admin panel read the same lists, so an admin's change refreshes both. */
export const contentBlocksQuery = queryOptions({
  queryKey: sharedKeys.contentBlocks,
  queryFn: () => apiGet<ContentBlock[]>("/api/content-blocks"),
});
export const testimonialsQuery = queryOptions({
  queryKey: sharedKeys.testimonials,
  queryFn: () => apiGet<Testimonial[]>("/api/testimonials"),
});
