import type { Server } from "node:http";
import { createApp } from "@server/app";
import { createAppServer } from "@server/http/app-server";
import { mountClient } from "@server/http/client-assets";
import { attachCalendarSocket } from "@server/realtime/calendar-socket";
import { startTestApp, type TestApp } from "@tests/support/test-app";

export type E2eServer = TestApp & { baseUrl: string };

/** The real app with the built client on an ephemeral port, against a fresh database. */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const t = await startTestApp(env);
  const app = createApp(t.deps);
  const server: Server = createAppServer(app);
  await mountClient(app, { dev: false, server });
  // As in main.ts: the live calendar channel shares the HTTP server.
  const calendarSocket = await attachCalendarSocket(server, t.deps);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    ...t,
    baseUrl,
    async close() {
      await calendarSocket.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}
