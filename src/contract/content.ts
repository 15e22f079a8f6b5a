import { z } from "zod";

/** Contact form (player-side 5). */
export const ContactRequestSchema = z.object({
  name: z
    .string({ message: "Name must be at least 2 characters" })
    .trim()
    .min(2, { message: "Name must be at least 2 characters" })
    .max(200, { message: "Name is too long" }),
  email: z
    .string({ message: "Please enter a valid email address" })
    .trim()
    .pipe(z.email({ message: "Please enter a valid email address" })),
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

export const MAX_LANDING_TESTIMONIALS = 6;
export const MARKETING_FIGURES = { rating: "4.9/5", sessions: "500+", coaches: "50+" } as const;
