import ICAL from "ical.js";
import { OUTBOX_CALENDAR_MARKER } from "@server/adapters/mail";
import type { OutboxMessage } from "./test-app";

export type ParsedEvent = {
  uid: string;
  status: string | null;
  sequence: number;
  summary: string;
  location: string | null;
  description: string;
  /** The TZID DTSTART names. */
  tzid: string | null;
  /** DTSTART's wall-clock time as written ("16:00"). */
  localStart: string;
  /** The instants, resolved through the file's own VTIMEZONE. */
  startsAt: Date;
  endsAt: Date;
};

export type ParsedCalendar = { method: string | null; timezones: string[]; events: ParsedEvent[] };

/** Parses an iCalendar text with ical.js (an independent parser), resolving times through its VTIMEZONEs. */
export function parseCalendar(text: string): ParsedCalendar {
  const root = new ICAL.Component(ICAL.parse(text));
  const timezones = root.getAllSubcomponents("vtimezone").map((vtz) => {
    const zone = new ICAL.Timezone(vtz);
    ICAL.TimezoneService.register(zone, zone.tzid);
    return zone.tzid;
  });
  const events = root.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const dtstart = vevent.getFirstProperty("dtstart")!;
    const start = event.startDate;
    return {
      uid: event.uid,
      status: (vevent.getFirstPropertyValue("status") as string | null) ?? null,
      sequence: event.sequence,
      summary: event.summary,
      location: event.location || null,
      description: event.description,
      tzid: (dtstart.getParameter("tzid") as string | undefined) ?? null,
      localStart: `${String(start.hour).padStart(2, "0")}:${String(start.minute).padStart(2, "0")}`,
      startsAt: start.toJSDate(),
      endsAt: event.endDate.toJSDate(),
    };
  });
  return { method: (root.getFirstPropertyValue("method") as string | null) ?? null, timezones, events };
}

/** The calendar attached to an outbox e-mail, parsed; undefined when it has none. */
export function attachedCalendar(message: OutboxMessage): ParsedCalendar | undefined {
  const at = message.body.indexOf(OUTBOX_CALENDAR_MARKER);
  if (at < 0) return undefined;
  return parseCalendar(message.body.slice(at + OUTBOX_CALENDAR_MARKER.length).trim());
}
