import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPushSender, generateVapidKeys, isVapidKeyPair, type PushDelivery } from "./web-push";

/**
 * What the adapter does itself around the `web-push` package: which key pairs it accepts, what it
 * sends, and how it reads the push service's answer. The encryption and the VAPID signature are
 * checked end to end against a decrypting stand-in in tests/integration/push-notifications.test.ts.
 */

describe("VAPID key pairs", () => {
  it("accepts a generated pair and refuses a mismatched one", () => {
    const keys = generateVapidKeys();
    expect(isVapidKeyPair(keys.publicKey, keys.privateKey)).toBe(true);
    expect(isVapidKeyPair(generateVapidKeys().publicKey, generateVapidKeys().privateKey)).toBe(false);
  });

  it("refuses keys the push library could not read: padded base64, or not a key at all", () => {
    const keys = generateVapidKeys();
    expect(isVapidKeyPair(`${keys.publicKey}=`, keys.privateKey)).toBe(false);
    expect(isVapidKeyPair(keys.publicKey, `${keys.privateKey}=`)).toBe(false);
    expect(isVapidKeyPair("not-a-key", keys.privateKey)).toBe(false);
    expect(isVapidKeyPair(keys.publicKey, "")).toBe(false);
  });
});

describe("the push sender", () => {
  const answers = new Map<string, number>();
  const received: Array<{ url: string; headers: IncomingHttpHeaders; body: Buffer }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(req.url ?? "") ?? 201;
      res.end("answer text");
    });
  });
  let origin = "";
  const vapid = { ...generateVapidKeys(), subject: "mailto:ops@example.com" };
  const sender = createPushSender({ vapid, logger: pino({ level: "silent" }) });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const delivery = (path: string, payload = { title: "New message", body: "Hi", url: "/messages/1" }): PushDelivery => {
    const ecdh = createECDH("prime256v1");
    return {
      subscription: {
        endpoint: `${origin}${path}`,
        p256dh: ecdh.generateKeys().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
      payload,
    };
  };

  it("posts one aes128gcm record of the JSON payload, kept a day, signed with our VAPID key", async () => {
    const d = delivery("/ok");
    expect(await sender.send(d)).toBe("delivered");
    const sent = received.find((r) => r.url === "/ok")!;
    expect(sent.headers["content-encoding"]).toBe("aes128gcm");
    expect(sent.headers["content-type"]).toBe("application/octet-stream");
    expect(sent.headers.ttl).toBe("86400");
    expect(sent.headers.urgency).toBe("normal");
    expect(sent.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    // Header (salt 16, record size 4, key id length 1, our ephemeral key 65), then the JSON, its delimiter and the tag.
    const json = Buffer.from(JSON.stringify(d.payload));
    expect(sent.body.length).toBe(86 + json.length + 1 + 16);
    expect(sent.body.readUInt32BE(16)).toBe(4096);
    expect(sent.body.readUInt8(20)).toBe(65);
  });

  it('reads 404 and 410 as "gone": the subscription is no more', async () => {
    answers.set("/expired", 410);
    answers.set("/unknown", 404);
    expect(await sender.send(delivery("/expired"))).toBe("gone");
    expect(await sender.send(delivery("/unknown"))).toBe("gone");
  });

  it("throws on any other failure, so that the outbox tries again", async () => {
    answers.set("/busy", 429);
    answers.set("/broken", 500);
    await expect(sender.send(delivery("/busy"))).rejects.toThrow("push service answered 429");
    await expect(sender.send(delivery("/broken"))).rejects.toThrow("push service answered 500");
  });

  it("refuses a payload over what a push service must accept, before sending anything", async () => {
    const before = received.length;
    const d = delivery("/big", { title: "t", body: "x".repeat(4000), url: "/" });
    await expect(sender.send(d)).rejects.toThrow("push payload too large");
    expect(received.length).toBe(before);
  });

  it("refuses a subscription whose key is not a P-256 key, before sending anything", async () => {
    const before = received.length;
    const d = delivery("/bad-key");
    await expect(
      sender.send({ ...d, subscription: { ...d.subscription, p256dh: Buffer.alloc(16).toString("base64url") } }),
    ).rejects.toThrow();
    expect(received.length).toBe(before);
  });
});
