import type { Server } from "node:http";
import { createConnection, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "@server/http/app-server";
import { gracefulClose } from "@server/http/shutdown";
import { attachCalendarSocket, type CalendarSocketServer } from "@server/realtime/calendar-socket";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/** Issue 28: a refused WebSocket upgrade is answered and its socket destroyed, not half-closed. */
let t: TestApp;
let server: Server;
let calendar: CalendarSocketServer;
let port: number;
let close: () => Promise<void>;
const clients: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  server = createAppServer(t.app);
  calendar = await attachCalendarSocket(server, t.deps);
  close = gracefulClose(server, { sockets: calendar, logger: { warn: () => {} }, deadlineMs: 10_000 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of clients) socket.destroy();
  if (server.listening) await close();
  await t.close();
});

const connections = () => new Promise<number>((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n))));

/**
 * An upgrade from a client that never closes its own side (allowHalfOpen): resolves with what the
 * server answered once the server has closed the connection.
 */
function halfOpenUpgrade(path: string, cookie?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: "127.0.0.1", port, allowHalfOpen: true }, () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}\r\n`,
      );
    });
    clients.push(socket);
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    // The server's FIN: this client keeps its side open on purpose, like a hostile one would.
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
    setTimeout(() => reject(new Error(`no answer; got ${JSON.stringify(data)}`)), 10_000).unref();
  });
}

async function waitFor(predicate: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await predicate()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return predicate();
}

describe("attack: 200 half-open refused upgrades", () => {
  it("each is answered 4xx and destroyed; the server's socket count goes back to normal and shutdown finishes in time", async () => {
    const before = await connections();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 3 === 0
          ? halfOpenUpgrade(`/ws/other-${i}`)
          : i % 3 === 1
            ? halfOpenUpgrade("/ws/calendar")
            : halfOpenUpgrade("/ws/calendar", "sid=not-a-session"),
      ),
    );
    expect(answers.filter((a) => /^HTTP\/1.1 404 /.test(a))).toHaveLength(67);
    expect(answers.filter((a) => /^HTTP\/1.1 401 /.test(a))).toHaveLength(133);
    // Every client still holds its side open; the server must have let go of all of them.
    expect(await waitFor(async () => (await connections()) <= before, 3000)).toBe(true);

    const started = Date.now();
    const done = await Promise.race([close().then(() => "closed"), new Promise((r) => setTimeout(() => r("timed out"), 5000))]);
    expect(done).toBe("closed");
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
