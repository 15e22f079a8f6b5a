import { sendNoticeEmail, sendNoticeSms } from "../notifications/notifications.service";
import { athleteFacts, athleteName } from "@contract/family-basics";
import type { SessionRequest } from "@contract/requests";
import type { FamilyAudience } from "../../db/families";
import type { AppDeps } from "../../deps";
import type { SessionPlace } from "@contract/places";
import { placeLines, placeSms, sessionWhen } from "../../notice-texts/session-text";
import type { Contact } from "../../db/people";
import { fullName } from "@contract/names";

/** When the requested session is, in the coach's zone and named ("4:00 PM EST"). */
function whenOf(request: SessionRequest) {
  const startsAt = new Date(request.requestedStartsAt);
  return sessionWhen(startsAt, new Date(startsAt.getTime() + request.duration * 60_000), request.timeZone);
}

/** "Mia Parker, age 11, Attack": the athlete the session is for (DESIGN.md 11). */
function athleteLine(request: SessionRequest): string[] {
  if (!request.athlete) return [];
  const name = athleteName(request.athlete);
  const facts = athleteFacts(request.athlete).replaceAll(" · ", ", ");
  return name ? [`Athlete: ${[name, facts].filter(Boolean).join(", ")}`] : [];
}

function requestLines(request: SessionRequest): string[] {
  const when = whenOf(request);
  const lines = [
    ...athleteLine(request),
    `Date: ${when.date}`,
    `Time: ${when.range}`,
    `Duration: ${request.duration} minutes`,
    `Session type: ${request.sessionType === "group" ? "Group" : "Individual"}`,
    `Total: $${request.totalAmount}`,
  ];
  if (request.message) lines.push(`Message: ${request.message}`);
  return lines;
}

/** `url`: the page a push opens (DESIGN 12). */
type Notice = { subject: string; text: string; sms: string; url: string };

/** Whom a notice reaches: the coach alone, or the family (every guardian, by the one audience rule). */
type Audience = Pick<FamilyAudience, "emails" | "phones">;

/** The coach: their e-mail, and their phone when they opted in to texts. */
const coachAudience = (coach: Contact): Audience => ({
  emails: [coach.email],
  phones: coach.smsOptIn && coach.phoneNumber ? [coach.phoneNumber] : [],
});

/**
 * An e-mail to each address, and an SMS to each phone (those who opted in). A lost message is
 * logged, never turned into an error: the request's change is already committed.
 */
async function notify(deps: AppDeps, to: Audience, notice: Notice, requestId: number): Promise<void> {
  for (const email of to.emails) {
    try {
      await sendNoticeEmail(deps, "request", { to: email, subject: notice.subject, text: notice.text }, { url: notice.url });
    } catch (err) {
      deps.logger.error({ err, requestId }, "could not send a session request e-mail");
    }
  }
  for (const phone of to.phones) {
    try {
      await sendNoticeSms(deps, "request", phone, notice.sms);
    } catch (err) {
      deps.logger.error({ err, requestId }, "could not send a session request SMS");
    }
  }
}

/** "Pat Player", or "Pat Player for Mia Parker" when a guardian asks for their athlete. */
function askerFor(request: SessionRequest, student: Contact): string {
  const who = fullName(student) || "A player";
  const athlete = request.athlete ? athleteName(request.athlete) : "";
  return athlete && athlete !== who ? `${who} for ${athlete}` : who;
}

export async function notifyCoachOfRequest(deps: AppDeps, request: SessionRequest, coach: Contact, student: Contact): Promise<void> {
  const who = askerFor(request, student);
  const link = `${deps.config.appUrl}/coach-dashboard`;
  await notify(
    deps,
    coachAudience(coach),
    {
      subject: `New session request from ${who} for ${whenOf(request).date} at ${whenOf(request).time}`,
      text: [
        `${who} would like a session with you.`,
        "",
        ...requestLines(request),
        "",
        "Accept or decline it on your dashboard before it expires (4 hours before the session):",
        link,
      ].join("\n"),
      sms: `New session request from ${who} for ${whenOf(request).date} at ${whenOf(request).time}. Review it: ${link}`,
      url: "/coach-dashboard",
    },
    request.id,
  );
}

/** The request became a booking on a slot: the student is told when and where (the slot's place, or "to be confirmed") and how to pay. */
export async function notifyStudentAccepted(
  deps: AppDeps,
  request: SessionRequest,
  family: Audience,
  booking: { id: number; place: SessionPlace },
): Promise<void> {
  const coach = fullName(request.coach.user) || "Your coach";
  const link = `${deps.config.appUrl}/booking-checkout/${booking.id}`;
  const when = whenOf(request);
  await notify(
    deps,
    family,
    {
      subject: `Session request accepted: ${coach} on ${when.date} at ${when.time}`,
      text: [
        `${coach} accepted your session request.`,
        "",
        ...requestLines(request),
        // Not paid yet: the location notes (gate codes) come with the confirmation once the seat is paid (DESIGN.md 12).
        ...placeLines({ ...booking.place, locationNotes: null }),
        "",
        `Complete payment: ${link}`,
      ].join("\n"),
      sms: `${coach} accepted your session request for ${when.date} at ${when.time}.${placeSms(booking.place)} Complete payment: ${link}`,
      url: `/booking-checkout/${booking.id}`,
    },
    request.id,
  );
}

export async function notifyStudentDeclined(deps: AppDeps, request: SessionRequest, family: Audience): Promise<void> {
  const coach = fullName(request.coach.user) || "Your coach";
  const link = `${deps.config.appUrl}/my-session-requests`;
  await notify(
    deps,
    family,
    {
      subject: `Session request declined: ${coach} on ${whenOf(request).date}`,
      text: [
        `${coach} declined your session request.`,
        ...(request.coachResponse ? ["", `Coach's response: ${request.coachResponse}`] : []),
        "",
        ...requestLines(request),
        "",
        `Your session requests: ${link}`,
        `Find another coach: ${deps.config.appUrl}/find-coaches`,
      ].join("\n"),
      sms: `Your session request for ${whenOf(request).date} at ${whenOf(request).time} was declined. Details: ${link}`,
      url: "/my-session-requests",
    },
    request.id,
  );
}

export async function notifyCoachCancelled(deps: AppDeps, request: SessionRequest, coach: Contact, student: Contact): Promise<void> {
  const who = askerFor(request, student);
  await notify(
    deps,
    coachAudience(coach),
    {
      subject: `Session request cancelled: ${who} on ${whenOf(request).date}`,
      text: [`${who} cancelled their session request.`, "", ...requestLines(request)].join("\n"),
      sms: `${who} cancelled their session request for ${whenOf(request).date} at ${whenOf(request).time}.`,
      url: "/coach-dashboard",
    },
    request.id,
  );
}

export async function notifyStudentExpired(deps: AppDeps, request: SessionRequest, family: Audience): Promise<void> {
  const coach = fullName(request.coach.user) || "The coach";
  const link = `${deps.config.appUrl}/find-coaches`;
  await notify(
    deps,
    family,
    {
      subject: `Session request expired: ${coach} on ${whenOf(request).date}`,
      text: [
        `${coach} did not answer your session request in time, so it has expired.`,
        "",
        ...requestLines(request),
        "",
        `Find another time: ${link}`,
      ].join("\n"),
      sms: `Your session request for ${whenOf(request).date} at ${whenOf(request).time} expired without a response. Find another time: ${link}`,
      url: "/my-session-requests",
    },
    request.id,
  );
}
