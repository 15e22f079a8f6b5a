/**
 * Moderation's names, limits and texts without zod (the login page and the admin panel show them;
 * a page that only displays them does not load the schema library). The schemas are in `moderation.ts`.
 *
 * Moderation (DESIGN 12): an admin resolves a reported message with one of four actions, applied to
 * the reported message's sender, and may lift a suspension later. Every decision is in the audit log.
 */
export const REPORT_RESOLUTIONS = ["dismiss", "warn", "suspend_messaging", "suspend_account"] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

export const MODERATION_NOTE_MAX_LENGTH = 1000;

/** Each action as the admin's queue names it (its buttons and a resolved report's state). */
export const REPORT_RESOLUTION_LABELS: Record<ReportResolution, string> = {
  dismiss: "Dismissed",
  warn: "Sender warned",
  suspend_messaging: "Sender suspended from messaging",
  suspend_account: "Sender's account suspended",
};

export const ModerationMessages = {
  ACTION_REQUIRED: "Choose an action: dismiss, warn, suspend_messaging or suspend_account.",
  NOTE_TOO_LONG: `Please keep the note under ${MODERATION_NOTE_MAX_LENGTH} characters.`,
  REPORT_NOT_FOUND: "Report not found",
  ALREADY_RESOLVED: "This report has already been resolved.",
  USER_NOT_FOUND: "User not found",
  NOT_SUSPENDED: "This user is not suspended.",
  /** Answered 403 to a user suspended from messaging who tries to send one. */
  MESSAGING_SUSPENDED:
    "Your account has been suspended from sending messages by an administrator. You can still read your conversations; contact support if you think this is a mistake.",
  /** Answered 403 to a suspended account's sign-in (password or Google). */
  ACCOUNT_SUSPENDED: "This account has been suspended by an administrator. Please contact support if you think this is a mistake.",
} as const;

/** A report's state in the admin's queue: open, or resolved (who, when, what, why). */
export type ReportResolutionState = {
  action: ReportResolution;
  resolvedAt: string;
  resolvedBy: number;
  resolvedByName: string;
  note: string;
};

/** The answer of resolve and reinstate: the sender's suspensions as they now stand. */
export type SenderStanding = { userId: number; messagingSuspended: boolean; accountSuspended: boolean };
