import { Router, type RequestHandler } from "express";
import multer from "multer";
import type { AppDeps } from "../../deps";
import { AppError, badRequest } from "../../http/errors";
import { requireUser } from "../../http/require-session";
import { ErrorCode } from "@contract/error-basics";
import { setCoachPhotoOfUser } from "../coaches/coaches.service";
import { setProfileImage } from "../users/users.service";
import { LimitMessages, MAX_UPLOADS_PER_HOUR } from "@contract/limits";
import { hourlyRateLimit, signedInUser } from "../../http/rate-limit";
import { MAX_IMAGE_BYTES, UploadMessages } from "@contract/uploads";
import { coachPhotoOfUser, removeReplacedImages, storeImage } from "./uploads.service";

export function uploadsRouter(deps: AppDeps): Router {
  const router = Router();
  // Each upload is decoded and stored: one account may send only so many an hour.
  const uploadsPerUser = hourlyRateLimit(deps, {
    prefix: "upload:",
    limit: MAX_UPLOADS_PER_HOUR,
    key: signedInUser,
    message: LimitMessages.TOO_MANY_UPLOADS,
  });

  // POST /api/upload (field "photo"): any signed-in user; answers the stored image's URL.
  router.post("/upload", signedIn, uploadsPerUser, receiveImage("photo"), async (req, res) => {
    res.status(201).json({ url: await storeImage(deps, requireFile(req.file)) });
  });

  // POST /api/upload/profile-image (field "image"): also becomes the user's (and their coach profile's) photo.
  router.post("/upload/profile-image", signedIn, uploadsPerUser, receiveImage("image"), async (req, res) => {
    const user = requireUser(req);
    const url = await storeImage(deps, requireFile(req.file));
    const replaced = [user.profileImageUrl, await coachPhotoOfUser(deps, user.id)];
    await setProfileImage(deps, user.id, url);
    await setCoachPhotoOfUser(deps, user.id, url);
    await removeReplacedImages(deps, replaced);
    res.status(201).json({ url });
  });

  return router;
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

function requireFile(file: Express.Multer.File | undefined): Buffer {
  if (!file || file.size === 0) throw badRequest(UploadMessages.NOT_AN_IMAGE);
  return file.buffer;
}
