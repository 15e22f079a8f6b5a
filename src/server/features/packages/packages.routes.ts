import { Router } from "express";
import { z } from "zod";
import { CreatePackageRequestSchema, PackageMessages, PurchasePackageRequestSchema, UpdatePackageRequestSchema } from "@contract/packages";
import type { AppDeps } from "../../deps";
import { providerCallRateLimit } from "../../http/rate-limit";
import { requireRole, requireUser } from "../../http/require-session";
import { parseBody, parseIdParam, parseQuery } from "../../http/validate-request";
import { getCreditLedger, listCredits } from "../credits/credits.service";
import { archivePackage, createPackage, listCoachPackages, updatePackage } from "./packages.service";
import { refundUnusedCredits, startPurchase } from "./purchases.service";

const CreditsQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  coachId: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
});

const PackagesQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,2}\.\d{1,9}$/)
    .transform((v) => {
      const [sessionCount = NaN, id = NaN] = v.split(".").map(Number);
      return { sessionCount, id };
    })
    .optional()
    .catch(undefined),
});

/** Packages a coach sells, their purchase, and the family's credits (DESIGN.md 11). */
export function packagesRouter(deps: AppDeps): Router {
  const router = Router();
  // A purchase and a credit refund call the payment provider: the same per-user throttle as the other such calls (issue 28, DESIGN.md 12).
  const providerCalls = providerCallRateLimit({ db: deps.database.db, clock: deps.clock });

  router.post("/packages", async (req, res) => {
    const user = requireRole(req, "coach", PackageMessages.COACHES_ONLY);
    res.status(201).json(await createPackage(deps, user, parseBody(req, CreatePackageRequestSchema)));
  });

  router.put("/packages/:id", async (req, res) => {
    const user = requireRole(req, "coach", PackageMessages.COACHES_ONLY);
    const id = parseIdParam(req);
    res.json(await updatePackage(deps, user, id, parseBody(req, UpdatePackageRequestSchema)));
  });

  router.delete("/packages/:id", async (req, res) => {
    const user = requireRole(req, "coach", PackageMessages.COACHES_ONLY);
    res.json(await archivePackage(deps, user, parseIdParam(req)));
  });

  // Public: visitors compare a coach's packages before signing in (DESIGN.md 11).
  router.get("/coaches/:id/packages", async (req, res) => {
    const { cursor } = parseQuery(req, PackagesQuerySchema);
    const page = await listCoachPackages(deps, parseIdParam(req), cursor);
    if (page.nextCursor) res.setHeader("X-Next-Cursor", page.nextCursor);
    res.json(page.packages);
  });

  router.post("/packages/:id/purchase", providerCalls, async (req, res) => {
    const user = requireRole(req, "player", PackageMessages.PLAYERS_ONLY);
    const id = parseIdParam(req);
    res.status(201).json(await startPurchase(deps, user, id, parseBody(req, PurchasePackageRequestSchema)));
  });

  router.get("/credits", async (req, res) => {
    const user = requireUser(req);
    const query = parseQuery(req, CreditsQuerySchema);
    const page = await listCredits(deps, user, query);
    if (page.nextCursor) res.setHeader("X-Next-Cursor", page.nextCursor);
    res.json(page.credits);
  });

  router.get("/credits/:id/ledger", async (req, res) => {
    res.json(await getCreditLedger(deps, requireUser(req), parseIdParam(req)));
  });

  router.post("/credits/:id/refund", providerCalls, async (req, res) => {
    const user = requireRole(req, ["coach", "admin"]);
    res.json(await refundUnusedCredits(deps, user, parseIdParam(req)));
  });

  return router;
}
