import { Router } from "express";
import { CoachProfileSchema, CoachProfileUpdateSchema } from "@contract/coaches";
import type { AppDeps } from "../../deps";
import { requireRole, requireUser } from "../../http/require-session";
import { parseBody, parseIdParam } from "../../http/validate-request";
import { createCoachProfile, getCoachProfileOfUser, promoGraphicOf, updateCoachProfile } from "./coaches.service";

export function coachesRouter(deps: AppDeps): Router {
  const router = Router();

  router.get("/coaches/user/:userId", async (req, res) => {
    const viewer = requireUser(req);
    res.json(await getCoachProfileOfUser(deps, viewer, parseIdParam(req, "userId")));
  });

  router.post("/coaches", async (req, res) => {
    const user = requireRole(req, "coach");
    const input = parseBody(req, CoachProfileSchema);
    res.status(201).json(await createCoachProfile(deps, user, input));
  });

  router.put("/coaches/:id", async (req, res) => {
    const user = requireUser(req);
    const id = parseIdParam(req);
    const input = parseBody(req, CoachProfileUpdateSchema);
    res.json(await updateCoachProfile(deps, user, id, input));
  });

  router.get("/coaches/:id/promo.png", async (req, res) => {
    const user = requireUser(req);
    const { png, fileName } = await promoGraphicOf(deps, user, parseIdParam(req));
    res.setHeader("Content-Type", "image/png");
    res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
    res.setHeader("Cache-Control", "private, no-store");
    res.send(png);
  });

  return router;
}
