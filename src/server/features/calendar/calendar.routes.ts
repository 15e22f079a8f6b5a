import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireUser } from "../../http/require-session";
import { parseIdParam } from "../../http/validate-request";
import { bookingCalendarFile, calendarFeed, getFeedToken, revokeFeedToken } from "./calendar.service";

/** Calendar files: one session's .ics, the private feed and its token (DESIGN.md 10). */
export function calendarRouter(deps: AppDeps): Router {
  const router = Router();

  router.get("/calendar/token", async (req, res) => {
    res.json(await getFeedToken(deps, requireUser(req)));
  });

  router.delete("/calendar/token", async (req, res) => {
    await revokeFeedToken(deps, requireUser(req));
    res.json({ success: true, message: "Calendar link revoked" });
  });

  // The feed is fetched by calendar apps that carry no session: the token alone opens it.
  router.get("/calendar.ics", async (req, res) => {
    const body = await calendarFeed(deps, req.query.token);
    res.set("Cache-Control", "no-store").type("text/calendar; charset=utf-8").send(body);
  });

  router.get("/bookings/:id/calendar.ics", async (req, res) => {
    const user = requireUser(req);
    const body = await bookingCalendarFile(deps, user, parseIdParam(req));
    res
      .set("Cache-Control", "no-store")
      .set("Content-Disposition", `attachment; filename="lacrosse-session-${req.params.id}.ics"`)
      .type("text/calendar; charset=utf-8")
      .send(body);
  });

  return router;
}
