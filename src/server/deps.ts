import type { Logger } from "pino";
import type { Geocoder } from "./adapters/geo";
import type { Mailer } from "./adapters/mail";
import type { MessageOutbox } from "./adapters/message-outbox";
import type { PaymentProvider } from "./adapters/payments/provider";
import type { SmsSender } from "./adapters/sms";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { EventBus } from "./realtime/event-bus";

/** Everything a feature needs from the outside world; createApp() receives it, tests build their own. */
export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  logger: Logger;
  /** E-mail and SMS: each call enqueues in the outbox table and delivers at once; a sweep retries. */
  mailer: Mailer;
  sms: SmsSender;
  /** The outbox behind mailer, sms and push: its sweep and its in-flight deliveries. */
  outbox: MessageOutbox;
  /** The VAPID public key browsers subscribe with (DESIGN 12); pushes go through `outbox.push`. */
  pushPublicKey: string;
  /** Stripe, or the simulated provider when Stripe keys are unset (DESIGN.md 4). */
  payments: PaymentProvider;
  /** Calendar events between server processes (LISTEN/NOTIFY). */
  events: EventBus;
  /** Slot addresses to coordinates; a no-op without GEOCODER_URL. */
  geocoder: Geocoder;
};
