/** Calendar feeds and "Add to calendar" links (DESIGN.md 10, "Calendar and reminders"). */

/** GET /api/calendar/token: the private feed's token and its full URL. */
export type CalendarTokenResponse = { token: string; url: string };

export const CalendarMessages = {
  TOKEN_REQUIRED: "A calendar token is required.",
  FEED_NOT_FOUND: "Calendar feed not found. It may have been revoked; get a new link from My Bookings.",
  NOT_CONFIRMED: "Only booked sessions can be added to a calendar.",
} as const;

/** The cancellation rule every reminder repeats (player-side 10, the Terms). */
export const CANCEL_RULE_TEXT =
  "Cancellations at least 24 hours before the start get a full refund; later than that, please message your coach.";

/** yyyyMMddTHHmmssZ, the UTC form Google Calendar's template link reads. */
function utcStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * Google Calendar's "create event" link. Times are sent as UTC instants and `ctz` names the
 * coach's zone, so Google shows the session at the coach's wall-clock time.
 */
export function googleCalendarUrl(event: {
  title: string;
  startsAt: string;
  endsAt: string;
  /** The coach's zone when known; without it Google shows the instant in the viewer's zone. */
  timeZone?: string;
  details?: string;
  location?: string;
}): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${utcStamp(event.startsAt)}/${utcStamp(event.endsAt)}`,
  });
  if (event.timeZone) params.set("ctz", event.timeZone);
  if (event.details) params.set("details", event.details);
  if (event.location) params.set("location", event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
