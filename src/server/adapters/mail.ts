import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { writeOutboxFile } from "./outbox";

export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox (DESIGN.md 2 and 8). */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, "e-mail sent");
      },
    };
  }
  return {
    async send(message) {
      const headers: Record<string, string> = { From: options.from, To: message.to, Subject: message.subject };
      if (message.replyTo) headers["Reply-To"] = message.replyTo;
      const file = await writeOutboxFile(options.dataDir, "email", message.to, headers, message.text);
      options.logger.info({ to: message.to, subject: message.subject, file }, "e-mail written to outbox");
    },
  };
}
