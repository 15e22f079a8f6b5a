/**
 * GET /api/schedule (DESIGN 12, In the pocket): the signed-in user's confirmed sessions of the next
 * 14 days with what is needed at the field, kept by the service worker to open with no connection.
 * Zod-free: the page and the service worker read it.
 */
export const OFFLINE_SCHEDULE_DAYS = 14;

export type ScheduleSession = {
  bookingId: number;
  startsAt: string;
  endsAt: string;
  /** The coach's zone, in which the time is shown with its name ("4:00 PM EDT"). */
  timeZone: string;
  sessionType: "individual" | "group";
  locationName: string | null;
  locationAddress: string | null;
  /** The slot's notes (gate codes) and the booking's own. */
  locationNotes: string | null;
  notes: string | null;
  /** Who the session is for (the family's athlete), for a coach's list and a family of several athletes. */
  athleteName: string | null;
  /** The other side: the coach for a family, the family's contact for a coach. */
  otherSide: { role: "coach" | "family"; name: string; phone: string | null };
};

export type ScheduleResponse = {
  /** When the server answered: the page shows "Saved at 8:05 AM" from it. */
  savedAt: string;
  sessions: ScheduleSession[];
};

export const SCHEDULE_API_PATH = "/api/schedule";
