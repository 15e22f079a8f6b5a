import { z } from "zod";
import { OptionalAthleteIdSchema } from "./families";

/** Waitlists for full group slots (issue 16). */

/** How long a seat offered to the first player on the waitlist is held for them. */
export const WAITLIST_HOLD_MINUTES = 30;

export const WaitlistMessages = {
  ONLY_PLAYERS: "Only players can join a waitlist.",
  ONLY_GROUP: "Only group sessions have a waitlist.",
  NOT_FULL: "This session still has seats. Book it instead.",
  SLOT_CLOSED: "This session is no longer open.",
  ALREADY_BOOKED: "You already have a booking for this session.",
  ALREADY_WAITING: "You are already on the waitlist for this session.",
  ENTRY_NOT_FOUND: "Waitlist place not found",
  JOINED: "You are on the waitlist. We will e-mail you if a seat opens up.",
} as const;

export type WaitlistStatus = "waiting" | "offered" | "booked" | "lapsed" | "left";

/** A player's waitlist place as My Bookings shows it. */
export type WaitlistEntry = {
  id: number;
  /** The athlete the place is for (DESIGN.md 11). */
  athleteId: number | null;
  athleteName: string;
  timeSlotId: number;
  coachId: number;
  coachName: string;
  status: WaitlistStatus;
  /** 1 for the next player to be offered a seat; null once offered or closed. */
  position: number | null;
  /** The held booking to pay, while the offer lasts. */
  bookingId: number | null;
  holdExpiresAt: string | null;
  /** The slot, in the coach's zone. */
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  startsAt: string;
  locationName: string | null;
  createdAt: string;
};

/** POST /api/time-slots/{id}/waitlist: the athlete the place is for (default: the family's first). */
export const JoinWaitlistRequestSchema = z.object({ athleteId: OptionalAthleteIdSchema });
