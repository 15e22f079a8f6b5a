import { z } from "zod";
import { OptionalAthleteIdSchema } from "./families";

/** The schemas and answers of the waitlists for full group slots (issue 16); their texts are in `waitlist-basics.ts`. */

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
