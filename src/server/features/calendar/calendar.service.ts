import { sendNoticeEmail, sendNoticeSms } from "../notifications/notifications.service";
import { createHmac, timingSafeEqual } from "node:crypto";
import { CalendarMessages, CANCEL_RULE_TEXT, type CalendarTokenResponse } from "@contract/calendar";
import { BookingMessages } from "@contract/booking-basics";
import type { CalendarPart } from "../../adapters/mail";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http/errors";
import { athleteFacts, athleteName } from "@contract/family-basics";
import { familyAudience, isGuardianOfAthlete } from "../../db/families";
import type { UserRow } from "../accounts/sessions.repository";
import { deleteFeed, ensureFeedNonce, findFeedNonce, newFeedNonce } from "../../db/calendar-feeds";
import { toAthleteSummary } from "../families/families.service";
import * as repo from "./calendar.repository";
import { sessionsCalendar } from "./ics";
import { fullName } from "@contract/names";
import { placeOf, sessionEvent, sessionStartText, type Audience, type SessionFacts } from "./session-events";
import { present } from "../../present";

const HOUR_MS = 3_600_000;
/** Reminders go out this long before a session (DESIGN.md 10). */
export const REMINDER_LEAD_MS = 24 * HOUR_MS;
/** Past sessions stay in the feed this long, so last month's sessions do not vanish from calendars. */
const FEED_HISTORY_MS = 90 * 24 * HOUR_MS;

/** The athlete as a session names them (DESIGN.md 11), with their age and position for the coach. */
function athleteOf(row: repo.SessionRow, now: Date): { name: string; details: string } {
  const name = row.athlete ? athleteName(row.athlete) : "";
  if (!row.athlete || !name) return { name: fullName(row.student) || "A player", details: "" };
  return { name, details: athleteFacts(toAthleteSummary(row.athlete, now)) };
}

/**
 * A session's facts for a calendar or a message. The slot's location notes (gate codes) reach only
 * its coach and a family holding a paid seat (DESIGN.md 12): `withNotes` false leaves them out.
 */
function factsOf(row: repo.SessionRow, now: Date, withNotes = true): SessionFacts {
  const athlete = athleteOf(row, now);
  return {
    bookingId: row.bookingId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    timeZone: row.timeZone,
    sessionType: row.sessionType,
    durationMinutes: row.durationMinutes,
    coachName: fullName(row.coachUser) || "Your coach",
    athleteName: athlete.name,
    athleteDetails: athlete.details,
    locationName: row.locationName,
    locationAddress: row.locationAddress,
    locationNotes: withNotes ? row.locationNotes : null,
  };
}

/** A family holds a paid seat of the session: confirmed, taught or marked no-show (not cancelled). */
const holdsPaidSeat = (row: repo.SessionRow) => row.status === "confirmed" || row.status === "completed" || row.status === "no_show";

/** The .ics part of a confirmation (REQUEST) or cancellation (CANCEL) e-mail, same UID for both. */
export function sessionInvitation(deps: AppDeps, facts: SessionFacts, audience: Audience, method: "REQUEST" | "CANCEL"): CalendarPart {
  const event = sessionEvent(facts, audience, deps.config.appUrl, method === "CANCEL");
  return {
    method,
    filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
    content: sessionsCalendar(method === "CANCEL" ? "cancellation" : "invitation", [event], { stamp: deps.clock.now() }),
  };
}

/**
 * The cancelling .ics of a booking whose invitation went out (it was confirmed once); undefined
 * for a booking that never reached a calendar.
 */
export async function cancellationInvitation(deps: AppDeps, bookingId: number, audience: Audience): Promise<CalendarPart | undefined> {
  const row = await repo.findSession(deps.database.db, bookingId);
  if (!row?.confirmedAt) return undefined;
  // The family no longer holds the seat: its cancellation carries no gate code.
  return sessionInvitation(deps, factsOf(row, deps.clock.now(), audience === "coach"), audience, "CANCEL");
}

/** GET /api/bookings/{id}/calendar.ics: one booked session for its coach or a guardian of its athlete's family. */
export async function bookingCalendarFile(deps: AppDeps, user: UserRow, bookingId: number): Promise<string> {
  const row = await repo.findSession(deps.database.db, bookingId);
  const audience: Audience | undefined = !row
    ? undefined
    : row.coachUser.id === user.id
      ? "coach"
      : (await isGuardianOfAthlete(deps.database.db, user.id, row.athlete?.id ?? null))
        ? "student"
        : undefined;
  if (!row || !audience) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  if (row.status !== "confirmed" && row.status !== "completed") throw conflict(CalendarMessages.NOT_CONFIRMED);
  const event = sessionEvent(factsOf(row, deps.clock.now()), audience, deps.config.appUrl, false);
  return sessionsCalendar("feed", [event], { stamp: deps.clock.now() });
}

function feedSignature(deps: AppDeps, userId: number, nonce: string): string {
  return createHmac("sha256", deps.config.sessionSecret).update(`calendar-feed:${userId}:${nonce}`).digest("base64url");
}

function feedToken(deps: AppDeps, userId: number, nonce: string): string {
  return `${userId}.${feedSignature(deps, userId, nonce)}`;
}

function tokenResponse(deps: AppDeps, token: string): CalendarTokenResponse {
  return { token, url: `${deps.config.appUrl}/api/calendar.ics?token=${encodeURIComponent(token)}` };
}

