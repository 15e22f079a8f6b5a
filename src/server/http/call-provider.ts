import { ErrorCode } from "../../contract/error-basics";
import { PaymentProviderError } from "../adapters/payments/provider";
import type { AppDeps } from "../deps";
import { AppError } from "./errors";

/**
 * A payment provider call made on behalf of a request. A declined card keeps the provider's message
 * (402); any other provider or network fault becomes a 502 with `unavailableMessage`, logged, with
 * nothing half done on our side.
 */
export async function callProvider<T>(
  deps: Pick<AppDeps, "logger">,
  what: string,
  unavailableMessage: string,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      deps.logger.warn({ err, what }, "payment provider refused a call");
      if (err.isCardError) throw new AppError(402, ErrorCode.PAYMENT_FAILED, err.message);
    } else {
      deps.logger.error({ err, what }, "payment provider call failed");
    }
    throw new AppError(502, ErrorCode.PAYMENT_FAILED, unavailableMessage);
  }
}
