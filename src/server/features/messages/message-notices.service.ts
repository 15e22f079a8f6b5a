import { MESSAGE_NOTICE_GRACE_SECONDS, MESSAGE_NOTICE_INTERVAL_MINUTES, conversationPath, firstLine } from "@contract/message-basics";
import { familyAudience } from "../../db/families";
import type { AppDeps } from "../../deps";
import { parentCopyOf } from "../families/parent-contact.service";
import { sendNoticeEmail, sendNoticeSms } from "../notifications/notifications.service";
import * as noticesRepo from "./message-notices.repository";
import { iso, personName } from "./messages.service";

// What a conversation's participants are told outside the app: the unread-message notices (e-mail,
// SMS, push) and the parent's copies of a minor account holder's messages. Run by the sweeps.

/**
 * Sweep: a participant with unread messages from others is told by e-mail (and SMS where opted
 * in) within a minute of the first, then at most once per 15 minutes per conversation while
 * unread; never about their own messages. The claim is a row per (conversation, user), taken
 * before sending, so two processes never both send.
 */
export async function sendMessageNotices(deps: AppDeps): Promise<number> {
  const db = deps.database.db;
  const now = deps.clock.now();
  let sent = 0;
  for (const due of await noticesRepo.dueNotices(db, now, MESSAGE_NOTICE_GRACE_SECONDS, MESSAGE_NOTICE_INTERVAL_MINUTES)) {
    const claimed = await noticesRepo.claimNotice(db, {
      conversationId: due.conversation_id,
      userId: due.user_id,
      lastMessageId: due.latest_id,
      now,
      intervalMinutes: MESSAGE_NOTICE_INTERVAL_MINUTES,
    });
    if (!claimed) continue;
    const unread = await noticesRepo.unreadForNotice(db, due.conversation_id, due.user_id, due.latest_id);
    const from = due.recipient_is_coach ? due.family_name || "A family" : due.coach_name || "Your coach";
    const link = `${deps.config.appUrl}${conversationPath(due.conversation_id)}`;
    // Plain text only (no HTML part): a message's text is quoted, never interpreted.
    const lines = unread.map((m) => `${personName(m.sender_first_name, m.sender_last_name, from)}: ${firstLine(m.body)}`);
    const text = [
      `Hi ${due.first_name?.trim() || "there"},`,
      "",
      `You have ${unread.length === 1 ? "a new message" : "new messages"} from ${from}:`,
      "",
      ...lines.map((l) => `> ${l}`),
      "",
      `Read and reply: ${link}`,
      "",
      "You get at most one e-mail per conversation every 15 minutes while messages are unread.",
    ].join("\n");
    try {
      // DESIGN 12: the push follows the e-mail's rule (this claim), each as the user's preferences allow.
      await sendNoticeEmail(
        deps,
        "message",
        { to: due.email, subject: `New message from ${from}`, text },
        { url: conversationPath(due.conversation_id), body: firstLine(unread.at(-1)?.body ?? "", 100) },
      );
      sent += 1;
    } catch (err) {
      deps.logger.error({ err, conversationId: due.conversation_id }, "could not send a message notice");
    }
    if (due.sms_opt_in && due.phone_number) {
      try {
        await sendNoticeSms(
          deps,
          "message",
          due.phone_number,
          `New message from ${from}: "${firstLine(unread.at(-1)?.body ?? "", 100)}" Reply: ${link}`,
        );
      } catch (err) {
        deps.logger.error({ err, conversationId: due.conversation_id }, "could not send a message SMS");
      }
    }
  }
  await sendParentCopies(deps, now);
  return sent;
}

/**
 * The parent of a minor account holder gets every message of the family's conversations, in full,
 * while the one audience rule names them (until a second guardian has joined).
 */
async function sendParentCopies(deps: AppDeps, now: Date): Promise<void> {
  for (const copy of await noticesRepo.claimParentCopies(deps.database.db, now)) {
    const to = (await familyAudience(deps.database.db, { familyId: copy.family_id }, now)).parent?.email;
    if (!to) continue;
    const sender = personName(copy.sender_first_name, copy.sender_last_name, "Someone");
    // DESIGN.md 12: the text only to an address that confirmed itself; before that, a notice and the link.
    const copyOf = await parentCopyOf(deps, copy.family_id, to);
    const text = copyOf.confirmed
      ? [
          `As the parent named on your child's account, you receive a copy of every message between your family and ${copy.coach_name || "a coach"}.`,
          "",
          `From: ${sender}`,
          `Sent: ${iso(copy.created_at)}`,
          "",
          ...copy.body.split(/\r?\n/).map((l) => `> ${l}`),
        ].join("\n")
      : [
          `${sender} sent a message in your child's conversation with ${copy.coach_name || "a coach"} on LaxCoach (${iso(copy.created_at)}).`,
          "",
          "You were named as this player's parent or guardian. Confirm this address to receive the text of every message:",
          "",
          copyOf.link,
          "",
          "If you are not this player's parent or guardian, ignore this e-mail.",
        ].join("\n");
    try {
      await deps.mailer.send({ to, subject: `Copy of a message with ${copy.coach_name || "a coach"}`, text });
    } catch (err) {
      deps.logger.error({ err, messageId: copy.id }, "could not send a parent's copy of a message");
    }
  }
}
