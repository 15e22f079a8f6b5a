import { z } from "zod";
import { EMAIL_INVALID_MESSAGE, requiredTextField } from "./fields";

/** Contact form (player-side 5). */
export const ContactRequestSchema = z.object({
  name: z
    .string({ message: "Name must be at least 2 characters" })
    .trim()
    .min(2, { message: "Name must be at least 2 characters" })
    .max(200, { message: "Name is too long" }),
  email: z
    .string({ message: EMAIL_INVALID_MESSAGE })
    .trim()
    .pipe(z.email({ message: EMAIL_INVALID_MESSAGE })),
  phone: z
    .string({ message: "Please enter a valid phone number" })
    .trim()
    .min(10, { message: "Please enter a valid phone number" })
    .max(40, { message: "Please enter a valid phone number" }),
  question: z
    .string({ message: "Please provide more details about your question" })
    .trim()
    .min(10, { message: "Please provide more details about your question" })
    .max(5000, { message: "Your question is too long (5000 characters at most)" }),
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

export type Testimonial = {
  id: number;
  name: string;
  role: string | null;
  content: string;
  rating: number;
  imageUrl: string | null;
  order: number;
};

export type ContentBlock = {
  id: number;
  key: string;
  title: string | null;
  content: string | null;
  imageUrl: string | null;
  order: number;
};

// In a module without zod, so that the landing page does not load zod (docs/PERFORMANCE.md).

export const CONTACT_SUCCESS_MESSAGE = "Thank you for contacting us. We'll get back to you soon.";
export type ContactResponse = { success: true; message: string };

/*
 * Admin content (coach-side 3 and 5). The field schemas carry no defaults so that the update
 * schemas (a partial set) never reset a field the admin did not send; the create schemas add the
 * spec's defaults (order 0, rating 5).
 */

const IMAGE_URL_MESSAGE = "Image URL must start with http://, https:// or /";

/** A field left out stays undefined (unchanged on update); a blank or null value clears it to null. */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

const optionalText = (max: number, tooLong: string) =>
  z.string({ message: "Must be text" }).trim().max(max, { message: tooLong }).nullish().transform(blankToNull);

const imageUrlField = z
  .string({ message: IMAGE_URL_MESSAGE })
  .trim()
  .max(2000, { message: "Image URL is too long" })
  // Only web and same-site addresses: a javascript: or data: URL must never reach an <img> or a link.
  .refine((value) => value === "" || /^(https?:\/\/|\/(?!\/))/i.test(value), { message: IMAGE_URL_MESSAGE })
  .nullish()
  .transform(blankToNull);

const orderField = z
  .number({ message: "Order must be a whole number" })
  .int({ message: "Order must be a whole number" })
  .min(-1_000_000, { message: "Order must be a whole number" })
  .max(1_000_000, { message: "Order must be a whole number" });

const contentBlockFields = {
  key: requiredTextField("Key is required", 100, "Key is too long (100 characters at most)"),
  title: optionalText(300, "Title is too long (300 characters at most)"),
  content: optionalText(20_000, "Content is too long (20000 characters at most)"),
  imageUrl: imageUrlField,
};

export const ContentBlockCreateSchema = z.object({
  ...contentBlockFields,
  order: orderField.optional().transform((value) => value ?? 0),
});
export type ContentBlockCreate = z.output<typeof ContentBlockCreateSchema>;
export type ContentBlockInput = z.input<typeof ContentBlockCreateSchema>;

export const ContentBlockUpdateSchema = z.object({
  ...contentBlockFields,
  key: contentBlockFields.key.optional(),
  order: orderField.optional(),
});
export type ContentBlockUpdate = z.output<typeof ContentBlockUpdateSchema>;

export const MIN_TESTIMONIAL_RATING = 1;
export const MAX_TESTIMONIAL_RATING = 5;
export const DEFAULT_TESTIMONIAL_RATING = 5;
const RATING_MESSAGE = "Rating must be between 1 and 5";

const ratingField = z
  .number({ message: RATING_MESSAGE })
  .int({ message: RATING_MESSAGE })
  .min(MIN_TESTIMONIAL_RATING, { message: RATING_MESSAGE })
  .max(MAX_TESTIMONIAL_RATING, { message: RATING_MESSAGE });

const testimonialFields = {
  name: requiredTextField("Name is required", 200, "Name is too long (200 characters at most)"),
  role: optionalText(200, "Role is too long (200 characters at most)"),
  content: requiredTextField("Content is required", 5000, "Content is too long (5000 characters at most)"),
  imageUrl: imageUrlField,
};

export const TestimonialCreateSchema = z.object({
  ...testimonialFields,
  rating: ratingField.optional().transform((value) => value ?? DEFAULT_TESTIMONIAL_RATING),
  order: orderField.optional().transform((value) => value ?? 0),
});
export type TestimonialCreate = z.output<typeof TestimonialCreateSchema>;
export type TestimonialInput = z.input<typeof TestimonialCreateSchema>;

export const TestimonialUpdateSchema = z.object({
  ...testimonialFields,
  name: testimonialFields.name.optional(),
  content: testimonialFields.content.optional(),
  rating: ratingField.optional(),
  order: orderField.optional(),
});
export type TestimonialUpdate = z.output<typeof TestimonialUpdateSchema>;

export const CONTENT_BLOCK_KEY_TAKEN_MESSAGE = "A content block with this key already exists";
export const CONTENT_BLOCK_NOT_FOUND_MESSAGE = "Content block not found";
export const TESTIMONIAL_NOT_FOUND_MESSAGE = "Testimonial not found";
