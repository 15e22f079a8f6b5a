import nodemailer from "nodemailer";
// nodemailer's own URL parser, so that options given in SMTP_URL's query string still apply.
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type { Logger } from "pino";
import { writeOutboxFile } from "./outbox-folder";

/** An iCalendar invitation (REQUEST) or cancellation (CANCEL) that calendar clients act on. */
export type CalendarPart = { method: "REQUEST" | "CANCEL"; filename: string; content: string };
export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string; calendar?: CalendarPart };
export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** True when sending only writes a local file (the dev outbox): the message outbox then awaits it. */
  deliversLocally?: boolean;
};

/** In an outbox file, the line after which an e-mail's calendar attachment follows the text. */
export const OUTBOX_CALENDAR_MARKER = "----- calendar attachment (text/calendar) -----";

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox (DESIGN.md 2 and 8). */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    // A mail server that stops answering must not hold the request (a sign-up, a booking) for minutes.
    const transport = nodemailer.createTransport({
      ...parseConnectionUrl(options.smtpUrl),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send({ calendar, ...message }) {
        // nodemailer's icalEvent sends it both as a text/calendar part (what Gmail and Outlook read) and as an attachment.
        await transport.sendMail({ from: options.from, ...message, ...(calendar ? { icalEvent: calendar } : {}) });
        options.logger.info({ to: message.to, subject: message.subject }, "e-mail sent");
      },
    };
  }
  return {
    deliversLocally: true,
    async send(message) {
      const headers: Record<string, string> = { From: options.from, To: message.to, Subject: message.subject };
      if (message.replyTo) headers["Reply-To"] = message.replyTo;
      let body = message.text;
      if (message.calendar) {
        headers["X-Calendar-Attachment"] = `${message.calendar.filename}; method=${message.calendar.method}`;
        body += `\n\n${OUTBOX_CALENDAR_MARKER}\n${message.calendar.content.trimEnd()}`;
      }
      const file = await writeOutboxFile(options.dataDir, "email", message.to, headers, body);
      options.logger.info({ to: message.to, subject: message.subject, file }, "e-mail written to outbox");
    },
  };
}
