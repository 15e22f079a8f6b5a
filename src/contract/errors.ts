import { z } from "zod";

/** The body of every non-OK answer. The client reads `message` (spec: player-side 7). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
