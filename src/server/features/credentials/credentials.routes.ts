import express, { Router, type RequestHandler } from "express";
import multer from "multer";
import {
  AddCredentialRequestSchema,
  AdminCredentialsQuerySchema,
  CredentialMessages,
  MAX_CREDENTIAL_DOCUMENT_BYTES,
  RejectCredentialRequestSchema,
  SettleScreeningRequestSchema,
} from "@contract/credentials";
import { ErrorCode } from "@contract/error-basics";
import { cursorParam } from "@contract/paging";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, notFound } from "../../http/errors";
import { sendPage } from "../../http/list-page";
import { providerCallRateLimit } from "../../http/rate-limit";
import { requireRole, requireUser } from "../../http/require-session";
import { parseBody, parseIdParam, parseQuery } from "../../http/validate-request";
import {
  addCredential,
  decideCredential,
  handleScreeningWebhook,
  listCredentialsForAdmin,
  listMyCredentials,
  readCredentialDocument,
  removeCredential,
  settleSimulatedScreening,
  startBackgroundCheck,
  uploadCredentialDocument,
} from "./credentials.service";

const AdminListQuerySchema = AdminCredentialsQuerySchema.extend({ cursor: cursorParam });

/** The coach's own credentials (DESIGN 12, Verified coaches), their documents and background checks. */
export function credentialsRouter(deps: AppDeps): Router {
  const router = Router();
  const providerCalls = providerCallRateLimit({ db: deps.database.db, clock: deps.clock });

  router.get("/coach/credentials", async (req, res) => {
    const user = requireRole(req, "coach");
    res.json(await listMyCredentials(deps, user));
  });

  router.post("/coach/credentials", async (req, res) => {
    const user = requireRole(req, "coach");
    res.status(201).json(await addCredential(deps, user, parseBody(req, AddCredentialRequestSchema)));
  });

  router.post("/coach/credentials/:id/document", coachOnly, receiveDocument, async (req, res) => {
    const user = requireRole(req, "coach");
    const id = parseIdParam(req);
    if (!req.file || req.file.size === 0) throw badRequest(CredentialMessages.DOCUMENT_TYPE, "document");
    res.status(201).json(await uploadCredentialDocument(deps, user, id, req.file.buffer));
  });

  // Private: only the credential's coach and admins (DESIGN 12); never under /uploads.
  router.get("/coach/credentials/:id/document", async (req, res) => {
    const user = requireRole(req, ["coach", "admin"]);
    const document = await readCredentialDocument(deps, user, parseIdParam(req));
    res.set({
      "Content-Type": document.contentType,
      "Content-Disposition": `inline; filename="credential-${req.params.id}.${extensionOf(document.contentType)}"`,
      // Shown in its own tab: nothing in it may run or load anything.
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; object-src 'self'; sandbox",
    });
    res.send(document.bytes);
  });

  router.delete("/coach/credentials/:id", async (req, res) => {
    const user = requireRole(req, "coach");
    await removeCredential(deps, user, parseIdParam(req));
    res.status(204).end();
  });

  router.post("/coach/background-check", providerCalls, async (req, res) => {
    const user = requireRole(req, "coach");
    res.status(202).json(await startBackgroundCheck(deps, user));
  });

  // DESIGN 12: with the test clock on, a simulated check is settled here ("clear" or "consider").
  router.post("/test/screening/:credentialId", async (req, res) => {
    if (!deps.config.enableTestClock || deps.config.screening) throw notFound();
    const { result } = parseBody(req, SettleScreeningRequestSchema);
    res.json(await settleSimulatedScreening(deps, parseIdParam(req, "credentialId"), result));
  });

  return router;
}

/** Under /api/admin (the one admin guard in app.ts): the verification queue and its decisions. */
export function credentialsAdminRouter(deps: AppDeps): Router {
  const router = Router();
  router.get("/credentials", async (req, res) => {
    const { status, cursor } = parseQuery(req, AdminListQuerySchema);
    sendPage(res, await listCredentialsForAdmin(deps, status, cursor));
  });
  router.post("/credentials/:id/verify", async (req, res) => {
    const admin = requireUser(req);
    res.json(await decideCredential(deps, admin, parseIdParam(req), { verify: true }));
  });
  router.post("/credentials/:id/reject", async (req, res) => {
    const admin = requireUser(req);
    const { reason } = parseBody(req, RejectCredentialRequestSchema);
    res.json(await decideCredential(deps, admin, parseIdParam(req), { verify: false, reason }));
  });
  return router;
}

/** POST /api/webhooks/screening: mounted before the JSON parser, as the signature covers the raw bytes. */
export function screeningWebhookRouter(deps: AppDeps): Router {
  const router = Router();
  router.post("/webhooks/screening", express.raw({ type: () => true, limit: "256kb" }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await handleScreeningWebhook(deps, body, req.header("screening-signature"));
    res.json({ received: true });
  });
  return router;
}

// Refused before multer reads the body: a signed-out or non-coach upload is not buffered.
const coachOnly: RequestHandler = (req, _res, next) => {
  requireRole(req, "coach");
  next();
};

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_CREDENTIAL_DOCUMENT_BYTES, files: 1, fields: 5 } }).single(
  "document",
);

const receiveDocument: RequestHandler = (req, res, next) => {
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError && err.code === "LIMIT_FILE_SIZE") {
      return next(new AppError(413, ErrorCode.VALIDATION, CredentialMessages.DOCUMENT_TOO_LARGE, "document"));
    }
    // Another field name, several files or a malformed body: the client's mistake.
    next(badRequest(CredentialMessages.DOCUMENT_TYPE, "document"));
  });
};

function extensionOf(contentType: string): string {
  return contentType === "application/pdf" ? "pdf" : contentType === "image/png" ? "png" : "jpg";
}
