import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { createLocalStorage, UPLOADS_URL_PREFIX } from "../../adapters/storage";
import type { AppDeps } from "../../deps";
import { AppError, badRequest } from "../../http/errors";
import { UploadMessages } from "@contract/uploads";
import { findCoachPhotoOfUser, isImageReferenced } from "./uploads.repository";

/** 24 megapixels: any phone photo, while a small file cannot make the server decode a gigantic bitmap. */
export const MAX_IMAGE_PIXELS = 24_000_000;

/** Raster formats a browser may send; SVG and PDF decode in sharp too, but are not photos. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif", "tiff"]);
const MAX_SIDE = 800;

/**
 * Decodes the bytes (never trusting the name or the declared type), re-encodes them as WebP with
 * the EXIF rotation applied and at most 800x800, stores them and returns the public URL.
 */
export async function storeImage(deps: AppDeps, bytes: Buffer): Promise<string> {
  let image: Buffer;
  try {
    // limitInputPixels guards against decompression bombs; failOn "error" refuses truncated files.
    const input = sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS, animated: false });
    const meta = await input.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw badRequest(UploadMessages.NOT_AN_IMAGE, "image");
    image = await input.rotate().resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(UploadMessages.NOT_AN_IMAGE, "image");
  }
  // Random names: a URL never changes meaning, so it can be cached forever.
  const name = `${randomBytes(16).toString("hex")}.webp`;
  return createLocalStorage(deps.config.dataDir).put(name, image, "image/webp");
}

/**
 * Deletes uploads that a change replaced, once nothing shows them any more (an upload can be shown
 * in several places: the user's and the coach profile's photo). A failure only leaves a file behind.
 */
export async function removeReplacedImages(deps: AppDeps, urls: (string | null | undefined)[]): Promise<void> {
  const storage = createLocalStorage(deps.config.dataDir);
  for (const url of new Set(urls)) {
    if (!url?.startsWith(UPLOADS_URL_PREFIX)) continue;
    try {
      if (!(await isImageReferenced(deps.database.db, url))) await storage.remove(url);
    } catch (err) {
      deps.logger.warn({ err }, "could not remove a replaced upload");
    }
  }
}

export async function coachPhotoOfUser(deps: AppDeps, userId: number): Promise<string | null> {
  return findCoachPhotoOfUser(deps.database.db, userId);
}
