import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { ErrorCode } from "../../../contract/errors";
import type { CalendarEvent } from "../../../contract/realtime";
import { centsToDecimal } from "../../../contract/money";
import {
  PayoutMessages,
  type AffectedBooking,
  type CancelSessionResponse,
  type CoachEarnings,
  type ConnectLinkResponse,
  type DashboardLinkResponse,
  type PaymentAccountStatus,
  type SimulatedOnboardingCompleteResponse,
  type SubmitFeedbackResponse,
} from "../../../contract/payouts";
import { addDaysToDate } from "../../../contract/time";
import { PaymentProviderError, type ConnectedAccount } from "../../adapters/payments/provider";
import type { SimulatedPaymentProvider } from "../../adapters/payments/simulated";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { announceListingChange } from "../coaches/coaches.service";
import { instantToLocal, startOfLocalDate } from "../slots/slot-time";
import * as repo from "./payouts.repository";

/** Another process's claim on a refund or payout is respected this long before the sweep tries it again. */
const SWEEP_LEASE_MS = 30_000;
const SWEEP_BATCH = 50;

type ReturnTo = "onboarding" | "stripe-connect" | undefined;

function statusOf(coach: repo.CoachRow | undefined): PaymentAccountStatus {
  if (!coach?.paymentAccountId) {
    return {
      hasAccount: false,
      accountId: null,
      accountComplete: false,
      onboardingComplete: false,
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      requirements: { currently_due: [] },
    };
  }
  return {
    hasAccount: true,
    accountId: coach.paymentAccountId,
    accountComplete: coach.paymentDetailsSubmitted && coach.paymentPayoutsEnabled,
    onboardingComplete: coach.paymentDetailsSubmitted,
    detailsSubmitted: coach.paymentDetailsSubmitted,
    chargesEnabled: coach.paymentChargesEnabled,
    payoutsEnabled: coach.paymentPayoutsEnabled,
    requirements: { currently_due: [...coach.paymentRequirementsDue] },
  };
}

/** GET /api/stripe/connect/account-status: the provider's view, stored on the coach as it is read. */
export async function getAccountStatus(deps: AppDeps, user: UserRow): Promise<PaymentAccountStatus> {
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  if (!coach?.paymentAccountId) return statusOf(coach);
  try {
    const account = await deps.payments.retrieveConnectedAccount(coach.paymentAccountId);
    // The page polls every 5 s: only a change is written (and may release waiting payouts).
    if (sameAccountState(coach, account)) return statusOf(coach);
    const stored = await applyAccountUpdate(deps, account);
    return statusOf(stored ?? coach);
  } catch (err) {
    // The page refreshes every 5 s; the last known state is better than an error meanwhile.
    deps.logger.warn({ err, coachId: coach.id }, "could not refresh the payment account; answering the stored state");
    return statusOf(coach);
  }
}

function sameAccountState(coach: repo.CoachRow, account: ConnectedAccount): boolean {
  return (
    coach.paymentDetailsSubmitted === account.detailsSubmitted &&
    coach.paymentChargesEnabled === account.chargesEnabled &&
    coach.paymentPayoutsEnabled === account.payoutsEnabled &&
    coach.paymentRequirementsDue.join("\n") === account.requirementsDue.join("\n")
  );
}

/**
 * The provider told us (account.updated webhook, a status refresh, the simulated onboarding page)
 * how a connected account stands: the coach's copy is updated, and once payouts are enabled the
 * payouts that waited for the account go out. Returns the coach row, if a coach has that account.
 */
export async function applyAccountUpdate(deps: AppDeps, account: ConnectedAccount): Promise<repo.CoachRow | undefined> {
  const coach = await repo.storeAccountState(deps.database.db, account, deps.clock.now());
  if (!coach) {
    deps.logger.warn({ accountId: account.id }, "an account update matches no coach");
    return undefined;
  }
  if (coach.paymentPayoutsEnabled) await releaseWaitingPayouts(deps, coach.id);
  return coach;
}

async function requireCoachProfile(deps: AppDeps, user: UserRow): Promise<repo.CoachRow> {
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  if (!coach) throw conflict(PayoutMessages.PROFILE_REQUIRED);
  return coach;
}

