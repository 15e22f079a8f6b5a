import { noticeEmailsInTransaction, sendNoticeEmails, type Notice } from "../notifications/notifications.service";
import type { NoticesInTransaction } from "../../adapters/message-outbox";
import type { Booking } from "@contract/bookings";
import { PAID_WITH_CREDIT } from "@contract/family-basics";
import { athleteFacts } from "@contract/family-basics";
import type { AppDeps } from "../../deps";
import { centsToDecimal } from "@contract/money";
import { sessionInvitation } from "../calendar/calendar.service";
import type { SessionFacts } from "../calendar/session-events";
import { placeLines, sessionWhen } from "../../notice-texts/session-text";
import { fullName } from "@contract/names";

const whenOf = (booking: Booking) => sessionWhen(new Date(booking.startsAt), new Date(booking.endsAt), booking.timeZone);

function sessionLines(booking: Booking): string[] {
  const type = booking.sessionType === "group" ? "Group" : "Individual";
  const when = whenOf(booking);
  return [
    `Coach: ${booking.coachName}`,
    `Date: ${when.date}`,
    `Time: ${when.range}`,
    `Duration: ${booking.duration} minutes`,
    `Session type: ${type}`,
    ...placeLines(booking.timeSlot),
  ];
}

/** The athlete the session is for (DESIGN.md 11), else the account's name. */
function athleteName(booking: Booking): string {
  const a = booking.athlete;
  const fromAthlete = fullName(a);
  if (fromAthlete) return fromAthlete;
  const s = booking.student;
  return fullName(s) || "A player";
}

/** "Mia Parker, age 11, Attack". */
function athleteLabel(booking: Booking): string {
  const a = booking.athlete;
  if (!a) return "";
  return [athleteName(booking), a.age !== null ? `age ${a.age}` : null, a.position].filter(Boolean).join(", ");
}

/** How the coach reaches the family of a paid seat: each guardian (DESIGN.md 11), else the account that booked. */
function contactLines(booking: Booking): string[] {
  const guardians = booking.guardians ?? [];
  if (guardians.length === 0) {
    return [
      `Student e-mail: ${booking.student?.email ?? ""}`,
      ...(booking.student?.phoneNumber ? [`Student phone: ${booking.student.phoneNumber}`] : []),
    ];
  }
  return guardians.map((g) => {
    const name = fullName(g) || "Guardian";
    return `Guardian: ${[name, g.email, g.phoneNumber].filter(Boolean).join(", ")}`;
  });
}

/** The calendar facts of a booking; `timeZone` is the coach's. */
export function bookingFacts(booking: Booking, timeZone: string): SessionFacts {
  return {
    bookingId: booking.id,
    startsAt: new Date(booking.startsAt),
    endsAt: new Date(booking.endsAt),
    timeZone,
    sessionType: booking.sessionType,
    durationMinutes: booking.duration,
    coachName: booking.coachName,
    athleteName: athleteName(booking),
    athleteDetails: athleteFacts(booking.athlete),
    locationName: booking.timeSlot.locationName,
    locationAddress: booking.timeSlot.locationAddress,
    locationNotes: booking.timeSlot.locationNotes,
  };
}

/** One e-mail to the student and one to the coach when a booking is paid, each with a calendar invitation. */
export async function sendBookingConfirmedEmails(
  deps: AppDeps,
  booking: Booking,
  to: { family: string[]; coach: string },
  timeZone: string,
): Promise<void> {
  await sendNoticeEmails(deps, "booking", bookingConfirmedNotices(deps, booking, to, timeZone));
}

/**
 * The confirmation e-mails of a booking paid in a transaction: their outbox rows to write in it
 * (`inTransaction`, absent when a mailer stands in the outbox's place or the e-mails could not be
 * made), and `deliver`, after the commit, given what the rows' write answered (or sending them
 * then, when no rows were written). A lost e-mail never fails the booking: errors are logged.
 */
export type BookingConfirmation = { inTransaction?: NoticesInTransaction; deliver: (claimed: unknown) => Promise<void> };

export function bookingConfirmation(
  deps: AppDeps,
  booking: Booking,
  to: { family: string[]; coach: string },
  timeZone: string,
): BookingConfirmation {
  const logged = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      deps.logger.error({ err, bookingId: booking.id }, "could not send a booking e-mail");
    }
  };
  let notices: Notice[];
  try {
    notices = bookingConfirmedNotices(deps, booking, to, timeZone);
  } catch (err) {
    deps.logger.error({ err, bookingId: booking.id }, "could not send a booking e-mail");
    return { deliver: async () => {} };
  }
  const inTransaction = noticeEmailsInTransaction(deps, "booking", notices);
  if (!inTransaction) return { deliver: () => logged(() => sendNoticeEmails(deps, "booking", notices)) };
  return { inTransaction, deliver: (claimed) => logged(() => inTransaction.deliver(claimed)) };
}

