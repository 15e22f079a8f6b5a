import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

export type SessionEvent = {
  /** Stable per booking, so a cancellation replaces the invitation it answers. */
  uid: string;
  startsAt: Date;
  endsAt: Date;
  /** The coach's IANA zone: times are written in it with TZID and a VTIMEZONE. */
  timeZone: string;
  summary: string;
  description: string;
  location: string | null;
  cancelled: boolean;
  url?: string;
};

export type CalendarKind = "invitation" | "cancellation" | "feed";

/**
 * An RFC 5545 calendar of sessions. Times are wall-clock times in the coach's zone (TZID) with a
 * VTIMEZONE for each zone, so every calendar shows the session where and when it happens.
 * A cancellation keeps the UID and raises SEQUENCE, which is how clients know to remove it.
 */
export function sessionsCalendar(kind: CalendarKind, events: SessionEvent[], options: { name?: string; stamp: Date }): string {
  const calendar = ical({
    prodId: { company: "Lacrosse Coaching", product: "Sessions", language: "EN" },
    ...(kind === "invitation"
      ? { method: ICalCalendarMethod.REQUEST }
      : kind === "cancellation"
        ? { method: ICalCalendarMethod.CANCEL }
        : {}),
    ...(options.name ? { name: options.name } : {}),
  });
  // No calendar-wide zone: DTSTAMP stays UTC, and each event names its own zone.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.cancelled ? 1 : 0,
      stamp: options.stamp,
      start: new TZDate(event.startsAt.getTime(), event.timeZone),
      end: new TZDate(event.endsAt.getTime(), event.timeZone),
      timezone: event.timeZone,
      summary: event.summary,
      description: event.description,
      location: event.location,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(event.url ? { url: event.url } : {}),
    });
  }
  return calendar.toString();
}

/** The UID of a booking's event: the same in invitations, cancellations, downloads and feeds. */
export function bookingUid(bookingId: number, appUrl: string): string {
  return `booking-${bookingId}@${new URL(appUrl).hostname}`;
}
