import { describe, expect, it } from "vitest";
import { checkImageFile, MAX_IMAGE_BYTES, type ImageFileMessages } from "./image-file";

const notImage = { title: "Not an image", description: "Pick an image" };
const tooLarge = { title: "Too big", description: "Pick a smaller image" };
const typeFirst: ImageFileMessages = { notImage, tooLarge, order: "type-first" };
const sizeFirst: ImageFileMessages = { notImage, tooLarge, order: "size-first" };

const file = (type: string, size: number) => ({ type, size });

describe("checkImageFile", () => {
  it("accepts an image of exactly 5MB", () => {
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
    expect(checkImageFile(file("image/png", MAX_IMAGE_BYTES), typeFirst)).toEqual({ ok: true });
    expect(checkImageFile(file("image/jpeg", 1), sizeFirst)).toEqual({ ok: true });
  });

  it("refuses an image one byte over 5MB with the page's too-large message", () => {
    expect(checkImageFile(file("image/png", MAX_IMAGE_BYTES + 1), typeFirst)).toEqual({ ok: false, ...tooLarge });
    expect(checkImageFile(file("image/png", MAX_IMAGE_BYTES + 1), sizeFirst)).toEqual({ ok: false, ...tooLarge });
  });

  it("refuses a file that is not an image, or has no type, with the page's not-an-image message", () => {
    expect(checkImageFile(file("application/pdf", 100), typeFirst)).toEqual({ ok: false, ...notImage });
    expect(checkImageFile(file("", 100), sizeFirst)).toEqual({ ok: false, ...notImage });
  });

  it("reports the first broken rule in the page's order when a file breaks both", () => {
    const big = file("text/plain", MAX_IMAGE_BYTES + 1);
    expect(checkImageFile(big, typeFirst)).toEqual({ ok: false, ...notImage });
    expect(checkImageFile(big, sizeFirst)).toEqual({ ok: false, ...tooLarge });
  });
});
