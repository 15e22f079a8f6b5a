import { CONVERSATIONS_PAGE_SIZE, MessageMessages } from "@contract/message-basics";
import type { MessageReport } from "@contract/messages";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./messages.repository";
import * as reportsRepo from "./message-reports.repository";
import { iso, personName, requireParticipant, toConversationMessage, type Page } from "./messages.service";

// A message reported by someone in its conversation, and the admins' queue of reports (their
// resolution is features/moderation).

/** POST /api/messages/{id}/report: anyone in the conversation; the same user reporting again is the same report. */
export async function reportMessage(
  deps: AppDeps,
  user: UserRow,
  messageId: number,
  reason: string | undefined,
): Promise<{ report: { id: number; messageId: number; conversationId: number; createdAt: string }; created: boolean }> {
  const message = await repo.findMessage(deps.database.db, messageId);
  if (!message) throw notFound(MessageMessages.MESSAGE_NOT_FOUND);
  try {
    await requireParticipant(deps, user, message.conversationId);
  } catch {
    throw notFound(MessageMessages.MESSAGE_NOT_FOUND);
  }
  const { report, created } = await reportsRepo.insertReport(deps.database.db, {
    messageId,
    reporterId: user.id,
    reason: reason ?? "",
    now: deps.clock.now(),
  });
  if (created) deps.logger.warn({ reportId: report.id, conversationId: message.conversationId }, "a message was reported");
  return {
    report: { id: report.id, messageId, conversationId: message.conversationId, createdAt: report.createdAt.toISOString() },
    created,
  };
}

/** GET /api/admin/message-reports: newest first, paged. */
export async function listMessageReports(deps: AppDeps, cursor: string | undefined): Promise<Page<MessageReport>> {
  const rows = await reportsRepo.listReports(deps.database.db, cursor === undefined ? null : Number(cursor), CONVERSATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      reason: r.reason,
      createdAt: iso(r.created_at),
      reporterId: r.reporter_id,
      reporterName: personName(r.reporter_first_name, r.reporter_last_name, "A user"),
      conversationId: r.conversation_id,
      coachName: personName(r.coach_first_name, r.coach_last_name, "Coach"),
      familyName: r.family_name?.trim() || "Family",
      message: toConversationMessage({
        id: r.message_id,
        conversation_id: r.conversation_id,
        sender_id: r.sender_id,
        body: r.body,
        created_at: r.message_created_at,
        sender_first_name: r.sender_first_name,
        sender_last_name: r.sender_last_name,
        from_coach: r.from_coach,
      }),
      resolution:
        r.resolution === null || r.resolved_at === null || r.resolved_by === null
          ? null
          : {
              action: r.resolution,
              resolvedAt: iso(r.resolved_at),
              resolvedBy: r.resolved_by,
              resolvedByName: personName(r.resolver_first_name, r.resolver_last_name, "Admin"),
              note: r.resolution_note,
            },
      sender: {
        userId: r.sender_id,
        messagingSuspended: Boolean(r.sender_messaging_suspended),
        accountSuspended: Boolean(r.sender_account_suspended),
      },
    })),
    nextCursor:
      rows.length > CONVERSATIONS_PAGE_SIZE && last
        ? String(last.resolved_at === null ? last.id : last.id + reportsRepo.RESOLVED_CURSOR_OFFSET)
        : null,
  };
}
