import type { Logger } from "pino";
import type { Mailer } from "./adapters/mail";
import type { SmsSender } from "./adapters/sms";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";

/** Everything a feature needs from the outside world; createApp() receives it, tests build their own. */
export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  sms: SmsSender;
};
