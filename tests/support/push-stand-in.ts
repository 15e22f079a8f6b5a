import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What a push service received, checked and decrypted as a browser would. */
export type ReceivedPush = {
  path: string;
  /** The VAPID token verified against the key in `k`, for this service's origin. */
  vapidValid: boolean;
  vapidKey: string;
  ttl: string | undefined;
  /** The decrypted payload (JSON text), or null when it did not decrypt. */
  plaintext: string | null;
};

/** A browser's subscription: its keys, with the private half the push service stand-in decrypts with. */
export type StandInSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; ecdh: ECDH; auth: Buffer };

/**
 * A local push service (DESIGN 12: tests run one): each subscription is a path; it answers 201, or
 * the status set with `answer(path, status)` (410 for an expired subscription).
 */
export async function startPushStandIn() {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const subscriptions = new Map<string, StandInSubscription>();
  let origin = "";
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const sub = subscriptions.get(path);
      const auth = String(req.headers.authorization ?? "");
      const vapid = /^vapid t=([^.]+)\.([^.]+)\.([^,]+), k=(.+)$/.exec(auth);
      received.push({
        path,
        vapidValid: vapid ? checkVapid(vapid[1]!, vapid[2]!, vapid[3]!, vapid[4]!, origin) : false,
        vapidKey: vapid?.[4] ?? "",
        ttl: req.headers.ttl as string | undefined,
        plaintext: sub && req.headers["content-encoding"] === "aes128gcm" ? decrypt(Buffer.concat(chunks), sub) : null,
      });
      res.statusCode = statuses.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A new browser subscription at this service. */
    subscription(): StandInSubscription {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString("hex")}`;
      const sub = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        ecdh,
        auth,
      };
      subscriptions.set(path, sub);
      return sub;
    },
    answer(endpoint: string, status: number) {
      statuses.set(new URL(endpoint).pathname, status);
    },
    /** Decrypted payloads sent to one subscription. */
    payloadsFor(endpoint: string): Array<{ title: string; body: string; url: string }> {
      const path = new URL(endpoint).pathname;
      return received
        .filter((r) => r.path === path && r.plaintext !== null)
        .map((r) => JSON.parse(r.plaintext!) as { title: string; body: string; url: string });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function checkVapid(head: string, claims: string, signature: string, k: string, origin: string): boolean {
  try {
    const pub = Buffer.from(k, "base64url");
    const key = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: pub.subarray(1, 33).toString("base64url"), y: pub.subarray(33, 65).toString("base64url") },
      format: "jwk",
    });
    const header = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
    const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
    const signed = verify(
      "sha256",
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    const expiresIn = (body.exp ?? 0) - Date.now() / 1000;
    return (
      signed &&
      header.alg === "ES256" &&
      body.aud === origin &&
      expiresIn > 0 &&
      expiresIn <= 24 * 3600 &&
      /^(mailto:|https:)/.test(body.sub ?? "")
    );
  } catch {
    return false;
  }
}

/** RFC 8291 section 3.4 from the receiving side: one aes128gcm record, decrypted with the browser's private key and auth secret. */
function decrypt(body: Buffer, sub: StandInSubscription): string | null {
  try {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const asPublic = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const shared = sub.ecdh.computeSecret(asPublic);
    const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), sub.ecdh.getPublicKey(), asPublic]);
    const ikm = Buffer.from(hkdfSync("sha256", shared, sub.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
    const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) return null;
    return padded.subarray(0, end).toString("utf8");
  } catch {
    return null;
  }
}
