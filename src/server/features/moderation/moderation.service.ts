import type { AuditAction } from "@contract/audit";
import { ModerationMessages, type ReportResolution, type SenderStanding } from "@contract/moderation-basics";
import type { ReinstateUserRequestSchema, ResolveReportRequest } from "@contract/moderation";
import type { z } from "zod";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../http/errors";
import { publishSessionsEnded } from "../../realtime/session-events";
import { greetingFor } from "../accounts/account-emails";
import { endAllSessionsOfUser } from "../accounts/sessions.service";
import type { UserRow } from "../accounts/sessions.repository";
import { recordAdminAction } from "../audit/audit.service";
import { announceListingChangeOfUser } from "../coaches/coaches.service";
import * as repo from "./moderation.repository";

const AUDIT_ACTION_OF: Record<ReportResolution, AuditAction> = {
  dismiss: "report_dismissed",
  warn: "user_warned",
  suspend_messaging: "messaging_suspended",
  suspend_account: "account_suspended",
};

const standingOf = (row: repo.Standing): SenderStanding => ({
  userId: row.id,
  messagingSuspended: row.messagingSuspendedAt !== null,
  accountSuspended: row.accountSuspendedAt !== null,
});

/**
 * POST /api/admin/message-reports/{id}/resolve (DESIGN 12, Moderation). The action applies to the
 * reported message's sender; the report is marked resolved and the decision written to the audit
 * log in one transaction (a second resolution answers 409). A suspended account's sessions end
 * at once, sockets included. Then the sender is told what applies to them, and the reporter that
 * the report was handled (never what was done to whom).
 */
export async function resolveReport(
  deps: AppDeps,
  admin: UserRow,
  reportId: number,
  input: ResolveReportRequest,
): Promise<{ reportId: number; action: ReportResolution; sender: SenderStanding }> {
  const now = deps.clock.now();
  const note = input.note ?? "";
  const outcome = await deps.database.db.transaction(async (tx) => {
    const report = await repo.lockReport(tx, reportId);
    if (!report) throw notFound(ModerationMessages.REPORT_NOT_FOUND);
    if (report.resolved_at !== null) throw conflict(ModerationMessages.ALREADY_RESOLVED);
    const senderId = Number(report.sender_id);
    if (input.action === "suspend_messaging") await repo.suspend(tx, senderId, "messaging", now);
    if (input.action === "suspend_account") {
      await repo.suspend(tx, senderId, "account", now);
      await endAllSessionsOfUser(tx, senderId);
    }
    await repo.markResolved(tx, { reportId, adminId: admin.id, action: input.action, note, now });
    await recordAdminAction(
      tx,
      { adminId: admin.id, action: AUDIT_ACTION_OF[input.action], targetUserId: senderId, subject: `message report ${reportId}`, note },
      now,
    );
    const sender = await repo.findStanding(tx, senderId);
    const reporter = await repo.findStanding(tx, Number(report.reporter_id));
    return { sender, reporter };
  });
  const { sender, reporter } = outcome;
  if (!sender) throw new Error("a reported message's sender is missing");
  if (input.action === "suspend_account") {
    await publishSessionsEnded(deps, [sender.id]);
    await announceListingChangeOfUser(deps, sender.id);
  }
  await mailSender(deps, sender, input.action);
  if (reporter) await mailReporter(deps, reporter);
  return { reportId, action: input.action, sender: standingOf(sender) };
}

/** POST /api/admin/users/{id}/reinstate: lifts both suspensions (409 when there is none), audited. */
export async function reinstateUser(
  deps: AppDeps,
  admin: UserRow,
  userId: number,
  input: z.infer<typeof ReinstateUserRequestSchema>,
): Promise<SenderStanding> {
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    const standing = await repo.lockStanding(tx, userId);
    if (!standing) throw notFound(ModerationMessages.USER_NOT_FOUND);
    if (standing.messagingSuspendedAt === null && standing.accountSuspendedAt === null) throw conflict(ModerationMessages.NOT_SUSPENDED);
    await repo.liftSuspensions(tx, userId);
    await recordAdminAction(
      tx,
      { adminId: admin.id, action: "user_reinstated", targetUserId: userId, subject: `user ${userId}`, note: input.note ?? "" },
      now,
    );
    return { ...standing, messagingSuspendedAt: null, accountSuspendedAt: null };
  });
  await announceListingChangeOfUser(deps, userId);
  await send(deps, row.email, "Your LaxCoach account is active again", [
    greetingFor(row.firstName),
    "",
    "An administrator has lifted the suspension of your account. You can sign in and send messages again.",
    "Please keep every message respectful and about coaching.",
  ]);
  return standingOf(row);
}

const RULES = "Please keep every message respectful and about coaching, and keep conversations on LaxCoach so a guardian always sees them.";

async function mailSender(deps: AppDeps, sender: repo.Standing, action: ReportResolution): Promise<void> {
  const support = `If you think this is a mistake, write to ${deps.config.supportEmail}.`;
  const greeting = greetingFor(sender.firstName);
  if (action === "warn") {
    await send(deps, sender.email, "A reminder about LaxCoach's messaging rules", [
      greeting,
      "",
      "An administrator reviewed a message you sent on LaxCoach and found that it does not keep to our rules for messages.",
      RULES,
      "Further reports may lead to your messaging or your account being suspended.",
      "",
      support,
    ]);
  } else if (action === "suspend_messaging") {
    await send(deps, sender.email, "Your LaxCoach messaging has been suspended", [
      greeting,
      "",
      "After reviewing a message you sent, an administrator has suspended your account from sending messages. You can still sign in and read your conversations.",
      "",
      support,
    ]);
  } else if (action === "suspend_account") {
    await send(deps, sender.email, "Your LaxCoach account has been suspended", [
      greeting,
      "",
      "After reviewing a message you sent, an administrator has suspended your account. You have been signed out and cannot sign in while it is suspended.",
      "",
      support,
    ]);
  }
}

/** The reporter learns that the report was handled, never what was done to whom. */
async function mailReporter(deps: AppDeps, reporter: repo.Standing): Promise<void> {
  await send(deps, reporter.email, "Your report was reviewed", [
    greetingFor(reporter.firstName),
    "",
    "Thank you for reporting a message on LaxCoach. An administrator has reviewed your report and handled it.",
    "For the privacy of everyone involved we do not share what was decided.",
    "",
    `If you have more to tell us, write to ${deps.config.supportEmail}.`,
  ]);
}

/** Plain text; a failure is logged (the decision stands whether or not the mail went out). */
async function send(deps: AppDeps, to: string, subject: string, lines: string[]): Promise<void> {
  try {
    await deps.mailer.send({ to, subject, text: lines.join("\n") });
  } catch (err) {
    deps.logger.error({ err, subject }, "a moderation e-mail failed");
  }
}
