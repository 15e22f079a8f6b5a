// Over 300 lines: a session request's whole life (ask, accept, decline, withdraw) and its messages, which share one set of checks.
import { isSeatPaid, withoutContact } from "@contract/bookings";
import { centsToDecimal } from "@contract/money";
import type { AcceptSessionRequestResponse, ParsedCreateSessionRequest, SessionRequest } from "@contract/requests";
import { REQUEST_MIN_ADVANCE_MS, SessionRequestMessages, meetsRequestAdvance, requestPriceCents } from "@contract/request-basics";
import { MIN_GROUP_CAPACITY } from "@contract/slot-basics";
import type { AppDeps } from "../../deps";
import { ErrorCode } from "@contract/error-basics";
import { LimitMessages, MAX_SESSION_REQUESTS_PER_DAY } from "@contract/limits";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { createRequestedBookingInTransaction } from "../bookings/book-slot.service";
import { insertSlotInTransaction, publishSlotCreated } from "../slots/slot-editing.service";
import { instantToLocal, localToInstant } from "../slots/slot-time";
import {
  notifyCoachCancelled,
  notifyCoachOfRequest,
  notifyStudentAccepted,
  notifyStudentDeclined,
  notifyStudentExpired,
} from "./request-notifications";
import { familyAudience, isGuardianOfAthlete, type FamilyAudience } from "../../db/families";
import { chooseAthlete, coachViewOfPeople, toAthleteSummary } from "../families/families.service";
import { requireScreeningForMinors } from "../credentials/screening-rule.service";
import * as repo from "./requests.repository";
import { calendarEvents, publishEvents } from "../../realtime/events";
import { LIST_PAGE_SIZE } from "@contract/paging";
import { badCursor, pageOf, type Page } from "../../http/list-page";
import { present } from "../../present";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** POST /api/session-requests: a player asks a coach for a time that is not on the calendar. */
export async function requestSession(deps: AppDeps, user: UserRow, input: ParsedCreateSessionRequest): Promise<SessionRequest> {
  const db = deps.database.db;
  const athlete = await chooseAthlete(deps, user, input.athleteId);
  const coach = await repo.findCoach(db, input.coachId);
  if (!coach) throw notFound(SessionRequestMessages.COACH_NOT_FOUND);
  if (!coach.allowSessionRequests) throw badRequest(SessionRequestMessages.NOT_ACCEPTING, "coachId");
  await requireScreeningForMinors(deps, coach.id, [athlete]);

  const rate = await repo.findRate(db, coach.id, input.sessionType, input.duration);
  if (!rate) throw badRequest(SessionRequestMessages.RATE_NOT_FOUND, "duration");

  // The date and time are the coach's wall clock: the 4-hour rule is checked on the instant they name there.
  const startsAt = localToInstant(input.requestedDate, input.requestedStartTime, coach.timeZone);
  if (!startsAt) throw badRequest(SessionRequestMessages.NONEXISTENT_TIME, "requestedStartTime");
  const now = deps.clock.now();
  if (!meetsRequestAdvance(startsAt.getTime(), now.getTime())) throw badRequest(SessionRequestMessages.TOO_SOON, "requestedDate");
  if (await repo.hasPendingRequestAt(db, athlete.id, coach.id, startsAt)) throw conflict(SessionRequestMessages.DUPLICATE);

  const price = requestPriceCents(rate.rateCents);
  // Each request mails and texts the coach: a player may send only so many a day.
  const row = await db.transaction(async (tx) => {
    await repo.lockStudentRequests(tx, user.id);
    if ((await repo.countRequestsSince(tx, user.id, new Date(now.getTime() - DAY_MS))) >= MAX_SESSION_REQUESTS_PER_DAY) {
      throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.TOO_MANY_REQUESTS);
    }
    return repo.insertRequest(tx, {
      studentId: user.id,
      athleteId: athlete.id,
      coachId: coach.id,
      requestedStartsAt: startsAt,
      requestedEndsAt: new Date(startsAt.getTime() + input.duration * MINUTE_MS),
      sessionType: input.sessionType,
      groupSize: input.sessionType === "group" ? (input.groupSize ?? MIN_GROUP_CAPACITY) : null,
      durationMinutes: input.duration,
      rateCents: price.rateCents,
      totalCents: price.totalCents,
      message: input.message,
      status: "pending",
      createdAt: now,
      updatedAt: now,
    });
  });

  const details = present(await repo.findRequestDetails(db, row.id), "the request just made");
  await publishRequest(deps, details.request);
  await notifyCoachOfRequest(deps, toApiRequest(details, false, now), details.coachUser, details.student);
  return toApiRequest(details, false, now);
}

