import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createMailer } from "@server/adapters/mail";
import { makePlayer } from "@tests/factories/users";
import { readOutbox, startTestApp } from "@tests/support/test-app";

let smtp: SMTPServer;
let smtpUrl: string;
let received: ParsedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  received = [];
});

const silent = pino({ level: "silent" });

describe("mail adapter over SMTP", () => {
  it("delivers a message with its text and HTML parts", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mail-test-"));
    try {
      const mailer = createMailer({ smtpUrl, from: "Coaching <no-reply@example.com>", dataDir, logger: silent });
      await mailer.send({
        to: "someone@example.com",
        subject: "Hello",
        text: "Plain body",
        html: "<p>HTML body</p>",
        replyTo: "help@example.com",
      });
      expect(received).toHaveLength(1);
      const mail = received[0];
      assert.exists(mail);
      expect(mail.subject).toBe("Hello");
      expect(mail.from?.text).toContain("no-reply@example.com");
      expect(mail.replyTo?.text).toContain("help@example.com");
      expect(mail.text?.trim()).toBe("Plain body");
      expect(mail.html).toContain("<p>HTML body</p>");
      // Nothing goes to the outbox when SMTP is configured.
      expect(readOutbox(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // Starts an app inside the test, which is slow on a busy machine.
  it("sends the password reset e-mail with text and HTML parts carrying the link", async () => {
    const t = await startTestApp({ SMTP_URL: smtpUrl, APP_URL: "https://coach.example.com" });
    try {
      const { email } = await makePlayer(t, { firstName: "Sam" });
      // Registration mailed its verification link (issue 13) first. Over SMTP the outbox delivers
      // after the answer (a slow mail server never holds a request), so the test waits for it.
      await vi.waitFor(() => expect(received.map((m) => m.subject)).toEqual(["Verify your e-mail address"]), { timeout: 10_000 });
      received.length = 0;
      const res = await t.agent().post("/api/auth/forgot-password").send({ email });
      expect(res.status).toBe(200);
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
      const mail = received[0];
      assert.exists(mail);
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(email);
      expect(mail.subject).toBe("Reset your password");
      const link = /https:\/\/coach\.example\.com\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? "")?.[0];
      expect(link).toBeDefined();
      expect(mail.html).toBeTruthy();
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).toContain("Hi Sam,");
      expect(t.outbox()).toEqual([]);

      // The link in the e-mail is one the app accepts.
      const token = new URL(link!).searchParams.get("token");
      expect((await t.agent().post("/api/auth/verify-reset-token").send({ token })).status).toBe(200);
    } finally {
      await t.close();
    }
  }, 90_000);
});

describe("mail adapter without SMTP", () => {
  it("writes the headers and the text body to the outbox, leaving out the HTML part", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mail-test-"));
    try {
      const mailer = createMailer({ from: "Coaching <no-reply@example.com>", dataDir, logger: silent });
      await mailer.send({ to: "someone@example.com", subject: "Hello", text: "Plain body", html: "<p>HTML body</p>" });
      const [message, ...rest] = readOutbox(dataDir);
      expect(rest).toEqual([]);
      assert.exists(message);
      expect(message.file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-email-someone@example\.com\.txt$/);
      expect(message.headers).toMatchObject({ From: "Coaching <no-reply@example.com>", To: "someone@example.com", Subject: "Hello" });
      expect(message.body).toBe("Plain body");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
