import { z } from "zod";

/** The body of every non-OK answer. The client reads `message` (spec: player-side 7). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const ErrorCode = {
  VALIDATION: "VALIDATION",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  RATE_LIMITED: "RATE_LIMITED",
  PAYMENT_FAILED: "PAYMENT_FAILED",
  INTERNAL: "INTERNAL",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