/** GET /api/session-requests/student: the family's requests, newest first, one page (decision 012). */
export async function listStudentRequests(deps: AppDeps, user: UserRow, cursor?: number): Promise<Page<SessionRequest>> {
  const db = deps.database.db;
  if (cursor !== undefined && !(await repo.isRequestOfUserFamily(db, cursor, user.id))) throw badCursor();
  const rows = await repo.listStudentRequests(db, user.id, { afterId: cursor, limit: LIST_PAGE_SIZE + 1 });
  const now = deps.clock.now();
  return pageOf(
    rows,
    LIST_PAGE_SIZE,
    (r) => r.request.id,
    (r) => toApiRequest(r, false, now),
  );
}

/** GET /api/session-requests/coach/{coachId}: only the coach of that profile; newest first, one page (decision 012). */
export async function listCoachRequests(deps: AppDeps, user: UserRow, coachId: number, cursor?: number): Promise<Page<SessionRequest>> {
  const db = deps.database.db;
  const coach = await repo.findCoach(db, coachId);
  if (!coach) throw notFound(SessionRequestMessages.COACH_NOT_FOUND);
  if (coach.userId !== user.id) throw forbidden(SessionRequestMessages.ONLY_OWN_COACH);
  if (cursor !== undefined && !(await repo.isRequestOfCoach(db, cursor, coachId))) throw badCursor();
  const rows = await repo.listCoachRequests(db, coachId, { afterId: cursor, limit: LIST_PAGE_SIZE + 1 });
  const now = deps.clock.now();
  return pageOf(
    rows,
    LIST_PAGE_SIZE,
    (r) => r.request.id,
    (r) => toApiRequest(r, true, now),
  );
}

/** The request, when the user is its coach; 404 when missing, 403 for anyone else. */
async function requireOwnCoachRequest(deps: AppDeps, user: UserRow, requestId: number): Promise<repo.RequestDetails> {
  const details = await repo.findRequestDetails(deps.database.db, requestId);
  if (!details) throw notFound(SessionRequestMessages.NOT_FOUND);
  if (details.coach.userId !== user.id) throw forbidden(SessionRequestMessages.ONLY_OWN_COACH);
  return details;
}

/** Refuses an answer to a request that is no longer pending, with the reason the coach can act on. */
function requirePending(request: repo.RequestRow): void {
  if (request.status === "expired") throw conflict(SessionRequestMessages.EXPIRED);
  if (request.status !== "pending") throw conflict(SessionRequestMessages.ALREADY_ANSWERED);
}

/** A pending request past its answer deadline (4 hours before the start) counts as expired, sweep or not. */
const isPastDeadline = (request: repo.RequestRow, now: Date) => !meetsRequestAdvance(request.requestedStartsAt.getTime(), now.getTime());

/**
 * POST /api/session-requests/{id}/accept. The slot (under the coach lock, refused when it overlaps
 * another), the booking awaiting payment and the request's new state are one transaction: either
 * all exist afterwards or none does.
 */
