import { randomBytes } from "node:crypto";
import type { ScreeningProvider } from "./provider";
import { ScreeningSignatureError } from "./provider";

/**
 * No outside party: a check stays running until `POST /api/test/screening/{credentialId}` (test
 * clock on) settles it. There is no webhook to receive.
 */
export class SimulatedScreeningProvider implements ScreeningProvider {
  readonly simulated = true;

  startCheck(): Promise<{ checkId: string }> {
    return Promise.resolve({ checkId: `sim_chk_${randomBytes(12).toString("hex")}` });
  }

  parseWebhookEvent(): never {
    throw new ScreeningSignatureError("the simulated screening provider sends no webhooks");
  }
}
