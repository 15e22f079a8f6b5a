import type { ScreeningResult } from "@contract/credentials";

/** Who a background check is about, as the provider needs them. */
export type ScreeningCandidate = { reference: string; firstName: string; lastName: string; email: string };

/** A finished check, from the provider's signed webhook. */
export type ScreeningEvent = { eventId: string; checkId: string; result: ScreeningResult };

export class ScreeningSignatureError extends Error {}

/**
 * The background-check provider (DESIGN 12, Verified coaches), behind an adapter like payments:
 * simulated by default, a real provider's HTTP API by configuration (SCREENING_PROVIDER=http).
 */
export interface ScreeningProvider {
  readonly simulated: boolean;
  /** Orders a check; the provider answers later (webhook, or the test route for the simulated one). */
  startCheck(candidate: ScreeningCandidate): Promise<{ checkId: string }>;
  /** Verifies a webhook's signature and reads the finished check; throws ScreeningSignatureError. */
  parseWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined, now: Date): ScreeningEvent;
}
