import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireUser } from "../../http/require-session";
import { scheduleOf } from "./schedule.service";

/** DESIGN 12 "In the pocket": what a signed-in user needs at the field, kept for offline use by the service worker. */
export function scheduleRouter(deps: AppDeps): Router {
  const router = Router();
  router.get("/schedule", async (req, res) => {
    const user = requireUser(req);
    res.json(await scheduleOf(deps, user.id));
  });
  return router;
}
