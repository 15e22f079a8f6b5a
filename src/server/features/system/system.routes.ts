import { Router } from "express";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { parseBody } from "../../http/validate-request";
import { runSweeps } from "../../jobs/sweeps";
import { discountClockJump } from "../accounts/sessions.service";

const AdvanceClockSchema = z.object({
  advanceMinutes: z
    .number({ message: "advanceMinutes must be a number of minutes" })
    .min(0, { message: "advanceMinutes must not be negative" })
    .max(60 * 24 * 366, { message: "advanceMinutes is too large" }),
});

export function systemRouter(deps: AppDeps): Router {
  const router = Router();

  router.get("/health", (_req, res) => {
    res.json({ status: "ok" });
  });

  // DESIGN.md 8: the test clock exists only when ENABLE_TEST_CLOCK=true.
  router.get("/test/clock", (_req, res) => {
    if (!deps.config.enableTestClock) throw notFound();
    res.json({ now: deps.clock.now().toISOString() });
  });

  router.post("/test/clock", async (req, res) => {
    if (!deps.config.enableTestClock) throw notFound();
    const { advanceMinutes } = parseBody(req, AdvanceClockSchema);
    deps.clock.advanceMinutes(advanceMinutes);
    await discountClockJump(deps.database.db, advanceMinutes);
    await runSweeps(deps);
    res.json({ now: deps.clock.now().toISOString() });
  });

  return router;
}