function onboardingUrls(deps: AppDeps, returnTo: ReturnTo): { refreshUrl: string; returnUrl: string } {
  const appUrl = deps.config.appUrl;
  if (returnTo === "onboarding") {
    return { refreshUrl: `${appUrl}/coach-onboarding?stripe=refresh`, returnUrl: `${appUrl}/coach-onboarding?stripe=success` };
  }
  return { refreshUrl: `${appUrl}/coach/stripe-connect`, returnUrl: `${appUrl}/coach/stripe-connect?success=true` };
}

/** Provider faults become a 502 with a message the page can show; nothing is half done on our side. */
async function callProvider<T>(deps: AppDeps, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PaymentProviderError) deps.logger.warn({ err, what }, "payment provider refused a call");
    else deps.logger.error({ err, what }, "payment provider call failed");
    throw new AppError(502, ErrorCode.PAYMENT_FAILED, PayoutMessages.PROVIDER_ERROR);
  }
}

/** POST /api/stripe/connect/create-account: one Express account per coach (the idempotency key names the coach). */
export async function createAccount(deps: AppDeps, user: UserRow, returnTo: ReturnTo): Promise<ConnectLinkResponse> {
  const coach = await requireCoachProfile(deps, user);
  let accountId = coach.paymentAccountId;
  if (!accountId) {
    const account = await callProvider(deps, "create account", () =>
      deps.payments.createConnectedAccount({
        email: user.email,
        idempotencyKey: `coach-${coach.id}-account`,
        metadata: { coachId: String(coach.id), userId: String(user.id) },
      }),
    );
    accountId = await repo.setPaymentAccountId(deps.database.db, coach.id, account.id, deps.clock.now());
    await repo.storeAccountState(deps.database.db, { ...account, id: accountId }, deps.clock.now());
  }
  const id = accountId;
  return callProvider(deps, "onboarding link", () =>
    deps.payments.createOnboardingLink({ accountId: id, ...onboardingUrls(deps, returnTo) }),
  );
}

/** POST /api/stripe/connect/onboarding-link: continue onboarding an existing account. */
export async function onboardingLink(deps: AppDeps, user: UserRow, returnTo: ReturnTo): Promise<ConnectLinkResponse> {
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  const accountId = coach?.paymentAccountId;
  if (!accountId) throw badRequest(PayoutMessages.NO_ACCOUNT);
  return callProvider(deps, "onboarding link", () => deps.payments.createOnboardingLink({ accountId, ...onboardingUrls(deps, returnTo) }));
}

/** POST /api/stripe/connect/dashboard-link: the provider's dashboard, once the account is complete. */
export async function dashboardLink(deps: AppDeps, user: UserRow): Promise<{ status: number; body: DashboardLinkResponse }> {
  const status = await getAccountStatus(deps, user);
  if (!status.accountId || !status.onboardingComplete) {
    return { status: 400, body: { success: false, message: PayoutMessages.SETUP_FIRST } };
  }
  const accountId = status.accountId;
  const link = await callProvider(deps, "dashboard link", () => deps.payments.createDashboardLink(accountId));
  return { status: 200, body: { success: true, url: link.url } };
}

/**
 * POST /api/payments/simulated/onboarding/complete: the simulated provider's onboarding page
 * (DESIGN.md 8) finishes the coach's account, as Stripe's hosted onboarding would.
 */
export async function completeSimulatedOnboarding(
  deps: AppDeps,
  user: UserRow,
  input: { accountId: string; returnTo?: ReturnTo },
): Promise<SimulatedOnboardingCompleteResponse> {
  if (deps.payments.kind !== "simulated") throw notFound();
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  if (!coach?.paymentAccountId || coach.paymentAccountId !== input.accountId) throw forbidden(PayoutMessages.NOT_YOUR_ACCOUNT);
  const provider = deps.payments as SimulatedPaymentProvider;
  const account = await callProvider(deps, "complete onboarding", () => provider.completeOnboarding(input.accountId));
  await applyAccountUpdate(deps, account);
  return { success: true, returnUrl: onboardingUrls(deps, input.returnTo).returnUrl };
}

type Cancelled = { booking: repo.BookingRow; paid: boolean };

/**
 * POST /api/bookings/{id}/cancel. The bookings are cancelled (paid ones marked refund_pending) in
 * one transaction; the refunds are asked of the provider after it commits. A refund that fails
 * stays refund_pending and the sweep retries it with the same idempotency key, so a booking is
 * never half cancelled and never refunded twice.
 */
