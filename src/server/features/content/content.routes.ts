import { Router, type Request } from "express";
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
import { requireUser } from "../../http/require-session";
import { recordAdminAction, type AdminAction } from "../audit/audit.service";
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
  const audit = (req: Request, action: AdminAction["action"], subject: string) =>
    recordAdminAction(deps.database.db, { adminId: requireUser(req).id, action, subject }, deps.clock.now());

  router.post("/content-blocks", async (req, res) => {
    const values = parseBody(req, ContentBlockCreateSchema);
    const block = await content.createContentBlock(deps, values);
    await audit(req, "content_block_created", `content block ${block.id} (${block.key})`);
    res.status(201).json(block);
  });

  router.put("/content-blocks/:id", async (req, res) => {
    const id = parseIdParam(req);
    const changes = parseBody(req, ContentBlockUpdateSchema);
    const block = await content.updateContentBlock(deps, id, changes);
    await audit(req, "content_block_updated", `content block ${id} (${block.key})`);
    res.json(block);
  });

  router.delete("/content-blocks/:id", async (req, res) => {
    const id = parseIdParam(req);
    await content.deleteContentBlock(deps, id);
    await audit(req, "content_block_deleted", `content block ${id}`);
    res.status(204).end();
  });

  router.post("/testimonials", async (req, res) => {
    const values = parseBody(req, TestimonialCreateSchema);
    const testimonial = await content.createTestimonial(deps, values);
    await audit(req, "testimonial_created", `testimonial ${testimonial.id}`);
    res.status(201).json(testimonial);
  });

  router.put("/testimonials/:id", async (req, res) => {
    const id = parseIdParam(req);
    const changes = parseBody(req, TestimonialUpdateSchema);
    const testimonial = await content.updateTestimonial(deps, id, changes);
    await audit(req, "testimonial_updated", `testimonial ${id}`);
    res.json(testimonial);
  });

  router.delete("/testimonials/:id", async (req, res) => {
    const id = parseIdParam(req);
    await content.deleteTestimonial(deps, id);
    await audit(req, "testimonial_deleted", `testimonial ${id}`);
    res.status(204).end();
  });

  return router;
}