export async function acceptRequest(deps: AppDeps, user: UserRow, requestId: number): Promise<AcceptSessionRequestResponse> {
  const before = await requireOwnCoachRequest(deps, user, requestId);
  requirePending(before.request);
  const now = deps.clock.now();
  if (isPastDeadline(before.request, now)) {
    await expireLateRequest(deps, requestId);
    throw conflict(SessionRequestMessages.EXPIRED);
  }
  const db = deps.database.db;
  const rate = await repo.findRate(db, before.coach.id, before.request.sessionType, before.request.durationMinutes);

  const { slotId, bookingId, place } = await db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, requestId);
    if (!request) throw notFound(SessionRequestMessages.NOT_FOUND);
    requirePending(request);
    const isGroup = request.sessionType === "group";
    const slot = await insertSlotInTransaction(
      tx,
      {
        coachId: request.coachId,
        startsAt: request.requestedStartsAt,
        endsAt: request.requestedEndsAt,
        isGroup,
        // The seats the student asked for; the student's booking takes one, the rest are open to other players.
        capacity: isGroup ? (request.groupSize ?? MIN_GROUP_CAPACITY) : 1,
      },
      deps.clock.now(),
    );
    // The price the student was shown when asking, even if the coach changed the rate since.
    const booking = await createRequestedBookingInTransaction(
      tx,
      {
        studentId: request.studentId,
        athleteId: request.athleteId,
        coachId: request.coachId,
        timeSlotId: slot.id,
        rateId: rate?.id ?? null,
        sessionType: request.sessionType,
        durationMinutes: request.durationMinutes,
        rateCents: request.rateCents,
        notes: request.message,
        startsAt: request.requestedStartsAt,
        endsAt: request.requestedEndsAt,
        sessionRequestId: request.id,
      },
      now,
    );
    await repo.updateRequest(tx, request.id, {
      status: "accepted",
      timeSlotId: slot.id,
      bookingId: booking.id,
      respondedAt: now,
      updatedAt: now,
    });
    const place = {
      locationName: slot.locationName,
      locationAddress: slot.locationAddress,
      locationLat: slot.locationLat,
      locationLng: slot.locationLng,
      locationNotes: slot.locationNotes,
    };
    return { slotId: slot.id, bookingId: booking.id, place };
  });

  const details = present(await repo.findRequestDetails(db, requestId), "the request just answered");
  const request = toApiRequest(details, true, now);
  await publishSlotCreated(deps, slotId, details.coach.timeZone);
  await publishEvents(deps, [
    calendarEvents.bookingUpdated({
      id: bookingId,
      coachId: details.coach.id,
      studentId: details.request.studentId,
      status: "pending",
      timeSlotId: slotId,
    }),
  ]);
  await publishRequest(deps, details.request);
  await notifyStudentAccepted(deps, request, await audienceOfRequest(deps, details), { id: bookingId, place });
  return { success: true, message: SessionRequestMessages.ACCEPTED, request, bookingId };
}

/** POST /api/session-requests/{id}/decline, with the coach's optional message. */
export async function declineRequest(deps: AppDeps, user: UserRow, requestId: number, message: string | null): Promise<SessionRequest> {
  const before = await requireOwnCoachRequest(deps, user, requestId);
  requirePending(before.request);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, requestId);
    if (!request) throw notFound(SessionRequestMessages.NOT_FOUND);
    requirePending(request);
    await repo.updateRequest(tx, requestId, { status: "declined", coachResponse: message, respondedAt: now, updatedAt: now });
  });
  const details = present(await repo.findRequestDetails(deps.database.db, requestId), "the request just changed");
  await publishRequest(deps, details.request);
  await notifyStudentDeclined(deps, toApiRequest(details, false, now), await audienceOfRequest(deps, details));
  return toApiRequest(details, true, now);
}

/** DELETE /api/session-requests/{id}: the student withdraws a pending request; the row is kept as cancelled. */
export async function cancelRequest(deps: AppDeps, user: UserRow, requestId: number): Promise<SessionRequest> {
  const before = await repo.findRequestDetails(deps.database.db, requestId);
  // Someone else's request answers like a missing one: ids do not leak.
  if (!before || !(await isGuardianOfAthlete(deps.database.db, user.id, before.request.athleteId))) {
    throw notFound(SessionRequestMessages.NOT_FOUND);
  }
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, requestId);
    if (!request) throw notFound(SessionRequestMessages.NOT_FOUND);
    requirePending(request);
    await repo.updateRequest(tx, requestId, { status: "cancelled", updatedAt: now });
  });
  const details = present(await repo.findRequestDetails(deps.database.db, requestId), "the request just changed");
  await publishRequest(deps, details.request);
  await notifyCoachCancelled(deps, toApiRequest(details, false, now), details.coachUser, details.student);
  return toApiRequest(details, false, now);
}

