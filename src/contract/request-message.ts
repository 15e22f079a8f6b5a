import { z } from "zod";
import { MAX_REQUEST_MESSAGE_LENGTH, SessionRequestMessages } from "./request-basics";

// Apart from requests.ts: the coach's decline form loads this schema when its dialog opens, without
// the new-request schema, its session types, families and time rules (scripts/check-bundle-budget.mjs).

/** A request's optional message: the player's when asking, the coach's when declining. Blank is none (null). */
export const optionalRequestMessage = z
  .string({ message: "Message must be text" })
  .trim()
  .max(MAX_REQUEST_MESSAGE_LENGTH, { message: SessionRequestMessages.MESSAGE_TOO_LONG })
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/session-requests/{id}/decline */
export const DeclineSessionRequestSchema = z.object({ message: optionalRequestMessage });
export type DeclineSessionRequest = z.input<typeof DeclineSessionRequestSchema>;