export async function cancelSession(deps: AppDeps, user: UserRow, bookingId: number, reason: string): Promise<CancelSessionResponse> {
  const db = deps.database.db;
  const target = await repo.findBookingWithPeople(db, bookingId);
  if (!target) throw notFound("Booking not found");
  if (target.coach.userId !== user.id) throw forbidden(PayoutMessages.NOT_YOUR_BOOKING);
  requireCancellable(target.booking);

  const now = deps.clock.now();
  const cancelled = await db.transaction(async (tx): Promise<Cancelled[]> => {
    await repo.lockSlot(tx, target.booking.timeSlotId);
    const locked = await repo.lockBooking(tx, bookingId);
    // It may have changed while we waited for the lock (cancelled twice, completed meanwhile).
    if (!locked) throw notFound("Booking not found");
    requireCancellable(locked);
    const result: Cancelled[] = [];
    for (const booking of await repo.lockActiveBookingsOfSlot(tx, locked.timeSlotId)) {
      const paid = booking.paymentStatus === "completed" && booking.paymentIntentId !== null;
      const row = await repo.cancelBooking(tx, booking.id, { paid, reason, now });
      if (row) result.push({ booking: row, paid });
    }
    await repo.closeSlot(tx, locked.timeSlotId, now);
    return result;
  });

  const refundStatus = new Map<number, AffectedBooking["refundStatus"]>();
  for (const { booking, paid } of cancelled) {
    if (paid) {
      refundStatus.set(booking.id, (await refundCancelledBooking(deps, booking.id, booking.paymentIntentId!)) ? "refunded" : "pending");
    } else {
      refundStatus.set(booking.id, "not_charged");
      if (booking.paymentIntentId) await cancelUnpaidIntent(deps, booking.id, booking.paymentIntentId);
    }
  }

  const people = await repo.findBookingsWithPeople(
    db,
    cancelled.map((c) => c.booking.id),
  );
  for (const details of people) await notifyCancelled(deps, details, reason, refundStatus.get(details.booking.id) !== "not_charged");

  const events: CalendarEvent[] = people.map((d) => ({
    type: "booking_updated",
    coachId: d.booking.coachId,
    bookingId: d.booking.id,
    studentId: d.booking.studentId,
    status: "cancelled",
    timeSlotId: d.booking.timeSlotId,
  }));
  events.push({ type: "availability_updated", coachId: target.booking.coachId });
  for (const event of events) await deps.events.publish(event);

  return {
    success: true,
    message: PayoutMessages.CANCELLED,
    cancellation: {
      reason,
      affectedBookings: people.map((d) => {
        const status = refundStatus.get(d.booking.id) ?? "pending";
        return {
          bookingId: d.booking.id,
          studentId: d.booking.studentId,
          studentName: personName(d.student.firstName, d.student.lastName, "Student"),
          refundAmount: centsToDecimal(status === "not_charged" ? 0 : d.booking.totalCents),
          refundStatus: status,
        };
      }),
    },
  };
}

function requireCancellable(booking: repo.BookingRow): void {
  if (booking.status !== "confirmed" || booking.paymentStatus !== "completed") throw conflict(PayoutMessages.ONLY_CONFIRMED_PAID);
}

/** Refunds in full with the booking's key; true when the provider took it, false when it must be retried. */
async function refundCancelledBooking(deps: AppDeps, bookingId: number, paymentIntentId: string): Promise<boolean> {
  try {
    const refund = await deps.payments.refundPayment({
      paymentIntentId,
      idempotencyKey: `booking-${bookingId}-refund`,
      metadata: { bookingId: String(bookingId), reason: "coach_cancelled" },
    });
    if (refund.status === "failed") {
      deps.logger.error({ bookingId, refundId: refund.id }, "the provider reports the refund as failed; it stays pending");
      return false;
    }
    await repo.markRefunded(deps.database.db, bookingId, refund.id, deps.clock.now());
    return true;
  } catch (err) {
    deps.logger.error({ err, bookingId }, "refund failed; the refund sweep will retry it");
    return false;
  }
}

async function cancelUnpaidIntent(deps: AppDeps, bookingId: number, paymentIntentId: string): Promise<void> {
  try {
    await deps.payments.cancelPaymentIntent(paymentIntentId);
  } catch (err) {
    // If the student pays it anyway, the payment's confirmation sees the booking cancelled and refunds it.
    deps.logger.warn({ err, bookingId }, "could not cancel the payment intent of a cancelled booking");
  }
}

function personName(firstName: string | null, lastName: string | null, fallback: string): string {
  return [firstName, lastName].filter(Boolean).join(" ").trim() || fallback;
}