/** GET /api/calendar/token: the user's feed token, made on first use and the same until revoked. */
export async function getFeedToken(deps: AppDeps, user: UserRow): Promise<CalendarTokenResponse> {
  const db = deps.database.db;
  const nonce = (await findFeedNonce(db, user.id)) ?? (await ensureFeedNonce(db, user.id, newFeedNonce(), deps.clock.now()));
  return tokenResponse(deps, feedToken(deps, user.id, nonce));
}

/** DELETE /api/calendar/token: the old link stops working at once; the next GET makes a new one. */
export async function revokeFeedToken(deps: AppDeps, user: UserRow): Promise<void> {
  await deleteFeed(deps.database.db, user.id);
}

/** GET /api/calendar.ics?token=...: every session of the token's user, in the coach's zone. */
export async function calendarFeed(deps: AppDeps, token: unknown): Promise<string> {
  if (typeof token !== "string" || token.length === 0) throw badRequest(CalendarMessages.TOKEN_REQUIRED, "token");
  const match = /^(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw notFound(CalendarMessages.FEED_NOT_FOUND);
  const userId = Number(match[1]);
  const nonce = await findFeedNonce(deps.database.db, userId);
  if (!nonce) throw notFound(CalendarMessages.FEED_NOT_FOUND);
  const expected = Buffer.from(feedSignature(deps, userId, nonce));
  const given = Buffer.from(match[2] ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound(CalendarMessages.FEED_NOT_FOUND);

  const now = deps.clock.now();
  const rows = await repo.listSessionsOfUser(deps.database.db, userId, new Date(now.getTime() - FEED_HISTORY_MS));
  const events = rows.map((row) => {
    const isCoach = row.coachUser.id === userId;
    return sessionEvent(
      factsOf(row, now, isCoach || holdsPaidSeat(row)),
      isCoach ? "coach" : "student",
      deps.config.appUrl,
      row.status === "cancelled",
    );
  });
  return sessionsCalendar("feed", events, { name: "Lacrosse sessions", stamp: now });
}

/**
 * Sweep: 24 hours before each confirmed session, one reminder to each student and one to the
 * coach of the session (e-mail, and SMS where they opted in). Claimed in the database before
 * sending, so any number of processes send each reminder once; a process that dies between the
 * claim and the send loses that reminder rather than sending it twice.
 */
export async function sendDueReminders(deps: AppDeps, options: { batchSize?: number } = {}): Promise<number> {
  const db = deps.database.db;
  let sent = 0;
  for (let round = 0; round < 20; round++) {
    const now = deps.clock.now();
    const claimed = await db.transaction(async (tx) => {
      const students = await repo.claimDueReminders(tx, now, REMINDER_LEAD_MS, options.batchSize ?? 100);
      const coachSlots = await repo.claimCoachReminders(tx, [...new Set(students.map((s) => s.timeSlotId))], now);
      return { students, coachSlots };
    });
    if (claimed.students.length === 0) break;
    for (const row of claimed.students) {
      // Every guardian of the athlete's family, each by their own opt-in (DESIGN.md 11).
      await remind(deps, await familyAudience(db, { athleteId: row.athlete?.id ?? null, userId: row.student.id }, now), [row], "student");
    }
    for (const slotId of claimed.coachSlots) {
      const rows = await repo.listConfirmedInSlot(db, slotId);
      const coach = rows[0]?.coachUser;
      if (coach) {
        await remind(
          deps,
          { emails: [coach.email], phones: coach.smsOptIn && coach.phoneNumber ? [coach.phoneNumber] : [] },
          rows,
          "coach",
        );
      }
    }
    sent += claimed.students.length;
  }
  return sent;
}

async function remind(
  deps: AppDeps,
  to: { emails: string[]; phones: string[] },
  rows: repo.SessionRow[],
  audience: Audience,
): Promise<void> {
  const now = deps.clock.now();
  const first = factsOf(present(rows[0], "a session to remind of"), now);
  const when = sessionStartText(first.startsAt, first.timeZone);
  const place = placeOf(first) ?? "the place your coach shares with you";
  const who =
    audience === "student"
      ? `with ${first.coachName}`
      : `with ${rows
          .map((r) => {
            const athlete = athleteOf(r, now);
            return athlete.details ? `${athlete.name} (${athlete.details.replaceAll(" · ", ", ")})` : athlete.name;
          })
          .join(", ")}`;
  const lines = [
    `Reminder: your lacrosse session ${who} is tomorrow.`,
    "",
    ...(audience === "student" ? [`Athlete: ${first.athleteName}`] : []),
    `When: ${when}`,
    `Where: ${place}`,
    ...(first.locationNotes ? [`Location notes: ${first.locationNotes}`] : []),
    `Length: ${first.durationMinutes} minutes`,
    "",
    CANCEL_RULE_TEXT,
    `Your bookings: ${deps.config.appUrl}/my-bookings`,
  ];
  for (const email of to.emails) {
    try {
      await sendNoticeEmail(
        deps,
        "reminder",
        { to: email, subject: `Reminder: lacrosse session ${when}`, text: lines.join("\n") },
        { url: audience === "coach" ? "/coach-dashboard" : "/my-bookings", title: "Session tomorrow", body: `${who}, ${when} at ${place}` },
      );
    } catch (err) {
      deps.logger.error({ err, bookingId: first.bookingId }, "could not send a session reminder e-mail");
    }
  }
  for (const phone of to.phones) {
    try {
      await sendNoticeSms(deps, "reminder", phone, `Reminder: lacrosse session ${who} ${when} at ${place}. ${CANCEL_RULE_TEXT}`);
    } catch (err) {
      deps.logger.error({ err, bookingId: first.bookingId }, "could not send a session reminder SMS");
    }
  }
}
