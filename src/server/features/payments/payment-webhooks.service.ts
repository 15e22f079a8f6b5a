import { PaymentMessages } from "@contract/payments";
import { WebhookSignatureError, type ConnectedAccount, type PaymentEvent } from "../../adapters/payments/provider";
import type { AppDeps } from "../../deps";
import { badRequest } from "../../http/errors";
import { recordPaymentFailed } from "../bookings/settle-payment.service";
import { recordChargeRefunded, recordDispute, updateDispute } from "../money-issues/money-issues.service";
import { applyAccountUpdate } from "../payouts/payouts.service";
import * as repo from "./payments.repository";
import { settlePayment } from "./payments.service";

/** POST /api/stripe/webhook: verified, deduplicated by event id, then handled like the client's confirmation. */
export async function handleWebhook(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  let event: PaymentEvent;
  try {
    event = deps.payments.parseWebhookEvent(rawBody, signature);
  } catch (err) {
    // Every refusal is logged with its reason: a wrong secret or a forged call must not go unseen.
    const reason = err instanceof WebhookSignatureError ? err.message : "the event could not be read";
    deps.logger.warn({ reason, ...(err instanceof WebhookSignatureError ? {} : { err }) }, "webhook refused");
    throw badRequest(PaymentMessages.INVALID_SIGNATURE);
  }
  const db = deps.database.db;
  if (await repo.isEventHandled(db, event.id)) return;
  switch (event.type) {
    case "payment_intent.succeeded":
      await settlePayment(deps, event.paymentIntent);
      break;
    case "payment_intent.payment_failed":
      await recordPaymentFailed(deps, event.paymentIntent.id);
      break;
    case "account.updated":
      await onPaymentAccountUpdated(deps, event.account, event.createdAt);
      break;
    case "charge.dispute.created":
      await recordDispute(deps, event.dispute, event.createdAt);
      break;
    case "charge.dispute.updated":
    case "charge.dispute.closed":
      await updateDispute(deps, event.dispute, event.createdAt);
      break;
    case "charge.refunded":
      await recordChargeRefunded(deps, event.charge);
      break;
    case "other":
      // Recorded as handled below, so a retry of it is skipped too.
      break;
  }
  // Recorded only once handled: if handling fails, the provider's retry is handled again (idempotently).
  await repo.recordEventHandled(db, event.id, event.type === "other" ? event.eventType : event.type, deps.clock.now());
}

/** Stripe's account.updated: the payouts feature stores the state and sends payouts that were waiting for it. */
export async function onPaymentAccountUpdated(deps: AppDeps, account: ConnectedAccount, asOf?: Date): Promise<void> {
  await applyAccountUpdate(deps, account, asOf);
}