function sessionWhen(startsAt: Date, timeZone: string): { date: string; time: string } {
  const zoned = new TZDate(startsAt.getTime(), timeZone);
  return { date: format(zoned, "EEEE, MMMM d, yyyy"), time: format(zoned, "h:mm a") };
}

async function notifyCancelled(deps: AppDeps, details: repo.BookingWithPeople, reason: string, wasPaid: boolean): Promise<void> {
  const { booking, coach, student } = details;
  const coachName = personName(coach.firstName, coach.lastName, "your coach");
  const when = sessionWhen(booking.startsAt, coach.timeZone);
  const money = wasPaid ? `You will be refunded $${centsToDecimal(booking.totalCents)} in full.` : "You were not charged.";
  const text = `Your session with ${coachName} on ${when.date} at ${when.time} was cancelled by the coach: ${reason}. ${money}`;

  // A minor without a phone of their own is reached through the parent's phone.
  const phone = student.phoneNumber?.trim() || student.parentPhoneNumber?.trim();
  if (phone) {
    try {
      await deps.sms.send(phone, text);
    } catch (err) {
      deps.logger.error({ err, bookingId: booking.id }, "could not send the cancellation SMS");
    }
  } else {
    deps.logger.info({ bookingId: booking.id, studentId: student.id }, "no phone number for the cancellation SMS; skipped");
  }
  try {
    await deps.mailer.send({
      to: student.email,
      subject: `Session cancelled: ${coachName} on ${when.date}`,
      text: [text, "", `Find another session: ${deps.config.appUrl}/find-coaches`].join("\n"),
    });
  } catch (err) {
    deps.logger.error({ err, bookingId: booking.id }, "could not send the cancellation e-mail");
  }
}

/**
 * POST /api/bookings/{id}/submit-feedback: stores the feedback once and releases the held payment
 * (rate + tip) to the coach's account; without a ready account the payout waits for it.
 */
export async function submitFeedback(
  deps: AppDeps,
  user: UserRow,
  bookingId: number,
  input: { feedback: string; rating: number },
): Promise<SubmitFeedbackResponse> {
  const db = deps.database.db;
  const target = await repo.findBookingWithPeople(db, bookingId);
  if (!target) throw notFound("Booking not found");
  if (target.coach.userId !== user.id) throw forbidden(PayoutMessages.NOT_YOUR_BOOKING);
  requireFeedbackAllowed(target.booking);

  const now = deps.clock.now();
  let updated: repo.BookingRow;
  try {
    updated = await db.transaction(async (tx) => {
      const locked = await repo.lockBooking(tx, bookingId);
      if (!locked) throw notFound("Booking not found");
      requireFeedbackAllowed(locked);
      await repo.insertFeedback(tx, { bookingId, coachId: locked.coachId, feedback: input.feedback, rating: input.rating, now });
      return (await repo.markFeedbackSubmitted(tx, bookingId, now))!;
    });
  } catch (err) {
    if (err instanceof repo.DuplicateFeedbackError) throw conflict(PayoutMessages.FEEDBACK_ALREADY);
    throw err;
  }
  // The rating shown on the coach's listing changed.
  await announceListingChange(deps, updated.coachId);

  const paid = await releasePayout(deps, bookingId);
  await sendFeedbackEmail(deps, target, input);
  await deps.events.publish({
    type: "booking_updated",
    coachId: updated.coachId,
    bookingId,
    studentId: updated.studentId,
    status: updated.status,
    timeSlotId: updated.timeSlotId,
  });
  return {
    success: true,
    message: PayoutMessages.FEEDBACK_SUBMITTED,
    booking: { id: bookingId, feedbackSubmittedAt: now.toISOString(), payoutStatus: paid ? "paid" : "pending" },
  };
}

function requireFeedbackAllowed(booking: repo.BookingRow): void {
  if (booking.feedbackSubmittedAt) throw conflict(PayoutMessages.FEEDBACK_ALREADY);
  if (booking.status !== "completed") throw conflict(PayoutMessages.FEEDBACK_NOT_COMPLETED);
}

/**
 * Transfers the booking's coach earnings (rate + tip) if its payout is waiting and the coach's
 * account can receive it. The idempotency key names the booking, so this may run from the
 * feedback call, the account update and the sweep at once and still pay once. True when paid.
 */
