import { Router } from "express";
import { EarningsQuerySchema } from "@contract/earnings";
import { SkillsQuerySchema } from "@contract/progress";
import type { AppDeps } from "../../deps";
import { requireRole, requireUser } from "../../http/require-session";
import { parseIdParam, parseQuery } from "../../http/validate-request";
import { getEarningsCsv, getEarningsSeries, getStatement } from "./earnings.service";
import { getAthleteProgress, listSkills } from "./progress.service";
import { renderStatementPdf } from "./statement-pdf";

/** The athlete's development record and the coach's business over time (DESIGN.md 11). */
export function progressRouter(deps: AppDeps): Router {
  const router = Router();

  router.get("/skills", async (req, res) => {
    const user = requireUser(req);
    res.json(await listSkills(deps, user, parseQuery(req, SkillsQuerySchema)));
  });

  router.get("/athletes/:id/progress", async (req, res) => {
    const user = requireUser(req);
    res.json(await getAthleteProgress(deps, user, parseIdParam(req)));
  });

  router.get("/coach/earnings", async (req, res) => {
    const user = requireRole(req, "coach");
    res.json(await getEarningsSeries(deps, user, parseQuery(req, EarningsQuerySchema)));
  });

  router.get("/coach/earnings.csv", async (req, res) => {
    const user = requireRole(req, "coach");
    const { filename, csv } = await getEarningsCsv(deps, user, parseQuery(req, EarningsQuerySchema));
    res.type("text/csv; charset=utf-8").attachment(filename).send(csv);
  });

  // The PDF before the JSON twin, whose :year would otherwise take "2026.pdf".
  router.get("/coach/statements/:year.pdf", async (req, res) => {
    const user = requireRole(req, "coach");
    const statement = await getStatement(deps, user, String(req.params.year));
    const pdf = await renderStatementPdf(statement, { createdAt: deps.clock.now() });
    res.type("application/pdf").attachment(`statement-${statement.year}.pdf`).send(pdf);
  });

  router.get("/coach/statements/:year", async (req, res) => {
    const user = requireRole(req, "coach");
    res.json(await getStatement(deps, user, String(req.params.year)));
  });

  return router;
}
