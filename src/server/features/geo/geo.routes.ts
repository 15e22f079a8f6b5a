import { Router } from "express";
import { ZIPCODE_FORMAT_MESSAGE, ZIPCODE_PATTERN } from "@contract/coaches";
import type { AppDeps } from "../../deps";
import { badRequest, notFound } from "../../http/errors";
import { lookupZip } from "./geo.service";

export function geoRouter(deps: AppDeps): Router {
  const router = Router();

  // Public: the coach profile form and the player forms look up a ZIP before anyone is signed in.
  router.get("/geo/zip/:zip", async (req, res) => {
    const zip = String(req.params.zip);
    if (!ZIPCODE_PATTERN.test(zip)) throw badRequest(ZIPCODE_FORMAT_MESSAGE, "zip");
    const found = await lookupZip(deps.database.db, zip);
    if (!found) throw notFound("ZIP code not found");
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.json(found);
  });

  return router;
}
