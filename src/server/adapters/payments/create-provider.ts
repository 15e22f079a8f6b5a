import type { Logger } from "pino";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { PaymentProvider } from "./provider";
import { SimulatedPaymentProvider } from "./simulated";
import { StripePaymentProvider } from "./stripe";

/** Stripe when its keys are set; otherwise the simulated provider, so the app runs with no account anywhere (DESIGN.md 2). */
export function createPaymentProvider(deps: { config: Config; database: Database; clock: Clock; logger: Logger }): PaymentProvider {
  const { config, database, clock, logger } = deps;
  if (config.stripe) {
    return new StripePaymentProvider({ ...config.stripe, logger });
  }
  return new SimulatedPaymentProvider({ database, clock, logger, appUrl: config.appUrl });
}
