import { Router } from "express";
import type { AppDeps } from "../../deps";
import { listMoneyIssues } from "./money-issues.service";

/** The admin's view of money that needs a person: disputes, stuck refunds and payouts. Mounted under /api/admin, behind its guard. */
export function moneyIssuesRouter(deps: AppDeps): Router {
  const router = Router();
  router.get("/money-issues", async (_req, res) => {
    res.json(await listMoneyIssues(deps));
  });
  return router;
}
