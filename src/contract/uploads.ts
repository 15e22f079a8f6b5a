/** Photo uploads (a profile's, a coach's, an athlete's): the largest file taken and the refusals' words. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const UploadMessages = {
  NOT_AN_IMAGE: "Please select an image file",
  IMAGE_TOO_LARGE: "Image must be less than 5MB",
} as const;
