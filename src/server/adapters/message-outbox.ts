import type { SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { NotificationKind } from "@contract/notification-basics";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import type { Mailer, MailMessage } from "./mail";
import * as repo from "./message-outbox.repository";
import type { SmsSender } from "./sms";
import type { PushDelivery, PushSender } from "./web-push";

/** After this many failed tries a message stops and is logged as an error (about a day of retries). */
export const MAX_DELIVERY_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3 * 3_600_000;
/** A claim outlives the slowest send (SMTP gives up after 10 s + 10 s + 20 s, Twilio after 15 s). */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Delivered messages (they carry addresses and phone numbers) are kept this long, then deleted. */
const KEEP_SENT_MS = 7 * 24 * 3_600_000;

export type MessageOutbox = {
  /** What features call: enqueues, and delivers at once in this process (see `send`). */
  mailer: Mailer;
  sms: SmsSender;
  /** Web push (DESIGN 12): one row per subscription, delivered in the background like SMTP. */
  push: { send(delivery: PushDelivery): Promise<void> };
  /**
   * Notices of one kind to several addresses (each its e-mail and its account's pushes, by the
   * account's switches) written in one statement, then delivered as `send` does, the e-mails
   * delivered locally marked sent together.
   */
  sendNotices(kind: NotificationKind, items: repo.NoticeItem[]): Promise<void>;
  /**
   * sendNotices in its two halves, for notices written in the transaction of the change they tell
   * of (STYLE.md's outbox rule): `statement` writes the rows claimed (to run as a data-modifying
   * WITH of the transaction's last statement, whose answer reads `claimedOf(written)`), and
   * `deliver` delivers what that answer held, after the commit, as sendNotices does.
   */
  noticesInTransaction(kind: NotificationKind, items: repo.NoticeItem[]): NoticesInTransaction;
  /** The sweep: delivers every due message (first tries a process left, and retries). */
  deliverDue(): Promise<void>;
  /** Waits (at most `maxWaitMs`) for the deliveries this process started in the background; the sweep retries what is left. */
  drain(maxWaitMs?: number): Promise<void>;
};

export type NoticesInTransaction = {
  statement: SQL;
  claimedOf: (written: SQL) => SQL;
  deliver: (claimed: unknown) => Promise<void>;
};

type Transports = { mail: Mailer; sms: SmsSender; push?: PushSender };

/**
 * Mail, SMS and web push through the `outbox_messages` table (STYLE.md): `send` commits a row, then delivers
 * it in this process at once. A transport that only writes a file (`deliversLocally`, the dev outbox
 * of DESIGN.md 8) is awaited, so the file is there when the action answers; one that talks to a
 * server (SMTP, Twilio) runs in the background, so a slow mail server never slows a payment. Either
 * way a failure is retried by the sweep, and the claim makes one process send each message once.
 */
export function createMessageOutbox(options: {
  database: Database;
  clock: Clock;
  logger: Logger;
  transports: Transports;
  /** A push service answered 404 or 410: the subscription is gone and is forgotten (DESIGN 12). */
  onPushGone?: (endpoint: string) => Promise<void>;
}): MessageOutbox {
  const { database, clock, logger, transports } = options;
  const inFlight = new Set<Promise<void>>();

  /** One try at a claimed message: true when delivered; a failure is recorded for the sweep's retry. */
  async function attempt(message: repo.ClaimedMessage): Promise<boolean> {
    try {
      if (message.channel === "email") await transports.mail.send(message.payload as MailMessage);
      else if (message.channel === "push") {
        if (!transports.push) throw new Error("no push transport");
        const delivery = message.payload as PushDelivery;
        // A subscription the push service no longer knows is removed; the message is done (nobody to deliver to).
        if ((await transports.push.send(delivery)) === "gone") await options.onPushGone?.(delivery.subscription.endpoint);
      } else {
        const { to, body } = message.payload as { to: string; body: string };
        await transports.sms.send(to, body);
      }
      return true;
    } catch (err) {
      const attempts = message.attempts;
      const givesUp = attempts >= MAX_DELIVERY_ATTEMPTS;
      const retryAt = new Date(clock.now().getTime() + Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS));
      const reason = err instanceof Error ? err.message : String(err);
      await repo.markFailed(database.db, message.id, { retryAt: givesUp ? null : retryAt, reason }).catch((markErr: unknown) => {
        logger.error({ err: markErr, outboxId: message.id }, "could not record a failed delivery; its claim lapses and it is retried");
      });
      if (givesUp) logger.error({ err, outboxId: message.id, channel: message.channel, attempts }, "message not delivered; giving up");
      else logger.warn({ err, outboxId: message.id, channel: message.channel, attempts }, "message not delivered; will retry");
      return false;
    }
  }

  async function markSent(ids: number[]): Promise<void> {
    await repo.markAllSent(database.db, ids, clock.now()).catch((err: unknown) => {
      // Sent but not marked: the claim lapses and it may go out once more (at least once, never lost).
      logger.error({ err, outboxIds: ids }, "could not mark a delivered message as sent");
    });
  }

  async function deliver(message: repo.ClaimedMessage): Promise<void> {
    if (await attempt(message)) await markSent([message.id]);
  }

  const deliversLocally = (message: repo.ClaimedMessage): boolean =>
    message.channel === "email"
      ? transports.mail.deliversLocally === true
      : message.channel === "sms"
        ? transports.sms.deliversLocally === true
        : false;

  function track(work: Promise<void>): void {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  /**
   * A local delivery is awaited, so that its file is there when the action answers; its row is
   * marked sent after the answer (`drain` waits for it): the mark is bookkeeping, and waiting for
   * it put 5-10 ms on every paying and booking request's answer (docs/performance-log.md, 30
   * November 2026, morning). Until marked, the claim keeps the sweep from sending it again.
   */
  async function deliverLocally(messages: repo.ClaimedMessage[]): Promise<void> {
    const sent: number[] = [];
    for (const message of messages) if (await attempt(message)) sent.push(message.id);
    if (sent.length > 0) track(markSent(sent));
  }

  async function enqueue(channel: repo.Channel, payload: unknown, deliversLocally: boolean): Promise<void> {
    const claimed = await repo.insertClaimed(database.db, { channel, payload, now: clock.now(), claimedUntil: leaseEnd() });
    if (deliversLocally) await deliverLocally([claimed]);
    else track(deliver(claimed));
  }

  /** Claimed notices, in order: those delivered locally awaited (deliverLocally), the others in the background. */
  async function deliverClaimed(claimed: repo.ClaimedMessage[]): Promise<void> {
    const local: repo.ClaimedMessage[] = [];
    for (const message of claimed) {
      if (deliversLocally(message)) local.push(message);
      else track(deliver(message));
    }
    await deliverLocally(local);
  }

  return {
    mailer: { send: (message) => enqueue("email", message, transports.mail.deliversLocally === true) },
    sms: { send: (to, body) => enqueue("sms", { to, body }, transports.sms.deliversLocally === true) },
    push: { send: (delivery) => enqueue("push", delivery, false) },
    async sendNotices(kind, items) {
      await deliverClaimed(await repo.insertNoticesClaimed(database.db, { kind, items, now: clock.now(), claimedUntil: leaseEnd() }));
    },
    noticesInTransaction(kind, items) {
      return {
        statement: repo.noticesClaimedStatement({ kind, items, now: clock.now(), claimedUntil: leaseEnd() }),
        claimedOf: repo.claimedRowsJson,
        deliver: (claimed) =>
          deliverClaimed(claimed === null || claimed === undefined ? [] : repo.sortedClaimed(claimed as repo.ClaimedMessage[])),
      };
    },
    async deliverDue() {
      for (;;) {
        const batch = await repo.claimDue(database.db, { now: clock.now(), wallNow: new Date(), claimedUntil: leaseEnd(), limit: 20 });
        if (batch.length === 0) break;
        await Promise.all(batch.map(deliver));
      }
      await repo.deleteSentBefore(database.db, new Date(clock.now().getTime() - KEEP_SENT_MS));
    },
    async drain(maxWaitMs = 5_000) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
      const settled = (async () => {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      })();
      await Promise.race([settled, deadline]);
      clearTimeout(timer);
    },
  };
}

const leaseEnd = () => new Date(Date.now() + CLAIM_LEASE_MS);
