import type { Logger } from "pino";
import twilio from "twilio";
import { writeOutboxFile } from "./outbox-folder";

export type SmsSender = {
  send(to: string, body: string): Promise<void>;
  /** True when sending only writes a local file (the dev outbox): the message outbox then awaits it. */
  deliversLocally?: boolean;
};

/** Twilio when configured; otherwise the outbox (DESIGN.md 2 and 8). */
export function createSmsSender(options: {
  twilio?: { accountSid: string; authToken: string; from: string };
  dataDir: string;
  logger: Logger;
}): SmsSender {
  if (options.twilio) {
    const { accountSid, authToken, from } = options.twilio;
    const client = twilio(accountSid, authToken, { timeout: 15_000 });
    return {
      async send(to, body) {
        await client.messages.create({ to, from, body });
        options.logger.info({ to }, "sms sent");
      },
    };
  }
  return {
    deliversLocally: true,
    async send(to, body) {
      const file = await writeOutboxFile(options.dataDir, "sms", to, { To: to }, body);
      options.logger.info({ to, file }, "sms written to outbox");
    },
  };
}
