import { createApp } from "./app";
import { describeStartupError } from "./startup-error";
import { bootstrap } from "./boot";
import { loadConfigOrReport } from "./config";
import { createAppServer } from "./http/app-server";
import { mountClient } from "./http/client-assets";
import { gracefulClose } from "./http/shutdown";
import { startSweeps } from "./jobs/sweeps";
import { attachCalendarSocket } from "./realtime/calendar-socket";
import { coachSlotsCacheFor } from "./features/search/coach-slots-cache";
import { warmUpSearch } from "./features/search/search-warm-up";
import { warmUpBooking } from "./features/bookings/booking-warm-up";

async function main(): Promise<void> {
  const config = loadConfigOrReport();
  if (!config) process.exit(1);
  const dev = process.argv.includes("--dev");
  const deps = await bootstrap(config);
  const app = createApp(deps, { devClient: dev });
  const server = createAppServer(app);
  const calendarSocket = await attachCalendarSocket(server, deps, { dev });
  const closeServer = gracefulClose(server, { sockets: calendarSocket, logger: deps.logger });
  await mountClient(app, { dev, server });
  const stopSweeps = startSweeps(deps);
  // The coach directory read and the search's code compiled before the first visitor searches.
  const warmUp = await warmUpSearch(deps);
  deps.logger.info(
    {
      coaches: warmUp.coaches,
      directoryMs: Math.round(warmUp.directoryMs),
      slotCoaches: warmUp.slotCoaches,
      slotsMs: Math.round(warmUp.slotsMs),
      searches: warmUp.searches,
      ms: Math.round(warmUp.totalMs),
    },
    "search ready",
  );
  const stopSlotRefresh = coachSlotsCacheFor(deps).keepFresh();

  // The booking's code compiled and its writes planned on every connection before the first booking.
  // Only a speed-up: the site still starts when it fails, and the log says why.
  const bookingWarmUpStarted = performance.now();
  await warmUpBooking(deps).then(
    (bookings) => deps.logger.info({ bookings, ms: Math.round(performance.now() - bookingWarmUpStarted) }, "booking ready"),
    (err: unknown) => deps.logger.error({ err }, "booking warm-up failed; the first bookings will be slower"),
  );

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  deps.logger.info({ url: config.appUrl, database: deps.database.kind }, "server listening");

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.logger.info({ signal }, "shutting down: no new connections, finishing requests in flight");
    await closeServer();
    await stopSweeps();
    stopSlotRefresh();
    // Messages being delivered in the background are finished (or left to another process's sweep).
    await deps.outbox.drain();
    await deps.database.close();
    deps.logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(describeStartupError(err));
  process.exit(1);
});
