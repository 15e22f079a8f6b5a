import { Router } from "express";
import { ListPageQuerySchema } from "@contract/paging";
import type { AppDeps } from "../../deps";
import { sendPage } from "../../http/list-page";
import { parseQuery } from "../../http/validate-request";
import { listAuditLog } from "./audit.service";

/** Under /api/admin (the one admin guard in app.ts): every admin action, newest first. */
export function auditAdminRouter(deps: AppDeps): Router {
  const router = Router();
  router.get("/audit-log", async (req, res) => {
    const { cursor } = parseQuery(req, ListPageQuerySchema);
    sendPage(res, await listAuditLog(deps, cursor));
  });
  return router;
}
