import { Router } from "express";
import { z } from "zod";
import { BookingRequestSchema, SeriesBookingRequestSchema } from "@contract/bookings";
import { BookingMessages, MAX_SERIES_WEEKS } from "@contract/booking-basics";
import { CancelSessionRequestSchema, SubmitFeedbackRequestSchema } from "@contract/payouts";
import { ListPageQuerySchema } from "@contract/paging";
import { NoShowRequestSchema } from "@contract/progress";
import { notFound } from "../../http/errors";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/rate-limit";
import { providerCallRateLimit } from "../../http/rate-limit";
import { loadSessionWith, requireRole, requireUser } from "../../http/require-session";
import { parseBody, parseIdParam, parseQuery, parsedOrThrow } from "../../http/validate-request";
import { sendPage } from "../../http/list-page";
import { bookSiblings } from "./book-siblings.service";
import { bookingSessionStatement, bookSlot } from "./book-slot.service";
import { getBooking, listAthleteSessions, listCoachBookings, listStudentBookings } from "./bookings.service";
import { requireFamilyAthlete } from "../families/families.service";
import { FamilyMessages } from "@contract/families";
import { cancelOwnBooking } from "./cancel-booking.service";
import { cancelSession } from "./cancel-session.service";
import { submitFeedback } from "./feedback.service";
import { markNoShow, reverseNoShow } from "./no-show.service";
import { payHoldWithCredit } from "./pay-hold-with-credit.service";
import { previewSeries } from "./series-preview.service";
import { recordAdminAction } from "../audit/audit.service";

/**
 * GET /api/bookings/series/preview's query: the fields of a series booking that decide its weeks
 * (server-only, so the schema stays out of the pages' bundles).
 */
const SeriesPreviewQuerySchema = z.object({
  timeSlotId: SeriesBookingRequestSchema.shape.timeSlotId,
  weeks: SeriesBookingRequestSchema.shape.weeks.optional().transform((v) => v ?? MAX_SERIES_WEEKS),
  athleteId: SeriesBookingRequestSchema.shape.athleteId,
  duration: SeriesBookingRequestSchema.shape.duration,
});

/**
 * POST /api/bookings, mounted before the session middleware (app.ts): it loads its session itself,
 * as the middleware does (loadSessionWith), in one statement with the booking's pre-read when the
 * body allows (bookingSessionStatement). When the last seats go, nine requests in ten are refused
 * after that one statement.
 */
export function bookingRequestRouter(deps: AppDeps): Router {
  const router = Router();
  router.post("/bookings", async (req, res) => {
    const body = BookingRequestSchema.safeParse(req.body ?? {});
    const session = await loadSessionWith(deps, req, bookingSessionStatement(body.data));
    // The role first: a coach's booking attempt is refused whatever its body.
    const user = requireRole(req, "player", BookingMessages.ONLY_PLAYERS);
    const input = parsedOrThrow(body);
    // DESIGN.md 12: siblings in one slot, a seat each in one request, answered {bookings}.
    const { athleteIds } = input;
    if (athleteIds) return void res.status(201).json(await bookSiblings(deps, user, { ...input, athleteIds }, clientIp(req)));
    res.status(201).json(await bookSlot(deps, user, input, clientIp(req), session?.preRead));
  });
  return router;
}

/** A booking's whole life: made and read here (made: bookingRequestRouter), cancelled by its coach, closed by the coach's feedback. */
export function bookingsRouter(deps: AppDeps): Router {
  const router = Router();
  // Each of these may call the payment provider (refunds, transfers, intents): throttled per user (issue 28).
  const providerCalls = providerCallRateLimit({ db: deps.database.db, clock: deps.clock });

  // An athlete's sessions with the coach's feedback (the athlete's page): a guardian of the athlete's family.
  router.get("/athletes/:id/sessions", async (req, res) => {
    const user = requireRole(req, "player", FamilyMessages.ONLY_PLAYERS);
    const athlete = await requireFamilyAthlete(deps, user, parseIdParam(req));
    res.json(await listAthleteSessions(deps, athlete.id));
  });

  // Which weeks a series booking would take, before anything is held (DESIGN.md 11).
  router.get("/bookings/series/preview", async (req, res) => {
    const user = requireRole(req, "player", BookingMessages.ONLY_PLAYERS);
    res.json(await previewSeries(deps, user, parseQuery(req, SeriesPreviewQuerySchema)));
  });

  // Before /bookings/:id, which would otherwise take "student" and "coach" for ids.
  // Both page (decision 012): ?cursor= from the previous answer's X-Next-Cursor.
  router.get("/bookings/student", async (req, res) => {
    const user = requireUser(req);
    const { cursor } = parseQuery(req, ListPageQuerySchema);
    sendPage(res, await listStudentBookings(deps, user, cursor));
  });

  router.get("/bookings/coach", async (req, res) => {
    const user = requireRole(req, "coach", BookingMessages.ONLY_COACHES);
    const { cursor } = parseQuery(req, ListPageQuerySchema);
    sendPage(res, await listCoachBookings(deps, user, cursor));
  });

  router.get("/bookings/:id", async (req, res) => {
    const user = requireUser(req);
    res.json(await getBooking(deps, user, parseIdParam(req)));
  });

  // The student's own cancellation (DESIGN.md 10); POST .../cancel below stays the coach's.
  router.delete("/bookings/:id", providerCalls, async (req, res) => {
    const user = requireUser(req);
    res.json(await cancelOwnBooking(deps, user, parseIdParam(req)));
  });

  // DESIGN.md 12, credits first: an unpaid hold (its whole checkout) paid with the family's credits, no card.
  router.post("/bookings/:id/pay-with-credit", providerCalls, async (req, res) => {
    const user = requireRole(req, "player", BookingMessages.ONLY_PLAYERS);
    res.json(await payHoldWithCredit(deps, user, parseIdParam(req)));
  });

  router.post("/bookings/:id/cancel", providerCalls, async (req, res) => {
    const user = requireRole(req, "coach");
    const id = parseIdParam(req);
    const { reason } = parseBody(req, CancelSessionRequestSchema);
    res.json(await cancelSession(deps, user, id, reason));
  });

  router.post("/bookings/:id/submit-feedback", providerCalls, async (req, res) => {
    const user = requireRole(req, "coach");
    const id = parseIdParam(req);
    res.json(await submitFeedback(deps, user, id, parseBody(req, SubmitFeedbackRequestSchema)));
  });

  // DESIGN.md 11: only the session's coach; anyone else (another coach, the family, a stranger) gets 404.
  router.post("/bookings/:id/no-show", providerCalls, async (req, res) => {
    const user = requireUser(req);
    const id = parseIdParam(req);
    if (user.userType !== "coach") throw notFound(BookingMessages.BOOKING_NOT_FOUND);
    const { note } = parseBody(req, NoShowRequestSchema);
    res.json(await markNoShow(deps, user, id, note));
  });

  return router;
}

/** Mounted under /api/admin (one admin guard): an admin undoes a no-show (refund in full, payout taken back or owed). */
export function bookingsAdminRouter(deps: AppDeps): Router {
  const router = Router();
  router.post("/bookings/:id/reverse-no-show", async (req, res) => {
    const id = parseIdParam(req);
    const answer = await reverseNoShow(deps, id);
    await recordAdminAction(
      deps.database.db,
      { adminId: requireUser(req).id, action: "no_show_reversed", subject: `booking ${id}` },
      deps.clock.now(),
    );
    res.json(answer);
  });
  return router;
}