/** sendBookingConfirmedEmails' notices, all of them in one outbox statement. */
export function bookingConfirmedNotices(
  deps: AppDeps,
  booking: Booking,
  to: { family: string[]; coach: string },
  timeZone: string,
): Notice[] {
  const facts = bookingFacts(booking, timeZone);
  // Every guardian of the family gets their own copy (DESIGN.md 11).
  return [
    ...to.family.map((familyAddress) => familyConfirmation(deps, booking, facts, familyAddress)),
    coachConfirmation(deps, booking, facts, to.coach),
  ];
}

function familyConfirmation(deps: AppDeps, booking: Booking, facts: SessionFacts, to: string): Notice {
  const appUrl = deps.config.appUrl;
  return {
    message: {
      calendar: sessionInvitation(deps, facts, "student", "REQUEST"),
      to,
      subject: `Booking confirmed: ${booking.coachName} on ${whenOf(booking).date} at ${whenOf(booking).time}`,
      text: [
        "Your training session is booked and paid.",
        "",
        ...(booking.athlete ? [`Athlete: ${athleteLabel(booking)}`] : []),
        ...sessionLines(booking),
        "",
        // A credit-paid session names how it was paid, never a total the family did not pay now (DESIGN.md 12).
        ...(booking.paidWith === "credit"
          ? [PAID_WITH_CREDIT]
          : [
              `Session cost: $${booking.rate}`,
              `Platform fee: $${booking.platformFee}`,
              `Tip: $${booking.tipAmount}`,
              `Total paid: $${booking.totalAmount}`,
            ]),
        "",
        "Your coach will contact you before the session.",
        `Your bookings: ${appUrl}/my-bookings`,
      ].join("\n"),
    },
    push: {
      url: "/my-bookings",
      title: "Booking confirmed",
      body: `${booking.coachName}, ${whenOf(booking).date} at ${whenOf(booking).time}`,
    },
  };
}

function coachConfirmation(deps: AppDeps, booking: Booking, facts: SessionFacts, to: string): Notice {
  const appUrl = deps.config.appUrl;
  return {
    message: {
      calendar: sessionInvitation(deps, facts, "coach", "REQUEST"),
      to,
      subject: `New booking: ${athleteName(booking)} on ${whenOf(booking).date} at ${whenOf(booking).time}`,
      text: [
        `${athleteName(booking)} booked and paid for a session with you.`,
        "",
        ...(booking.athlete ? [`Athlete: ${athleteLabel(booking)}`] : []),
        ...sessionLines(booking),
        ...contactLines(booking),
        "",
        `Session rate: $${booking.rate}`,
        `Tip: $${booking.tipAmount}`,
        `Your earnings: $${booking.coachEarnings} (paid out after you submit your session feedback)`,
        "",
        `Your dashboard: ${appUrl}/coach-dashboard`,
      ].join("\n"),
    },
    push: {
      url: "/coach-dashboard",
      title: "New booking",
      body: `${athleteName(booking)}, ${whenOf(booking).date} at ${whenOf(booking).time}`,
    },
  };
}

/** A payment that arrived after the seat was gone is given back in full; the student is told why. */
/** A charge given back because the seat could not be kept, or because the booking was paid twice. */
export async function sendRefundedEmail(
  deps: AppDeps,
  booking: Booking,
  to: string,
  refund: { amountCents: number; isDuplicatePayment: boolean },
): Promise<void> {
  await deps.mailer.send({
    to,
    subject: `Payment refunded: ${booking.coachName} on ${whenOf(booking).date}`,
    text: [
      refund.isDuplicatePayment
        ? "This session was paid for twice, so the extra payment has been refunded in full. Your booking is unchanged."
        : "We could not keep this session for you, so your payment has been refunded in full.",
      "",
      ...sessionLines(booking),
      "",
      `Refunded: $${centsToDecimal(refund.amountCents)}`,
      "",
      refund.isDuplicatePayment
        ? `Your bookings: ${deps.config.appUrl}/my-bookings`
        : `Find another time: ${deps.config.appUrl}/find-coaches`,
    ].join("\n"),
  });
}
