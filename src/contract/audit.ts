import { z } from "zod";

/**
 * What an admin can do, as the audit log names it (DESIGN 12, Moderation). A feature that gives
 * admins a new action adds its name here, and records it with `recordAdminAction` on the server.
 */
export const AUDIT_ACTIONS = [
  "content_block_created",
  "content_block_updated",
  "content_block_deleted",
  "testimonial_created",
  "testimonial_updated",
  "testimonial_deleted",
  "no_show_reversed",
  "credential_verified",
  "credential_rejected",
  "report_dismissed",
  "user_warned",
  "messaging_suspended",
  "account_suspended",
  "user_reinstated",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action as the admin panel's audit log page shows it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  content_block_created: "Created a content block",
  content_block_updated: "Edited a content block",
  content_block_deleted: "Deleted a content block",
  testimonial_created: "Added a testimonial",
  testimonial_updated: "Edited a testimonial",
  testimonial_deleted: "Deleted a testimonial",
  no_show_reversed: "Reversed a no-show",
  credential_verified: "Verified a coach's credential",
  credential_rejected: "Rejected a coach's credential",
  report_dismissed: "Dismissed a message report",
  user_warned: "Warned a user about a message",
  messaging_suspended: "Suspended a user from messaging",
  account_suspended: "Suspended a user's account",
  user_reinstated: "Lifted a user's suspension",
};

/** GET /api/admin/audit-log (admins, paged newest first with `?cursor=` and `X-Next-Cursor`): who, when, what, on whom. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  adminId: z.number(),
  adminName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetUserId: z.number().nullable(),
  targetName: z.string().nullable(),
  subject: z.string(),
  note: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
