import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { directionsUrl, PLACE_TO_BE_CONFIRMED, placeText, type SessionPlace } from "../../contract/places";

/**
 * How every e-mail and SMS writes when and where a session is. A message is read wherever its
 * reader happens to be, so its times always name the coach's zone ("4:00 PM EST", DESIGN.md 10),
 * and its place carries the address and a "Get directions" link.
 */

function zoneAbbreviation(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(instant);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

export type SessionWhen = {
  /** "Monday, November 23, 2026" */
  date: string;
  /** "4:00 PM EST" */
  time: string;
  /** "4:00 PM - 5:00 PM EST" */
  range: string;
};

export function sessionWhen(startsAt: Date, endsAt: Date, timeZone: string): SessionWhen {
  const start = new TZDate(startsAt.getTime(), timeZone);
  const end = new TZDate(endsAt.getTime(), timeZone);
  const zone = zoneAbbreviation(startsAt, timeZone);
  return {
    date: format(start, "EEEE, MMMM d, yyyy"),
    time: `${format(start, "h:mm a")} ${zone}`,
    range: `${format(start, "h:mm a")} - ${format(end, "h:mm a")} ${zone}`,
  };
}

/** The place lines of an e-mail: name, address, the coach's notes and the directions link. */
export function placeLines(place: SessionPlace): string[] {
  const name = place.locationName?.trim();
  const address = place.locationAddress?.trim();
  if (!name && !address) return [`Location: ${PLACE_TO_BE_CONFIRMED}`];
  const lines: string[] = [];
  if (name) lines.push(`Location: ${name}`);
  if (address) lines.push(`Address: ${address}`);
  if (place.locationNotes?.trim()) lines.push(`Location notes: ${place.locationNotes.trim()}`);
  const url = directionsUrl(place);
  if (url) lines.push(`Get directions: ${url}`);
  return lines;
}

/**
 * The place in one SMS sentence, never left out: " Place: Riverside Park, 100 Main St. Directions:
 * https://...", or " Place: Location to be confirmed by your coach." while the slot has none.
 */
export function placeSms(place: SessionPlace): string {
  const text = placeText(place);
  if (!text) return ` Place: ${PLACE_TO_BE_CONFIRMED}.`;
  const url = directionsUrl(place);
  return ` Place: ${text}.${url ? ` Directions: ${url}` : ""}`;
}
