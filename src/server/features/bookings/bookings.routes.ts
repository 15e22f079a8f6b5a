import { Router } from "express";
import { BookingMessages, BookingRequestSchema } from "../../../contract/bookings";
import type { AppDeps } from "../../deps";
import { forbidden } from "../../http/errors";
import { requireUser } from "../../http/require-session";
import { parseBody, parseIdParam } from "../../http/validate-request";
import { bookSlot, getBooking, listCoachBookings, listStudentBookings } from "./bookings.service";

export function bookingsRouter(deps: AppDeps): Router {
  const router = Router();

  router.post("/bookings", async (req, res) => {
    const user = requireUser(req);
    // The role first: a coach's booking attempt is refused whatever its body.
    if (user.userType !== "player") throw forbidden(BookingMessages.ONLY_PLAYERS);
    const input = parseBody(req, BookingRequestSchema);
    res.status(201).json(await bookSlot(deps, user, input));
  });

  // Before /bookings/:id, which would otherwise take "student" and "coach" for ids.
  router.get("/bookings/student", async (req, res) => {
    res.json(await listStudentBookings(deps, requireUser(req)));
  });

  router.get("/bookings/coach", async (req, res) => {
    res.json(await listCoachBookings(deps, requireUser(req)));
  });

  router.get("/bookings/:id", async (req, res) => {
    const user = requireUser(req);
    res.json(await getBooking(deps, user, parseIdParam(req)));
  });

  return router;
}
