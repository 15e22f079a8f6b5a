import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMessageOutbox, MAX_DELIVERY_ATTEMPTS } from "@server/adapters/message-outbox";
import { outboxMessages } from "@server/db/schema/index";
import { bookSlot, createBookableCoach, createPerson, createSlot, post } from "@tests/factories/bookings";
import { GOOD_CARD } from "@tests/factories/paid-booking";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * Issue 28: mail and SMS leave request handlers through the outbox table. A slow mail server never
 * slows a payment, a failed delivery is retried by the sweep, and one process sends each message once.
 */
const silent = pino({ level: "silent" });

/** An SMTP server that takes `delayMs` to accept each message's data. */
async function startSlowSmtp(delayMs: number) {
  const subjects: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
      stream.on("end", () => {
        setTimeout(() => {
          subjects.push(/^Subject: (.*)$/m.exec(data)?.[1] ?? "");
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return { url, subjects, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("a slow mail server", () => {
  let smtp: Awaited<ReturnType<typeof startSlowSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSlowSmtp(3_000);
    t = await startTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("does not slow a payment: the confirmation mail is delivered after the answer", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 48 });
    const student = await createPerson(t);
    const booking = await bookSlot(t, student, coach, slot.id, { sessionType: "individual" });
    const intent = await post(t, "/api/create-payment-intent", student.cookie, { bookingId: booking.id });
    expect(intent.status).toBe(200);
    const sentBefore = smtp.subjects.length;

    const started = Date.now();
    const paid = await post(t, "/api/payments/simulated/confirm", student.cookie, {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    const tookMs = Date.now() - started;
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("succeeded");
    // The mail server takes 3 s per message; the payment answered well before one message got through.
    expect(tookMs).toBeLessThan(2_000);
    expect(smtp.subjects.length).toBe(sentBefore);

    // Enqueued in the same breath, then delivered in the background by this process.
    await vi.waitFor(() => expect(smtp.subjects.length).toBeGreaterThan(sentBefore), { timeout: 15_000, interval: 100 });
    await t.deps.outbox.drain(15_000);
    const rows = await t.deps.database.db.select().from(outboxMessages);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === "sent" && r.sentAt !== null)).toBe(true);
  }, 60_000);
});

describe("delivery retries and claims", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("a failed delivery is retried by the sweep the test clock runs, and sent once", async () => {
    const sent: string[] = [];
    let failing = true;
    const outbox = createMessageOutbox({
      database: t.deps.database,
      clock: t.deps.clock,
      logger: silent,
      transports: {
        mail: {
          deliversLocally: true,
          async send(m) {
            if (failing) throw new Error("mail server down");
            sent.push(m.subject);
          },
        },
        sms: { deliversLocally: true, send: async () => {} },
      },
    });
    await outbox.mailer.send({ to: "retry@example.com", subject: "Retry me", text: "Body" });
    expect(sent).toEqual([]);
    const [row] = await t.deps.database.db.select().from(outboxMessages);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "mail server down" });

    // Not due yet: the sweep leaves it alone.
    await outbox.deliverDue();
    expect(sent).toEqual([]);

    failing = false;
    t.deps.clock.advanceMinutes(5);
    await outbox.deliverDue();
    await outbox.deliverDue();
    expect(sent).toEqual(["Retry me"]);
    const [after] = await t.deps.database.db.select().from(outboxMessages);
    expect(after).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("gives up after MAX_DELIVERY_ATTEMPTS and says so", async () => {
    await t.deps.database.db.delete(outboxMessages);
    const errors: string[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => void errors.push(line) });
    const outbox = createMessageOutbox({
      database: t.deps.database,
      clock: t.deps.clock,
      logger,
      transports: {
        mail: { deliversLocally: true, send: async () => Promise.reject(new Error("refused")) },
        sms: { deliversLocally: true, send: async () => Promise.reject(new Error("refused")) },
      },
    });
    await outbox.sms.send("+15555550100", "Hello");
    for (let i = 1; i < MAX_DELIVERY_ATTEMPTS; i++) {
      t.deps.clock.advanceMinutes(4 * 60);
      await outbox.deliverDue();
    }
    const [row] = await t.deps.database.db.select().from(outboxMessages);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS });
    expect(errors.some((line) => line.includes("giving up"))).toBe(true);
  });

  it("two processes sweeping the same outbox send each message once", async () => {
    await t.deps.database.db.delete(outboxMessages);
    const sent: string[] = [];
    const slowTransport = {
      mail: {
        async send(m: { subject: string }) {
          await new Promise((r) => setTimeout(r, 20));
          sent.push(m.subject);
        },
      },
      sms: { send: async () => {} },
    };
    // Messages left by a process that died before delivering them: pending and unclaimed.
    await t.deps.database.db.insert(outboxMessages).values(
      Array.from({ length: 30 }, (_, i) => ({
        channel: "email" as const,
        payload: { to: `p${i}@example.com`, subject: `m${i}`, text: "x" },
        nextAttemptAt: t.deps.clock.now(),
      })),
    );
    const make = () => createMessageOutbox({ database: t.deps.database, clock: t.deps.clock, logger: silent, transports: slowTransport });
    const [a, b] = [make(), make()];
    await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue()]);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
  });

  it("an action's message is in DATA_DIR/outbox when the action answers (dev outbox, no waiting)", async () => {
    const before = t.outbox().length;
    const res = await request(t.app)
      .post("/api/contact")
      .send({ name: "Jamie Parent", email: "jamie@example.com", phone: "555-123-4567", question: "Do you coach goalies in the spring?" });
    expect(res.status).toBe(201);
    expect(t.outbox().length).toBe(before + 1);
  });
});
