import path from "node:path";
import { createGeocoder } from "./adapters/geo";
import { createMailer } from "./adapters/mail";
import { createMessageOutbox } from "./adapters/message-outbox";
import { createPaymentProvider } from "./adapters/payments/create-provider";
import { createSmsSender } from "./adapters/sms";
import { createPushSender, resolveVapidKeys } from "./adapters/web-push";
import { forgetPushEndpoint } from "./features/notifications/notifications.repository";
import { Clock } from "./clock";
import type { Config } from "./config";
import { openDatabase } from "./db/client";
import { loadReferenceData } from "./db/reference-data";
import { seedDemoData } from "./db/seed/seed-demo";
import { prepareBookingStatements } from "./features/bookings/book-slot.service";
import type { AppDeps } from "./deps";
import { createLogger } from "./logger";
import { createEventBus } from "./realtime/event-bus";

/**
 * Opens the database, migrates it, loads reference data and (when configured) seeds the demo
 * marketplace; returns the dependencies createApp() needs. Used by main.ts and by the tests.
 */
export async function bootstrap(config: Config, overrides: Partial<AppDeps> = {}): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir === "memory://" ? "memory://" : path.join(config.dataDir, "db"),
      logger,
    }));
  await database.migrate();
  await loadReferenceData(database.db);
  const clock = overrides.clock ?? new Clock();
  // Every connection opened and the booking's statements prepared on it before the server listens.
  await database.openConnections((db) => prepareBookingStatements(db, clock.now()));
  const vapid = resolveVapidKeys(config);
  // Mail, SMS and web push leave through the outbox table; the transports below deliver from it.
  const outbox =
    overrides.outbox ??
    createMessageOutbox({
      database,
      clock,
      logger,
      transports: {
        mail: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
        sms: createSmsSender({ twilio: config.twilio, dataDir: config.dataDir, logger }),
        push: createPushSender({ vapid, logger }),
      },
      onPushGone: (endpoint) => forgetPushEndpoint(database.db, endpoint),
    });
  const deps: AppDeps = {
    config,
    database,
    logger,
    clock,
    outbox,
    pushPublicKey: vapid.publicKey,
    mailer: overrides.mailer ?? outbox.mailer,
    sms: overrides.sms ?? outbox.sms,
    payments: overrides.payments ?? createPaymentProvider({ config, database, clock, logger }),
    events: overrides.events ?? createEventBus(database, logger),
    geocoder: overrides.geocoder ?? createGeocoder({ geocoderUrl: config.geocoderUrl, logger }),
  };
  // Two processes starting on one empty database would both see "no users" and seed twice.
  if (config.seedDemo) await database.exclusive("seed-demo", () => seedDemoData(deps));
  return deps;
}
