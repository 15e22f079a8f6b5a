import { Router, type RequestHandler } from "express";
import multer from "multer";
import type { AppDeps } from "../../deps";
import { AppError, badRequest } from "../../http/errors";
import { requireUser } from "../../http/require-session";
import { ErrorCode } from "@contract/error-basics";
import { LimitMessages, MAX_UPLOADS_PER_HOUR } from "@contract/limits";
import { hourlyRateLimit, signedInUser } from "../../http/rate-limit";
import { MAX_IMAGE_BYTES, UploadMessages } from "@contract/uploads";
import { storeImage } from "./uploads.service";

export function uploadsRouter(deps: AppDeps): Router {
  const router = Router();
  // POST /api/upload (field "photo"): any signed-in user; answers the stored image's URL.
  router.post("/upload", ...receiveImageUpload(deps, "photo"), async (req, res) => {
    res.status(201).json({ url: await storeImage(deps, requireFile(req.file)) });
  });
  return router;
}

/**
 * The steps before any route that takes an image (here and in features that keep one, as the
 * user's photo): signed in, within the hourly limit of uploads (one count for every such route),
 * the file read into memory within its size. Then `requireFile(req.file)` gives its bytes.
 */
export function receiveImageUpload(deps: AppDeps, field: string): RequestHandler[] {
  // Each upload is decoded and stored: one account may send only so many an hour.
  const uploadsPerUser = hourlyRateLimit(deps, {
    prefix: "upload:",
    limit: MAX_UPLOADS_PER_HOUR,
    key: signedInUser,
    message: LimitMessages.TOO_MANY_UPLOADS,
  });
  return [signedIn, uploadsPerUser, receiveImage(field)];
}

// Checked before multer reads the body, so a signed-out upload is refused without buffering it.
const signedIn: RequestHandler = (req, _res, next) => {
  requireUser(req);
  next();
};

function receiveImage(field: string): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } }).single(field);
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === "LIMIT_FILE_SIZE") return next(new AppError(413, ErrorCode.VALIDATION, UploadMessages.IMAGE_TOO_LARGE, field));
        return next(badRequest(UploadMessages.NOT_AN_IMAGE, field));
      }
      // A malformed multipart body is the client's mistake, not ours.
      next(badRequest(UploadMessages.NOT_AN_IMAGE, field));
    });
  };
}

export function requireFile(file: Express.Multer.File | undefined): Buffer {
  if (!file || file.size === 0) throw badRequest(UploadMessages.NOT_AN_IMAGE);
  return file.buffer;
}
