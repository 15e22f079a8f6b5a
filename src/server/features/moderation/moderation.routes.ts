import { Router } from "express";
import { ReinstateUserRequestSchema, ResolveReportRequestSchema } from "@contract/moderation";
import type { AppDeps } from "../../deps";
import { requireUser } from "../../http/require-session";
import { parseBody, parseIdParam } from "../../http/validate-request";
import { reinstateUser, resolveReport } from "./moderation.service";

/** Under /api/admin (the one admin guard in app.ts): resolving reported messages and lifting suspensions (DESIGN 12). */
export function moderationAdminRouter(deps: AppDeps): Router {
  const router = Router();
  router.post("/message-reports/:id/resolve", async (req, res) => {
    const admin = requireUser(req);
    const id = parseIdParam(req);
    const input = parseBody(req, ResolveReportRequestSchema);
    res.json(await resolveReport(deps, admin, id, input));
  });
  router.post("/users/:id/reinstate", async (req, res) => {
    const admin = requireUser(req);
    const id = parseIdParam(req);
    res.json(await reinstateUser(deps, admin, id, parseBody(req, ReinstateUserRequestSchema)));
  });
  return router;
}
