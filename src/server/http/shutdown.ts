import type { Server } from "node:http";
import type { Socket } from "node:net";

/** How long a graceful shutdown waits for requests in flight before it closes every connection. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

type Closable = { close(): Promise<void> };
type Logger = { warn: (msg: string) => void };

/**
 * Tracks every socket the server accepts (HTTP and upgraded ones alike: Node's own
 * closeAllConnections() forgets a socket once it is upgraded) and returns the graceful close:
 * no new connections, open calendar sockets told to go elsewhere, idle keep-alive connections
 * closed, requests in flight given until `deadlineMs`, then every socket still open destroyed.
 * It resolves once the server has no socket left.
 */
export function gracefulClose(server: Server, options: { sockets?: Closable; logger: Logger; deadlineMs?: number }): () => Promise<void> {
  const open = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  return async () => {
    const force = setTimeout(() => {
      options.logger.warn(`connections still open after ${options.deadlineMs ?? SHUTDOWN_DEADLINE_MS} ms; closing them`);
      server.closeAllConnections();
      for (const socket of open) socket.destroy();
    }, options.deadlineMs ?? SHUTDOWN_DEADLINE_MS);
    force.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Open sockets would keep close() waiting; browsers reconnect to another process.
    await options.sockets?.close();
    server.closeIdleConnections();
    await closed;
    clearTimeout(force);
  };
}
