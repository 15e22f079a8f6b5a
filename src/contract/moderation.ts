import { z } from "zod";
import { MODERATION_NOTE_MAX_LENGTH, ModerationMessages, REPORT_RESOLUTIONS } from "./moderation-basics";

const noteSchema = z
  .string({ message: ModerationMessages.NOTE_TOO_LONG })
  .trim()
  .max(MODERATION_NOTE_MAX_LENGTH, { message: ModerationMessages.NOTE_TOO_LONG })
  .optional();

/** POST /api/admin/message-reports/{id}/resolve */
export const ResolveReportRequestSchema = z.object({
  action: z.enum(REPORT_RESOLUTIONS, { message: ModerationMessages.ACTION_REQUIRED }),
  note: noteSchema,
});
export type ResolveReportRequest = z.infer<typeof ResolveReportRequestSchema>;

/** POST /api/admin/users/{id}/reinstate: lifts both suspensions. */
export const ReinstateUserRequestSchema = z.object({ note: noteSchema });
