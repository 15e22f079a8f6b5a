import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { CALENDAR_SOCKET_PATH, CalendarClientMessageSchema, type CalendarEvent, type CalendarServerMessage } from "../../contract/realtime";
import type { AppDeps } from "../deps";
import { userForSessionToken } from "../features/accounts/sessions.service";
import { coachExists, coachIdForUser } from "../features/slots/slots.service";
import { readSessionToken } from "../http/require-session";

/** A socket may follow this many coaches' public availability at once. */
const MAX_SUBSCRIPTIONS = 50;
/** Server-side liveness check; a socket that misses one is dropped (browsers answer pings themselves). */
const HEARTBEAT_MS = 30_000;

type Client = {
  socket: WebSocket;
  userId: number;
  userType: string;
  /** The coach profile of the user, if any: their own calendar, with its booking events. */
  ownCoachId: number | null;
  /** Coaches whose availability events this socket receives. */
  subscriptions: Set<number>;
  isAlive: boolean;
};

export type CalendarSocketServer = {
  /** Sockets currently open on this process. */
  clientCount(): number;
  close(): Promise<void>;
};

/**
 * Serves /ws/calendar on the HTTP server (DESIGN.md 6): the user comes only from the session cookie,
 * events come from the event bus, so a change made through any process reaches every socket.
 */
export async function attachCalendarSocket(server: Server, deps: AppDeps): Promise<CalendarSocketServer> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const clients = new Set<Client>();

  const unsubscribe = await deps.events.subscribe((event) => {
    for (const client of clients) {
      if (client.socket.readyState === WebSocket.OPEN && shouldReceive(client, event)) send(client.socket, messageFor(event));
    }
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(req) !== CALENDAR_SOCKET_PATH) return; // Vite's hot-reload socket shares the server in development.
    void authenticate(req)
      .then((user) => {
        if (!user) return refuse(socket, 401, "Unauthorized");
        if (!isSameOrigin(req, deps.config.appUrl)) return refuse(socket, 403, "Forbidden");
        wss.handleUpgrade(req, socket, head, (ws) => void onConnection(ws, user));
      })
      .catch((err) => {
        deps.logger.error({ err }, "calendar socket upgrade failed");
        refuse(socket, 500, "Internal Server Error");
      });
  };
  server.on("upgrade", onUpgrade);

  async function authenticate(req: IncomingMessage) {
    const token = readSessionToken(req.headers.cookie);
    if (!token) return undefined;
    return userForSessionToken(deps.database.db, token, deps.clock.now());
  }

  async function onConnection(socket: WebSocket, user: { id: number; userType: string }) {
    const client: Client = { socket, userId: user.id, userType: user.userType, ownCoachId: null, subscriptions: new Set(), isAlive: true };
    socket.on("pong", () => (client.isAlive = true));
    socket.on("error", () => {});
    socket.on("close", () => clients.delete(client));
    // Messages that arrive while the coach profile is looked up wait for it.
    const ready = (async () => {
      client.ownCoachId = user.userType === "coach" ? await coachIdForUser(deps, user.id) : null;
      if (client.ownCoachId !== null) client.subscriptions.add(client.ownCoachId);
      if (socket.readyState !== WebSocket.OPEN) return; // Closed while the profile was looked up.
      clients.add(client);
      send(socket, { type: "connected", userId: user.id });
    })();
    socket.on("message", (data, isBinary) => {
      void ready
        .then(() => onMessage(client, data, isBinary))
        .catch((err) => {
          deps.logger.error({ err }, "calendar socket message failed");
          send(socket, { type: "error", message: "Something went wrong. Please try again." });
        });
    });
    await ready.catch((err) => {
      deps.logger.error({ err }, "calendar socket connection failed");
      socket.close(1011, "Internal error");
    });
  }

  async function onMessage(client: Client, data: RawData, isBinary: boolean) {
    let parsed: unknown;
    try {
      parsed = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      parsed = undefined;
    }
    const result = CalendarClientMessageSchema.safeParse(parsed);
    if (!result.success) return send(client.socket, { type: "error", message: "Unrecognised message" });
    const message = result.data;
    switch (message.type) {
      case "ping":
        return send(client.socket, { type: "pong" });
      case "auth":
        // The fields sent are ignored: who the user is comes from the session cookie of the upgrade.
        return send(client.socket, { type: "auth_ok", userId: client.userId, userType: client.userType, coachId: client.ownCoachId });
      case "subscribe_coach": {
        if (!client.subscriptions.has(message.coachId)) {
          if (client.subscriptions.size >= MAX_SUBSCRIPTIONS)
            return send(client.socket, { type: "error", message: "Too many subscriptions" });
          if (!(await coachExists(deps, message.coachId))) return send(client.socket, { type: "error", message: "Coach not found" });
          client.subscriptions.add(message.coachId);
        }
        return send(client.socket, { type: "subscribed", coachId: message.coachId });
      }
      case "unsubscribe_coach":
        if (message.coachId !== client.ownCoachId) client.subscriptions.delete(message.coachId);
        return send(client.socket, { type: "unsubscribed", coachId: message.coachId });
    }
  }

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.isAlive) {
        client.socket.terminate();
        clients.delete(client);
        continue;
      }
      client.isAlive = false;
      client.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    clientCount: () => clients.size,
    async close() {
      clearInterval(heartbeat);
      server.off("upgrade", onUpgrade);
      await unsubscribe();
      for (const client of clients) client.socket.close(1001, "Server shutting down");
      clients.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Booking events are private to the coach and the booking's student; slot events go to every follower of the coach. */
function shouldReceive(client: Client, event: CalendarEvent): boolean {
  if (event.type === "booking_updated" || event.type === "session_request_updated") {
    return client.ownCoachId === event.coachId || client.userId === event.studentId;
  }
  return client.subscriptions.has(event.coachId);
}

function messageFor(event: CalendarEvent): CalendarServerMessage {
  if (event.type === "booking_updated" || event.type === "session_request_updated") {
    // The student's id is routing information, not news for the coach's browser.
    const { studentId: _studentId, ...rest } = event;
    return rest;
  }
  return event;
}

function send(socket: WebSocket, message: CalendarServerMessage): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function pathOf(req: IncomingMessage): string {
  return (req.url ?? "").split("?")[0] ?? "";
}

/** A page from another site cannot open a socket with the user's cookie (cross-site WebSocket hijacking). */
function isSameOrigin(req: IncomingMessage, appUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // Not a browser: it has no ambient cookies to abuse.
  try {
    const host = new URL(origin).host;
    return host === req.headers.host || host === new URL(appUrl).host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`,
  );
}
