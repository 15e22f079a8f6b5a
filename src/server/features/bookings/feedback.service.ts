import { BookingMessages } from "@contract/booking-basics";
import { PayoutMessages, type SubmitFeedbackResponse } from "@contract/payouts";
import type { AppDeps } from "../../deps";
import { ProgressMessages, skillsForPosition } from "@contract/progress";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { calendarEvents, publishEvents } from "../../realtime/events";
import type { UserRow } from "../accounts/sessions.repository";
import { releasePayout } from "../payouts/payouts.service";
import * as repo from "./bookings.repository";
import * as detailsRepo from "./booking-details.repository";
import { audienceOfBooking, coachNameOf } from "./bookings.service";
import { sessionWhen } from "../../notice-texts/session-text";
import { fullName } from "@contract/names";
import { present } from "../../present";

/**
 * POST /api/bookings/{id}/submit-feedback: stores the coach's feedback once and releases the held
 * payment (rate + tip) to the coach's account; without a ready account the payout waits for it.
 */
export async function submitFeedback(
  deps: AppDeps,
  user: UserRow,
  bookingId: number,
  input: { feedback: string; rating: number; skills?: { skill: string; rating: number }[] },
): Promise<SubmitFeedbackResponse> {
  const db = deps.database.db;
  const target = await detailsRepo.findBookingDetails(db, bookingId);
  if (!target) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  if (target.coach.userId !== user.id) throw forbidden(PayoutMessages.NOT_YOUR_BOOKING);
  requireFeedbackAllowed(target.booking);
  const skills = input.skills ?? [];
  const athlete = await repo.findAthleteOfBooking(db, bookingId);
  requireSkillsOfPosition(skills, athlete?.position ?? null);

  const now = deps.clock.now();
  let updated: repo.BookingRow;
  try {
    updated = await db.transaction(async (tx) => {
      const locked = await repo.lockBooking(tx, bookingId);
      if (!locked) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
      requireFeedbackAllowed(locked);
      await repo.insertFeedback(tx, { bookingId, coachId: locked.coachId, feedback: input.feedback, rating: input.rating, now });
      await repo.insertSkillRatings(tx, { bookingId, athleteId: locked.athleteId, coachId: locked.coachId, ratings: skills, now });
      return present(await repo.markFeedbackSubmitted(tx, bookingId, now), "the booking locked above");
    });
  } catch (err) {
    if (err instanceof repo.DuplicateFeedbackError) throw conflict(PayoutMessages.FEEDBACK_ALREADY);
    throw err;
  }

  const paid = await releasePayout(deps, bookingId);
  await sendFeedbackEmail(deps, target, input);
  await publishEvents(deps, [calendarEvents.bookingUpdated(updated)]);
  return {
    success: true,
    message: PayoutMessages.FEEDBACK_SUBMITTED,
    booking: { id: bookingId, feedbackSubmittedAt: now.toISOString(), payoutStatus: paid ? "paid" : "pending" },
  };
}

/** Only skills of the booked athlete's position may be rated (the contract's fixed list). */
function requireSkillsOfPosition(skills: { skill: string }[], position: string | null): void {
  const allowed = new Set(skillsForPosition(position).map((s) => s.skill));
  const stranger = skills.find((s) => !allowed.has(s.skill));
  if (stranger) throw badRequest(ProgressMessages.SKILL_NOT_FOR_POSITION, "skills");
}

function requireFeedbackAllowed(booking: repo.BookingRow): void {
  if (booking.feedbackSubmittedAt) throw conflict(PayoutMessages.FEEDBACK_ALREADY);
  if (booking.status === "no_show") throw conflict(ProgressMessages.NO_SHOW_ALREADY);
  if (booking.status !== "completed") throw conflict(PayoutMessages.FEEDBACK_NOT_COMPLETED);
}

/** Every guardian of the athlete's family hears of the feedback (DESIGN.md 11: feedback belongs to the athlete). */
async function sendFeedbackEmail(deps: AppDeps, details: detailsRepo.BookingDetails, input: { feedback: string }) {
  const { booking, coach, athlete } = details;
  const coachName = coachNameOf(details);
  const when = sessionWhen(booking.startsAt, booking.endsAt, coach.timeZone);
  const athleteName = athlete ? fullName(athlete) : "";
  const session = athleteName ? `${athleteName}'s session` : "your session";
  const link = athlete ? `${deps.config.appUrl}/athletes/${athlete.id}` : `${deps.config.appUrl}/my-bookings`;
  for (const to of (await audienceOfBooking(deps, details)).emails) {
    try {
      await deps.mailer.send({
        to,
        subject: `Feedback from ${coachName} on ${session} of ${when.date}`,
        text: [`${coachName} left feedback on ${session} of ${when.date} at ${when.time}:`, "", input.feedback, "", `See it: ${link}`].join(
          "\n",
        ),
      });
    } catch (err) {
      deps.logger.error({ err, bookingId: booking.id }, "could not send the feedback e-mail");
    }
  }
}
