import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireUser } from "../../http/require-session";
import { JoinWaitlistRequestSchema } from "@contract/waitlist";
import { parseBody, parseIdParam } from "../../http/validate-request";
import { joinWaitlist, leaveWaitlist, listMine } from "./waitlist.service";

/** Waitlists of full group slots (issue 16). */
export function waitlistRouter(deps: AppDeps): Router {
  const router = Router();

  router.post("/time-slots/:id/waitlist", async (req, res) => {
    const user = requireUser(req);
    const slotId = parseIdParam(req);
    const { athleteId } = parseBody(req, JoinWaitlistRequestSchema);
    res.status(201).json(await joinWaitlist(deps, user, slotId, athleteId));
  });

  router.get("/waitlist/mine", async (req, res) => {
    res.json(await listMine(deps, requireUser(req)));
  });

  router.delete("/waitlist/:id", async (req, res) => {
    await leaveWaitlist(deps, requireUser(req), parseIdParam(req));
    res.json({ success: true, message: "You left the waitlist." });
  });

  return router;
}
