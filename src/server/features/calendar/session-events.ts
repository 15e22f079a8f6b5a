import { CANCEL_RULE_TEXT } from "@contract/calendar";
import { bookingUid, type SessionEvent } from "./ics";
import { sessionWhen } from "../../notice-texts/session-text";

/** What every calendar entry and reminder of a session is made from. */
export type SessionFacts = {
  bookingId: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  sessionType: "individual" | "group";
  durationMinutes: number;
  coachName: string;
  /** The athlete the seat is for (the account's name when the booking names none). */
  athleteName: string;
  /** What the coach sees beside the athlete's name: "age 11 · Attack" (DESIGN.md 11); empty when unknown. */
  athleteDetails?: string;
  locationName: string | null;
  locationAddress: string | null;
  locationNotes: string | null;
};

export type Audience = "student" | "coach";

export function placeOf(facts: Pick<SessionFacts, "locationName" | "locationAddress">): string | null {
  return [facts.locationName, facts.locationAddress].filter(Boolean).join(", ") || null;
}

/** "Saturday, December 5, 2026, 4:00 PM EST": the wall-clock time in the coach's zone, naming the zone. */
export function sessionStartText(instant: Date, timeZone: string): string {
  // One way to write a session's time in every message (notice-texts/session-text.ts): the zone named.
  const when = sessionWhen(instant, instant, timeZone);
  return `${when.date} at ${when.time}`;
}

export function sessionTitle(facts: SessionFacts, audience: Audience): string {
  return audience === "student" ? `Lacrosse session with ${facts.coachName}` : `Lacrosse session: ${facts.athleteName}`;
}

export function sessionEvent(facts: SessionFacts, audience: Audience, appUrl: string, cancelled: boolean): SessionEvent {
  const kind = facts.sessionType === "group" ? "Group" : "Individual";
  const description = [
    `${kind} session, ${facts.durationMinutes} minutes.`,
    audience === "student"
      ? `Coach: ${facts.coachName}`
      : `Student: ${facts.athleteName}${facts.athleteDetails ? ` (${facts.athleteDetails})` : ""}`,
    ...(facts.locationNotes ? [`Location notes: ${facts.locationNotes}`] : []),
    "",
    CANCEL_RULE_TEXT,
    `${appUrl}/my-bookings`,
  ].join("\n");
  return {
    uid: bookingUid(facts.bookingId, appUrl),
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    timeZone: facts.timeZone,
    summary: sessionTitle(facts, audience),
    description,
    location: placeOf(facts),
    cancelled,
    url: `${appUrl}/my-bookings`,
  };
}