/** Sweep: pending requests the coach did not answer by 4 hours before the start expire (DESIGN.md 4 and 7). */
export async function expireRequests(deps: AppDeps, options: { batchSize?: number } = {}): Promise<repo.ExpiredRequest[]> {
  const batchSize = options.batchSize ?? 200;
  const all: repo.ExpiredRequest[] = [];
  for (let round = 0; round < 50; round++) {
    const now = deps.clock.now();
    const expired = await deps.database.db.transaction((tx) => repo.expireRequestsBatch(tx, now, REQUEST_MIN_ADVANCE_MS, batchSize));
    all.push(...expired);
    if (expired.length < batchSize) break;
  }
  for (const row of all) await announceExpired(deps, row.id);
  return all;
}

/** Expires one request whose deadline passed before the sweep reached it (an answer arrived too late). */
async function expireLateRequest(deps: AppDeps, requestId: number): Promise<void> {
  const now = deps.clock.now();
  const expired = await deps.database.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, requestId);
    if (!request || request.status !== "pending" || !isPastDeadline(request, now)) return false;
    await repo.updateRequest(tx, requestId, { status: "expired", updatedAt: now });
    return true;
  });
  if (expired) await announceExpired(deps, requestId);
}

async function announceExpired(deps: AppDeps, requestId: number): Promise<void> {
  const details = await repo.findRequestDetails(deps.database.db, requestId);
  if (!details) return;
  await publishRequest(deps, details.request);
  await notifyStudentExpired(deps, toApiRequest(details, false, deps.clock.now()), await audienceOfRequest(deps, details));
}

/** Who hears about a request: every guardian of its athlete's family, by the one audience rule (DESIGN.md 11). */
function audienceOfRequest(deps: AppDeps, details: repo.RequestDetails): Promise<FamilyAudience> {
  return familyAudience(deps.database.db, { athleteId: details.request.athleteId, userId: details.request.studentId }, deps.clock.now());
}

async function publishRequest(deps: AppDeps, request: repo.RequestRow): Promise<void> {
  await publishEvents(deps, [calendarEvents.requestUpdated(request)]);
}

/** The API shape of a request; `withStudent` adds the student's contact and profile (for the coach). */
export function toApiRequest(details: repo.RequestDetails, withStudent: boolean, now: Date): SessionRequest {
  const { request: r, coach, coachUser, student } = details;
  const start = instantToLocal(r.requestedStartsAt, coach.timeZone);
  const end = instantToLocal(r.requestedEndsAt, coach.timeZone);
  const result: SessionRequest = {
    id: r.id,
    coachId: r.coachId,
    coach: {
      id: coach.id,
      title: coach.title,
      profileImageUrl: coach.profileImageUrl ?? coachUser.profileImageUrl,
      user: { firstName: coachUser.firstName, lastName: coachUser.lastName },
    },
    studentId: r.studentId,
    athleteId: r.athleteId,
    athlete: details.athlete ? toAthleteSummary(details.athlete, now) : null,
    requestedDate: start.date,
    requestedStartTime: start.time,
    requestedEndTime: end.time,
    requestedStartsAt: r.requestedStartsAt.toISOString(),
    timeZone: coach.timeZone,
    sessionType: r.sessionType,
    groupSize: r.sessionType === "group" ? (r.groupSize ?? MIN_GROUP_CAPACITY) : null,
    duration: r.durationMinutes,
    rate: centsToDecimal(r.rateCents),
    platformFee: centsToDecimal(r.totalCents - r.rateCents),
    totalAmount: centsToDecimal(r.totalCents),
    message: r.message,
    coachResponse: r.coachResponse,
    status: r.status,
    timeSlotId: r.timeSlotId,
    booking: details.booking,
    respondedAt: r.respondedAt ? r.respondedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
  if (withStudent) {
    const { smsOptIn: _smsOptIn, ...profile } = student;
    // Name, age and message until the seat it led to is paid (issue 28); then the guardians' contact too (DESIGN.md 11).
    const paid = details.booking !== null && isSeatPaid(details.booking);
    const people = coachViewOfPeople({ ...details, student: profile }, now, paid);
    result.student = paid ? people.student : withoutContact(people.student);
    result.contact = people.contact;
    if (paid) result.guardians = people.guardians;
  }
  return result;
}
