/** coach-side 5 and 9: an uploaded photo is an image of at most 5MB (the server checks again by its bytes). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImageFileProblem = { title: string; description: string };

export type ImageFileMessages = {
  notImage: ImageFileProblem;
  tooLarge: ImageFileProblem;
  /** The coach pages look at the size first, the player page at the type; a file failing both shows that page's message. */
  order: "type-first" | "size-first";
};

export type ImageFileCheck = { ok: true } | ({ ok: false } & ImageFileProblem);

/** Checks a chosen file before it is uploaded, answering the page's own message for the first rule it breaks. */
export function checkImageFile(file: Pick<File, "type" | "size">, messages: ImageFileMessages): ImageFileCheck {
  const notImage = !file.type.startsWith("image/");
  const tooLarge = file.size > MAX_IMAGE_BYTES;
  const checks: [boolean, ImageFileProblem][] =
    messages.order === "type-first"
      ? [
          [notImage, messages.notImage],
          [tooLarge, messages.tooLarge],
        ]
      : [
          [tooLarge, messages.tooLarge],
          [notImage, messages.notImage],
        ];
  const broken = checks.find(([fails]) => fails);
  return broken ? { ok: false, ...broken[1] } : { ok: true };
}
