import type { Booking } from "../../../contract/bookings";
import type { AppDeps } from "../../deps";

function sessionLines(booking: Booking): string[] {
  const type = booking.sessionType === "group" ? "Group" : "Individual";
  const lines = [
    `Coach: ${booking.coachName}`,
    `Date: ${booking.sessionDate}`,
    `Time: ${booking.startTime} - ${booking.endTime}`,
    `Duration: ${booking.duration} minutes`,
    `Session type: ${type}`,
  ];
  const place = [booking.timeSlot.locationName, booking.timeSlot.locationAddress].filter(Boolean).join(", ");
  if (place) lines.push(`Location: ${place}`);
  return lines;
}

function studentName(booking: Booking): string {
  const s = booking.student;
  return [s?.firstName, s?.lastName].filter(Boolean).join(" ").trim() || "A player";
}

/** One e-mail to the student and one to the coach when a booking is paid. */
export async function sendBookingConfirmedEmails(deps: AppDeps, booking: Booking, to: { student: string; coach: string }): Promise<void> {
  const appUrl = deps.config.appUrl;
  await deps.mailer.send({
    to: to.student,
    subject: `Booking confirmed: ${booking.coachName} on ${booking.sessionDate} at ${booking.sessionTime}`,
    text: [
      "Your training session is booked and paid.",
      "",
      ...sessionLines(booking),
      "",
      `Session cost: $${booking.rate}`,
      `Platform fee: $${booking.platformFee}`,
      `Tip: $${booking.tipAmount}`,
      `Total paid: $${booking.totalAmount}`,
      "",
      "Your coach will contact you before the session.",
      `Your bookings: ${appUrl}/my-bookings`,
    ].join("\n"),
  });
  await deps.mailer.send({
    to: to.coach,
    subject: `New booking: ${studentName(booking)} on ${booking.sessionDate} at ${booking.sessionTime}`,
    text: [
      `${studentName(booking)} booked and paid for a session with you.`,
      "",
      ...sessionLines(booking),
      `Student e-mail: ${booking.student?.email ?? ""}`,
      ...(booking.student?.phoneNumber ? [`Student phone: ${booking.student.phoneNumber}`] : []),
      "",
      `Session rate: $${booking.rate}`,
      `Tip: $${booking.tipAmount}`,
      `Your earnings: $${booking.coachEarnings} (paid out after you submit your session feedback)`,
      "",
      `Your dashboard: ${appUrl}/coach-dashboard`,
    ].join("\n"),
  });
}

/** A payment that arrived after the seat was gone is given back in full; the student is told why. */
export async function sendRefundedEmail(deps: AppDeps, booking: Booking, to: string): Promise<void> {
  await deps.mailer.send({
    to,
    subject: `Payment refunded: ${booking.coachName} on ${booking.sessionDate}`,
    text: [
      "We could not keep this session for you, so your payment has been refunded in full.",
      "",
      ...sessionLines(booking),
      "",
      `Refunded: $${booking.totalAmount}`,
      "",
      `Find another time: ${deps.config.appUrl}/find-coaches`,
    ].join("\n"),
  });
}
