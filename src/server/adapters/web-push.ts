import { createECDH } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import webpush from "web-push";

/**
 * Web push (RFC 8030). The `web-push` package encrypts the message for the subscription (RFC 8291,
 * aes128gcm) and signs the VAPID token (RFC 8292); this adapter sends its request with a timeout and
 * no redirects, and turns the push service's answer into "delivered", "gone" or an error to retry.
 */

export type VapidKeys = {
  /** The uncompressed P-256 public key (65 bytes), base64url: the browser's applicationServerKey. */
  publicKey: string;
  /** The private scalar (32 bytes), base64url. */
  privateKey: string;
  /** A contact for the push service: `mailto:` or an https URL. */
  subject: string;
};

export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string };

/** One push as the outbox keeps it: where it goes and what it says. */
export type PushDelivery = { subscription: PushSubscriptionKeys; payload: { title: string; body: string; url: string } };

/** "delivered", or "gone" when the push service no longer knows the subscription (404 or 410). Throws on anything else, for a retry. */
export type PushSender = { send(delivery: PushDelivery): Promise<"delivered" | "gone"> };

/** A push service keeps an undelivered message this long for an offline browser. */
const TTL_SECONDS = 24 * 3600;
/**
 * A push service need accept no body over 4096 bytes (RFC 8030 section 7.2): the aes128gcm header (86)
 * and the record's delimiter (1) and tag (16) leave this much for the JSON.
 */
const MAX_PAYLOAD_BYTES = 4096 - 86 - 1 - 16;

/** web-push reads keys as unpadded base64url; anything else would fail at every send. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A fresh VAPID key pair (made once into the data folder when not configured). */
export function generateVapidKeys(): Omit<VapidKeys, "subject"> {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

/** True when `publicKey`/`privateKey` are one P-256 pair, unpadded base64url (as `npx web-push generate-vapid-keys` prints). */
export function isVapidKeyPair(publicKey: string, privateKey: string): boolean {
  if (!BASE64URL.test(publicKey) || !BASE64URL.test(privateKey)) return false;
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, "base64url"));
  } catch {
    return false;
  }
}

/** Sends over HTTP to the subscription's push service; a push service that does not answer in 15 s is retried later. */
export function createPushSender(options: { vapid: VapidKeys; logger: Logger }): PushSender {
  const vapidDetails = { subject: options.vapid.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey };
  return {
    async send({ subscription, payload }) {
      const json = JSON.stringify(payload);
      if (Buffer.byteLength(json, "utf8") > MAX_PAYLOAD_BYTES) throw new Error("push payload too large");
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        json,
        { vapidDetails, TTL: TTL_SECONDS, contentEncoding: "aes128gcm", urgency: "normal" },
      );
      // fetch sets Content-Length from the body itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== "content-length")
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: new Uint8Array(request.body),
        redirect: "error",
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 404 || response.status === 410) return "gone";
      if (!response.ok) throw new Error(`push service answered ${response.status}`);
      options.logger.info({ origin: new URL(subscription.endpoint).origin }, "push sent");
      return "delivered";
    },
  };
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured; else a pair made once and kept in
 * DATA_DIR/vapid-keys.json, so that browsers' subscriptions survive a restart (an in-memory data
 * folder gets a pair for this process).
 */
export function resolveVapidKeys(config: {
  dataDir: string;
  vapid: { keys?: { publicKey: string; privateKey: string }; subject: string };
}): VapidKeys {
  if (config.vapid.keys) return { ...config.vapid.keys, subject: config.vapid.subject };
  if (config.dataDir === "memory://") return { ...generateVapidKeys(), subject: config.vapid.subject };
  const file = path.join(config.dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === "string" && typeof kept.privateKey === "string" && isVapidKeyPair(kept.publicKey, kept.privateKey)) {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject: config.vapid.subject };
    }
    throw new Error(`${file} does not hold a VAPID key pair (remove it to make a new one)`);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject: config.vapid.subject };
}
