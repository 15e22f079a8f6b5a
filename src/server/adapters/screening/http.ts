import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { ScreeningCandidate, ScreeningEvent, ScreeningProvider } from "./provider";
import { ScreeningSignatureError } from "./provider";

/** A signed webhook older (or newer) than this is refused, so a captured one cannot be replayed later. */
const SCREENING_WEBHOOK_TOLERANCE_SECONDS = 300;
const REQUEST_TIMEOUT_MS = 10_000;

const CheckCreatedSchema = z.object({ id: z.string().min(1).max(200) });
const WebhookBodySchema = z.object({
  id: z.string().min(1).max(200),
  type: z.literal("check.completed"),
  data: z.object({ checkId: z.string().min(1).max(200), result: z.enum(["clear", "consider"]) }),
});

/**
 * A screening provider's HTTP API (docs/OPERATIONS.md, "Background checks"):
 * `POST {apiUrl}/v1/checks` with a bearer key orders a check and answers `{id}`; the finished check
 * comes back as `POST /api/webhooks/screening` with `{id, type: "check.completed", data: {checkId,
 * result}}`, signed in `Screening-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 */
export class HttpScreeningProvider implements ScreeningProvider {
  readonly simulated = false;

  constructor(private readonly options: { apiUrl: string; apiKey: string; webhookSecret: string }) {}

  async startCheck(candidate: ScreeningCandidate): Promise<{ checkId: string }> {
    const response = await fetch(`${this.options.apiUrl}/v1/checks`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${this.options.apiKey}`,
        "content-type": "application/json",
        "idempotency-key": candidate.reference,
      },
      body: JSON.stringify({
        reference: candidate.reference,
        candidate: { firstName: candidate.firstName, lastName: candidate.lastName, email: candidate.email },
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`screening provider answered ${response.status}`);
    return { checkId: CheckCreatedSchema.parse(await response.json()).id };
  }

  parseWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined, now: Date): ScreeningEvent {
    if (!signatureHeader) throw new ScreeningSignatureError("no signature header");
    const parts = new Map(
      signatureHeader.split(",").map((part) => {
        const i = part.indexOf("=");
        return [part.slice(0, i).trim(), part.slice(i + 1).trim()] as const;
      }),
    );
    const timestamp = parts.get("t");
    const given = parts.get("v1");
    if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given)) {
      throw new ScreeningSignatureError("malformed signature header");
    }
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SCREENING_WEBHOOK_TOLERANCE_SECONDS) {
      throw new ScreeningSignatureError("signature timestamp outside the tolerance");
    }
    const expected = signScreeningPayload(this.options.webhookSecret, timestamp, rawBody);
    if (!timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"))) {
      throw new ScreeningSignatureError("signature does not match");
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw new ScreeningSignatureError("the body is not JSON");
    }
    const parsed = WebhookBodySchema.safeParse(body);
    if (!parsed.success) throw new ScreeningSignatureError("the body is not a completed check");
    return { eventId: parsed.data.id, checkId: parsed.data.data.checkId, result: parsed.data.data.result };
  }
}

/** The v1 signature of a webhook body sent at `timestamp` (unix seconds). */
export function signScreeningPayload(secret: string, timestamp: string, rawBody: Buffer): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}
