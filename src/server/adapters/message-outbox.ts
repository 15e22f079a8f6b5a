import type { Logger } from "pino";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import type { Mailer, MailMessage } from "./mail";
import * as repo from "./message-outbox.repository";
import type { SmsSender } from "./sms";

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
  /** The sweep: delivers every due message (first tries a process left, and retries). */
  deliverDue(): Promise<void>;
  /** Waits (at most `maxWaitMs`) for the deliveries this process started in the background; the sweep retries what is left. */
  drain(maxWaitMs?: number): Promise<void>;
};

type Transports = { mail: Mailer; sms: SmsSender };

/**
 * Mail and SMS through the `outbox_messages` table (STYLE.md): `send` commits a row, then delivers
 * it in this process at once. A transport that only writes a file (`deliversLocally`, the dev outbox
 * of DESIGN.md 8) is awaited, so the file is there when the action answers; one that talks to a
 * server (SMTP, Twilio) runs in the background, so a slow mail server never slows a payment. Either
 * way a failure is retried by the sweep, and the claim makes one process send each message once.
 */
export function createMessageOutbox(options: { database: Database; clock: Clock; logger: Logger; transports: Transports }): MessageOutbox {
  const { database, clock, logger, transports } = options;
  const inFlight = new Set<Promise<void>>();

  async function deliver(message: repo.ClaimedMessage): Promise<void> {
    try {
      if (message.channel === "email") await transports.mail.send(message.payload as MailMessage);
      else {
        const { to, body } = message.payload as { to: string; body: string };
        await transports.sms.send(to, body);
      }
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
      return;
    }
    await repo.markSent(database.db, message.id, clock.now()).catch((err: unknown) => {
      // Sent but not marked: the claim lapses and it may go out once more (at least once, never lost).
      logger.error({ err, outboxId: message.id }, "could not mark a delivered message as sent");
    });
  }

  function track(work: Promise<void>): void {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  async function enqueue(channel: repo.Channel, payload: unknown, deliversLocally: boolean): Promise<void> {
    const claimed = await repo.insertClaimed(database.db, { channel, payload, now: clock.now(), claimedUntil: leaseEnd() });
    const delivery = deliver(claimed);
    if (deliversLocally) await delivery;
    else track(delivery);
  }

  return {
    mailer: { send: (message) => enqueue("email", message, transports.mail.deliversLocally === true) },
    sms: { send: (to, body) => enqueue("sms", { to, body }, transports.sms.deliversLocally === true) },
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