export async function releasePayout(deps: AppDeps, bookingId: number): Promise<boolean> {
  const due = await repo.findPayoutDue(deps.database.db, bookingId);
  if (!due) return false;
  try {
    const transfer = await deps.payments.createTransfer({
      amountCents: due.coachEarningsCents,
      destinationAccountId: due.paymentAccountId,
      idempotencyKey: `booking-${bookingId}-payout`,
      metadata: { bookingId: String(bookingId) },
    });
    await repo.markPaidOut(deps.database.db, bookingId, transfer.id, deps.clock.now());
    deps.logger.info({ bookingId, transferId: transfer.id, amountCents: transfer.amountCents }, "payout released");
    return true;
  } catch (err) {
    deps.logger.error({ err, bookingId }, "payout failed; the payout sweep will retry it");
    return false;
  }
}

async function releaseWaitingPayouts(deps: AppDeps, coachId: number): Promise<void> {
  for (const id of await repo.listWaitingPayoutIdsOfCoach(deps.database.db, coachId)) await releasePayout(deps, id);
}

async function sendFeedbackEmail(deps: AppDeps, details: repo.BookingWithPeople, input: { feedback: string; rating: number }) {
  const { booking, coach, student } = details;
  const coachName = personName(coach.firstName, coach.lastName, "Your coach");
  const when = sessionWhen(booking.startsAt, coach.timeZone);
  try {
    await deps.mailer.send({
      to: student.email,
      subject: `Feedback from ${coachName} on your session of ${when.date}`,
      text: [
        `${coachName} left feedback on your session of ${when.date} at ${when.time}:`,
        "",
        input.feedback,
        "",
        `Your bookings: ${deps.config.appUrl}/my-bookings`,
      ].join("\n"),
    });
  } catch (err) {
    deps.logger.error({ err, bookingId: booking.id }, "could not send the feedback e-mail");
  }
}

/** GET /api/coaches/me/earnings: weeks run Monday to Sunday, weeks and months in the coach's time zone. */
export async function getEarnings(deps: AppDeps, user: UserRow): Promise<CoachEarnings> {
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  if (!coach) return { thisWeekSessions: 0, monthlyEarnings: 0, totalStudents: 0, pendingPayouts: "0.00", paidOut: "0.00" };
  const zone = coach.timeZone;
  const today = instantToLocal(deps.clock.now(), zone).date;
  const [year, month, day] = today.split("-").map(Number);
  const weekday = new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay();
  const monday = addDaysToDate(today, -((weekday + 6) % 7));
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const firstOfNextMonth = month === 12 ? `${year! + 1}-01-01` : `${year}-${String(month! + 1).padStart(2, "0")}-01`;
  const figures = await repo.earningsOfCoach(
    deps.database.db,
    coach.id,
    { from: startOfLocalDate(monday, zone), to: startOfLocalDate(addDaysToDate(monday, 7), zone) },
    { from: startOfLocalDate(firstOfMonth, zone), to: startOfLocalDate(firstOfNextMonth, zone) },
  );
  return {
    thisWeekSessions: figures.thisWeekSessions,
    monthlyEarnings: Math.floor(figures.monthlyEarningsCents / 100),
    totalStudents: figures.totalStudents,
    pendingPayouts: centsToDecimal(figures.pendingPayoutCents),
    paidOut: centsToDecimal(figures.paidOutCents),
  };
}

/** Sweep: refunds of coach cancellations that failed or were interrupted, retried with the same key. */
export async function retryCancellationRefunds(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  const due = await deps.database.db.transaction((tx) => repo.claimPendingRefunds(tx, now, SWEEP_LEASE_MS, SWEEP_BATCH));
  for (const refund of due) {
    if (await refundCancelledBooking(deps, refund.id, refund.paymentIntentId)) {
      const row = (await repo.findBookingWithPeople(deps.database.db, refund.id))?.booking;
      if (row) {
        await deps.events.publish({
          type: "booking_updated",
          coachId: row.coachId,
          bookingId: row.id,
          studentId: row.studentId,
          status: row.status,
          timeSlotId: row.timeSlotId,
        });
      }
    }
  }
}

/** Sweep: payouts that waited for the coach's account (or whose transfer failed) go out once it is ready. */
export async function sendWaitingPayouts(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  const due = await deps.database.db.transaction((tx) => repo.claimWaitingPayouts(tx, now, SWEEP_LEASE_MS, SWEEP_BATCH));
  for (const bookingId of due) await releasePayout(deps, bookingId);
}
