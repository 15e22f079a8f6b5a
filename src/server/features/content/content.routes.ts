import { Router } from "express";
import {
  CONTACT_SUCCESS_MESSAGE,
  ContactRequestSchema,
  ContentBlockCreateSchema,
  ContentBlockUpdateSchema,
  TestimonialCreateSchema,
  TestimonialUpdateSchema,
  type ContactResponse,
} from "@contract/content";
import { termsOfService } from "@contract/legal";
import { LimitMessages, MAX_CONTACT_MESSAGES_PER_HOUR } from "@contract/limits";
import type { AppDeps } from "../../deps";
import { cachePublicRead } from "../../http/cache-headers";
import { clientIp, hourlyRateLimit } from "../../http/rate-limit";
import { parseBody, parseIdParam } from "../../http/validate-request";
import * as content from "./content.service";
import { renderLegalPdf } from "./terms-pdf";

/** Contact form, legal PDF, public marketing content and its admin API (player-side 5 and 7, coach-side 5 and 7). */
export function contentRouter(deps: AppDeps): Router {
  const router = Router();
  // The terms only change with a deploy, so one rendering per process serves every download.
  let termsPdf: Promise<Buffer> | undefined;

  // Each message mails the support inbox: a few per address and hour (sends that succeed count).
  const contactPerAddress = hourlyRateLimit(deps, {
    prefix: "contact:",
    limit: MAX_CONTACT_MESSAGES_PER_HOUR,
    key: clientIp,
    message: LimitMessages.TOO_MANY_CONTACT_MESSAGES,
    countOnly: (res) => res.statusCode < 400,
  });

  router.post("/contact", contactPerAddress, async (req, res) => {
    const message = parseBody(req, ContactRequestSchema);
    await content.submitContactMessage(deps, message);
    const body: ContactResponse = { success: true, message: CONTACT_SUCCESS_MESSAGE };
    res.status(201).json(body);
  });

  router.get("/testimonials", async (_req, res) => {
    cachePublicRead(res);
    res.json(await content.listTestimonials(deps));
  });

  // DESIGN 11: the landing and login pages show only figures counted from the data.
  router.get("/public-figures", async (_req, res) => {
    cachePublicRead(res);
    res.json(await content.getPublicFigures(deps));
  });

  router.get("/content-blocks", async (_req, res) => {
    cachePublicRead(res);
    res.json(await content.listContentBlocks(deps));
  });

  router.get("/generate-pdf/terms-of-service", async (_req, res) => {
    termsPdf ??= renderLegalPdf(termsOfService, { createdAt: deps.clock.now() });
    let pdf: Buffer;
    try {
      pdf = await termsPdf;
    } catch (error) {
      termsPdf = undefined;
      throw error;
    }
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", 'attachment; filename="terms-of-service.pdf"');
    res.setHeader("Content-Length", String(pdf.length));
    res.send(pdf);
  });

  return router;
}

/** The admin API of the marketing content, mounted under /api/admin behind the admin guard (app.ts). */
export function contentAdminRouter(deps: AppDeps): Router {
  const router = Router();

  router.post("/content-blocks", async (req, res) => {
    const values = parseBody(req, ContentBlockCreateSchema);
    res.status(201).json(await content.createContentBlock(deps, values));
  });

  router.put("/content-blocks/:id", async (req, res) => {
    const id = parseIdParam(req);
    const changes = parseBody(req, ContentBlockUpdateSchema);
    res.json(await content.updateContentBlock(deps, id, changes));
  });

  router.delete("/content-blocks/:id", async (req, res) => {
    await content.deleteContentBlock(deps, parseIdParam(req));
    res.status(204).end();
  });

  router.post("/testimonials", async (req, res) => {
    const values = parseBody(req, TestimonialCreateSchema);
    res.status(201).json(await content.createTestimonial(deps, values));
  });

  router.put("/testimonials/:id", async (req, res) => {
    const id = parseIdParam(req);
    const changes = parseBody(req, TestimonialUpdateSchema);
    res.json(await content.updateTestimonial(deps, id, changes));
  });

  router.delete("/testimonials/:id", async (req, res) => {
    await content.deleteTestimonial(deps, parseIdParam(req));
    res.status(204).end();
  });

  return router;
}
