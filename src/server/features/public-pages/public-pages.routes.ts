import { Router, type Response } from "express";
import type { AppDeps } from "../../deps";
import { requireRole } from "../../http/require-session";
import { getCoachProfile } from "../search/search.service";
import { coachImageEtag, coachOgImage, siteOgImage } from "./og-image";
import { findPublicCoach } from "./public-coaches.service";
import { getShareLink } from "./share-link.service";
import { coachSitemap, placesSitemap, robotsTxt, sitemapIndex } from "./sitemap.service";

/** robots.txt and the sitemap may be kept a minute (DESIGN.md 12: a change shows within one). */
const ONE_MINUTE = "public, max-age=60";

const notFoundText = (res: Response) => res.status(404).type("text/plain").setHeader("Cache-Control", "no-store").send("Not found");

/**
 * What crawlers and link previews read beside the pages (DESIGN.md 12): robots.txt, the sitemap
 * index and its files, and each coach's 1200x630 preview image. Mounted at the site's root, before
 * the client's pages.
 */
export function publicPagesRouter(deps: AppDeps): Router {
  const router = Router();

  router.get("/robots.txt", (_req, res) => {
    res.setHeader("Cache-Control", ONE_MINUTE);
    res.type("text/plain").send(robotsTxt(deps));
  });

  router.get("/sitemap.xml", async (_req, res) => {
    res.setHeader("Cache-Control", ONE_MINUTE);
    res.type("application/xml").send(await sitemapIndex(deps));
  });

  router.get("/sitemaps/:file", async (req, res) => {
    const file = req.params.file;
    if (file === "places.xml") {
      res.setHeader("Cache-Control", ONE_MINUTE);
      res.type("application/xml").send(await placesSitemap(deps));
      return;
    }
    const match = /^coaches-([1-9]\d{0,5})\.xml$/.exec(file);
    const xml = match ? await coachSitemap(deps, Number(match[1])) : null;
    if (xml === null) return void notFoundText(res);
    res.setHeader("Cache-Control", ONE_MINUTE);
    res.type("application/xml").send(xml);
  });

  router.get("/og/site.png", async (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.type("image/png").send(await siteOgImage());
  });

  // The image changes with the profile: its ETag is the coach's last change, so a preview fetched
  // again after an edit gets the new one, and an unchanged one a 304 without drawing.
  router.get("/og/coach/:file", async (req, res) => {
    const match = /^(\d{1,9})\.png$/.exec(req.params.file);
    const coach = match ? await findPublicCoach(deps, Number(match[1])) : undefined;
    if (!coach) return void notFoundText(res);
    const etag = coachImageEtag(coach.id, coach.lastChangedAt);
    res.setHeader("Cache-Control", "public, max-age=60, must-revalidate");
    res.setHeader("ETag", etag);
    if (req.headers["if-none-match"] === etag) return void res.status(304).end();
    const image = await coachOgImage(deps, await getCoachProfile(deps, coach.id), etag);
    res.type("image/png").send(image.png);
  });

  return router;
}

/** The coach's own public link as it is shared (issue 44), under /api: the dashboard's "Share your profile". */
export function shareLinkRouter(deps: AppDeps): Router {
  const router = Router();

  router.get("/coach/share-link", async (req, res) => {
    const user = requireRole(req, "coach");
    res.json(await getShareLink(deps, user));
  });

  return router;
}
