import type { SessionRequest } from "@contract/requests";
import type { AppDeps } from "../../deps";
import type { SessionPlace } from "@contract/places";
import { placeLines, placeSms, sessionWhen } from "../../messages/session-text";
import type { Contact } from "./requests.repository";

const fullName = (c: Pick<Contact, "firstName" | "lastName">, fallback: string) =>
  [c.firstName, c.lastName].filter(Boolean).join(" ").trim() || fallback;

/** When the requested session is, in the coach's zone and named ("4:00 PM EST"). */
function whenOf(request: SessionRequest) {
  const startsAt = new Date(request.requestedStartsAt);
  return sessionWhen(startsAt, new Date(startsAt.getTime() + request.duration * 60_000), request.timeZone);
}

function requestLines(request: SessionRequest): string[] {
  const when = whenOf(request);
  const lines = [
    `Date: ${when.date}`,
    `Time: ${when.range}`,
    `Duration: ${request.duration} minutes`,
    `Session type: ${request.sessionType === "group" ? "Group" : "Individual"}`,
    `Total: $${request.totalAmount}`,
  ];
  if (request.message) lines.push(`Message: ${request.message}`);
  return lines;
}

type Notice = { subject: string; text: string; sms: string };

/**
 * An e-mail, and an SMS when the person opted in and has a phone number. A lost message is logged,
 * never turned into an error: the request's change is already committed.
 */
async function notify(deps: AppDeps, to: Contact, notice: Notice, requestId: number): Promise<void> {
  try {
    await deps.mailer.send({ to: to.email, subject: notice.subject, text: notice.text });
  } catch (err) {
    deps.logger.error({ err, requestId }, "could not send a session request e-mail");
  }
  if (!to.smsOptIn || !to.phoneNumber) return;
  try {
    await deps.sms.send(to.phoneNumber, notice.sms);
  } catch (err) {
    deps.logger.error({ err, requestId }, "could not send a session request SMS");
  }
}

export async function notifyCoachOfRequest(deps: AppDeps, request: SessionRequest, coach: Contact, student: Contact): Promise<void> {
  const who = fullName(student, "A player");
  const link = `${deps.config.appUrl}/coach-dashboard`;
  await notify(
    deps,
    coach,
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
    },
    request.id,
  );
}

/** The request became a booking on a slot: the student is told when and where (the slot's place, or "to be confirmed") and how to pay. */
export async function notifyStudentAccepted(
  deps: AppDeps,
  request: SessionRequest,
  student: Contact,
  booking: { id: number; place: SessionPlace },
): Promise<void> {
  const coach = fullName(request.coach.user, "Your coach");
  const link = `${deps.config.appUrl}/booking-checkout/${booking.id}`;
  const when = whenOf(request);
  await notify(
    deps,
    student,
    {
      subject: `Session request accepted: ${coach} on ${when.date} at ${when.time}`,
      text: [
        `${coach} accepted your session request.`,
        "",
        ...requestLines(request),
        ...placeLines(booking.place),
        "",
        `Complete payment: ${link}`,
      ].join("\n"),
      sms: `${coach} accepted your session request for ${when.date} at ${when.time}.${placeSms(booking.place)} Complete payment: ${link}`,
    },
    request.id,
  );
}

export async function notifyStudentDeclined(deps: AppDeps, request: SessionRequest, student: Contact): Promise<void> {
  const coach = fullName(request.coach.user, "Your coach");
  const link = `${deps.config.appUrl}/my-session-requests`;
  await notify(
    deps,
    student,
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
    },
    request.id,
  );
}

export async function notifyCoachCancelled(deps: AppDeps, request: SessionRequest, coach: Contact, student: Contact): Promise<void> {
  const who = fullName(student, "A player");
  await notify(
    deps,
    coach,
    {
      subject: `Session request cancelled: ${who} on ${whenOf(request).date}`,
      text: [`${who} cancelled their session request.`, "", ...requestLines(request)].join("\n"),
      sms: `${who} cancelled their session request for ${whenOf(request).date} at ${whenOf(request).time}.`,
    },
    request.id,
  );
}

export async function notifyStudentExpired(deps: AppDeps, request: SessionRequest, student: Contact): Promise<void> {
  const coach = fullName(request.coach.user, "The coach");
  const link = `${deps.config.appUrl}/find-coaches`;
  await notify(
    deps,
    student,
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
    },
    request.id,
  );
}
