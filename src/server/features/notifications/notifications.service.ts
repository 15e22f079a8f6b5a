import {
  DEFAULT_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type PushPayload,
  PushMessages,
} from "@contract/notification-basics";
import type { CreatePushSubscriptionRequest, UpdateNotificationPreferencesRequest } from "@contract/notifications";
import type { MailMessage } from "../../adapters/mail";
import type { NoticesInTransaction } from "../../adapters/message-outbox";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http/errors";
import * as repo from "./notifications.repository";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * DESIGN 12: a push service is reached over https only; while the test clock is on, a loopback
 * address may stand in for one (the tests run a local push service).
 */
function requirePushEndpoint(deps: AppDeps, endpoint: string): void {
  const url = new URL(endpoint);
  if (url.protocol === "https:") return;
  if (deps.config.enableTestClock && url.protocol === "http:" && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith("127.")))
    return;
  throw badRequest(PushMessages.ENDPOINT_INVALID, "endpoint");
}

export async function subscribeToPush(deps: AppDeps, userId: number, input: CreatePushSubscriptionRequest): Promise<{ endpoint: string }> {
  requirePushEndpoint(deps, input.endpoint);
  const saved = await repo.savePushSubscription(deps.database.db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    now: deps.clock.now(),
  });
  // A browser gets a new endpoint per subscription; one already held by another account is not taken over.
  if (!saved) throw conflict("This device is subscribed for another account.");
  return { endpoint: input.endpoint };
}

/** Another user's endpoint answers 404 like a missing one (DESIGN 5). */
export async function unsubscribeFromPush(deps: AppDeps, userId: number, endpoint: string): Promise<void> {
  if (!(await repo.deletePushSubscription(deps.database.db, userId, endpoint))) throw notFound(PushMessages.NOT_FOUND);
}

export async function notificationPreferencesOf(deps: AppDeps, userId: number): Promise<NotificationPreferences> {
  const rows = await repo.preferenceRows(deps.database.db, userId);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const row = byKind.get(kind);
      return [kind, row ? { email: row.email, sms: row.sms, push: row.push } : { ...DEFAULT_CHANNELS }];
    }),
  ) as NotificationPreferences;
}

/** Merges what was sent into what is kept; answers the whole set. */
export async function updateNotificationPreferences(
  deps: AppDeps,
  userId: number,
  input: UpdateNotificationPreferencesRequest,
): Promise<NotificationPreferences> {
  const current = await notificationPreferencesOf(deps, userId);
  const changed: repo.PreferenceRow[] = [];
  for (const kind of NOTIFICATION_KINDS) {
    const patch = input[kind];
    if (!patch) continue;
    current[kind] = {
      email: patch.email ?? current[kind].email,
      sms: patch.sms ?? current[kind].sms,
      push: patch.push ?? current[kind].push,
    };
    changed.push({ kind, ...current[kind] });
  }
  await repo.savePreferenceRows(deps.database.db, userId, changed, deps.clock.now());
  return current;
}

/** A push to each subscription of these users who have push on for `kind`, through the outbox. Never throws. */
export async function pushToUsers(deps: AppDeps, kind: NotificationKind, userIds: number[], payload: PushPayload): Promise<void> {
  try {
    for (const s of await repo.pushTargets(deps.database.db, userIds, kind)) {
      await deps.outbox.push.send({ subscription: { endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth }, payload });
    }
  } catch (err) {
    deps.logger.error({ err, kind }, "could not queue a push");
  }
}

/** A notice's e-mail, and what its push says (title: the subject; body: the e-mail's first line, unless given). */
export type Notice = { message: MailMessage; push: { url: string; title?: string; body?: string } };

/**
 * A notice of `kind` to an address: the e-mail unless its account turned e-mail off for the kind,
 * and a push to that account's devices (title: the subject; body: the first line) unless push is
 * off. An address of no account (a parent contact) always gets the e-mail. Mail errors are the
 * caller's, as with `deps.mailer.send`.
 */
export async function sendNoticeEmail(deps: AppDeps, kind: NotificationKind, message: MailMessage, push: Notice["push"]): Promise<void> {
  await sendNoticeEmails(deps, kind, [{ message, push }]);
}

/**
 * Several notices of `kind` (sendNoticeEmail's rules for each), written to the outbox in one
 * statement that reads everyone's switches and devices itself (issue 46: a notice cost four
 * statements a person told), then delivered in their order.
 */
export async function sendNoticeEmails(deps: AppDeps, kind: NotificationKind, notices: Notice[]): Promise<void> {
  // A mailer put in place of the outbox's (a test's, a production check's) gets each e-mail itself.
  if (deps.mailer !== deps.outbox.mailer) {
    for (const notice of notices) await sendNoticeEmailOneByOne(deps, kind, notice);
    return;
  }
  await deps.outbox.sendNotices(kind, notices.map(noticeItemOf));
}

/**
 * sendNoticeEmails' rows, to write in the transaction of the change they tell of and deliver after
 * its commit (MessageOutbox.noticesInTransaction). Undefined when a mailer stands in the outbox's
 * place: the caller then sends them with sendNoticeEmails after its commit.
 */
export function noticeEmailsInTransaction(deps: AppDeps, kind: NotificationKind, notices: Notice[]): NoticesInTransaction | undefined {
  if (deps.mailer !== deps.outbox.mailer) return undefined;
  return deps.outbox.noticesInTransaction(kind, notices.map(noticeItemOf));
}

const noticeItemOf = ({ message, push }: Notice) => ({
  to: message.to,
  mail: message,
  push: { title: push.title ?? message.subject, body: push.body ?? firstLineOf(message.text), url: push.url },
});

const firstLineOf = (text: string) => text.split("\n").find((l) => l.trim() !== "") ?? "";

async function sendNoticeEmailOneByOne(deps: AppDeps, kind: NotificationKind, { message, push }: Notice): Promise<void> {
  const recipient = await repo.recipientOfAddress(deps.database.db, message.to, kind);
  if (recipient?.push) {
    await pushToUsers(deps, kind, [recipient.userId], {
      title: push.title ?? message.subject,
      body: push.body ?? firstLineOf(message.text),
      url: push.url,
    });
  }
  if (!recipient || recipient.email) await deps.mailer.send(message);
}

/** An SMS of `kind`, unless the account with that phone turned texts off for the kind (opt-in is the caller's rule, as before). */
export async function sendNoticeSms(deps: AppDeps, kind: NotificationKind, phone: string, body: string): Promise<void> {
  if (await repo.smsAllowed(deps.database.db, phone, kind)) await deps.sms.send(phone, body);
}
