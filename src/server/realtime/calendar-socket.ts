import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { CalendarClientMessageSchema, type CalendarEvent, type CalendarServerMessage } from "../../contract/realtime";
import { CALENDAR_SOCKET_PATH } from "../../contract/realtime-basics";
import type { AppDeps } from "../deps";
import { MAX_SOCKETS_PER_USER } from "../../contract/limits";
import { INTERNAL_ERROR_MESSAGE } from "../../contract/error-basics";
import { hashSessionToken, liveSessions, userForSessionToken } from "../features/accounts/sessions.service";
import { coachExists, coachIdForUser } from "../features/slots/slots.service";
import { appOriginCheck } from "../http/request-guards";
import { readSessionToken } from "../http/require-session";
import { subscribeSessionsEnded } from "./session-events";

/** A socket may follow this many coaches' public availability at once. */
const MAX_SUBSCRIPTIONS = 50;
/** Server-side liveness check; a socket that misses one is dropped (browsers answer pings themselves). */
const HEARTBEAT_MS = 30_000;
/** Close code for a socket whose session ended or whose role changed: the browser must sign in again. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/** How long a refused upgrade's answer may take to write before its socket is destroyed anyway. */
const REFUSE_WRITE_MS = 2_000;

type Client = {
  socket: WebSocket;
  userId: number;
  userType: string;
  /** The session the socket was opened with; when it ends (logout, reset, expiry), the socket closes. */
  sessionHash: string;
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
export async function attachCalendarSocket(server: Server, deps: AppDeps, options: { dev?: boolean } = {}): Promise<CalendarSocketServer> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const isAppOrigin = appOriginCheck(deps.config.appUrl);
  const clients = new Set<Client>();
  /** Open (or opening) sockets per user on this process, for MAX_SOCKETS_PER_USER. */
  const socketsPerUser = new Map<number, number>();
  const countSocket = (userId: number, delta: number) => {
    const next = (socketsPerUser.get(userId) ?? 0) + delta;
    if (next <= 0) socketsPerUser.delete(userId);
    else socketsPerUser.set(userId, next);
  };

  /** Closes the sockets among `candidates` whose session is gone or whose user's role is no longer the one they were opened with. */
  async function closeEndedSessions(candidates: Client[]): Promise<void> {
    if (candidates.length === 0) return;
    const live = new Map(
      (await liveSessions(deps.database.db, [...new Set(candidates.map((c) => c.sessionHash))], deps.clock.now())).map((s) => [
        s.idHash,
        s.userType,
      ]),
    );
    for (const client of candidates) {
      if (live.get(client.sessionHash) === client.userType) continue;
      clients.delete(client);
      client.socket.close(SESSION_ENDED_CLOSE_CODE, "Session ended");
    }
  }

  const unsubscribeSessions = await subscribeSessionsEnded(deps, (userIds) => {
    const ids = new Set(userIds);
    void closeEndedSessions([...clients].filter((c) => ids.has(c.userId))).catch((err) =>
      deps.logger.error({ err }, "could not re-check calendar sockets"),
    );
  });

  const unsubscribe = await deps.events.subscribe((event) => {
    for (const client of clients) {
      if (client.socket.readyState === WebSocket.OPEN && shouldReceive(client, event)) send(client.socket, messageFor(client, event));
    }
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(req) !== CALENDAR_SOCKET_PATH) {
      // Vite's hot-reload socket shares the server in development; anything else is refused at once,
      // or the connection would hang open (and hold up a graceful shutdown) forever.
      if (options.dev && req.headers["sec-websocket-protocol"]?.includes("vite-hmr")) return;
      return refuse(socket, 404, "Not Found");
    }
    void authenticate(req)
      .then((session) => {
        if (!session) return refuse(socket, 401, "Unauthorized");
        if (!isSameOrigin(req, isAppOrigin)) return refuse(socket, 403, "Forbidden");
        if ((socketsPerUser.get(session.user.id) ?? 0) >= MAX_SOCKETS_PER_USER) return refuse(socket, 429, "Too Many Requests");
        countSocket(session.user.id, 1);
        let opened = false;
        // A handshake that fails inside ws never reaches onConnection; its count is given back here.
        socket.once("close", () => {
          if (!opened) countSocket(session.user.id, -1);
        });
        wss.handleUpgrade(req, socket, head, (ws) => {
          opened = true;
          void onConnection(ws, session.user, session.sessionHash);
        });
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
    const user = await userForSessionToken(deps.database.db, token, deps.clock.now());
    return user ? { user, sessionHash: hashSessionToken(token) } : undefined;
  }

  async function onConnection(socket: WebSocket, user: { id: number; userType: string }, sessionHash: string) {
    const client: Client = {
      socket,
      userId: user.id,
      userType: user.userType,
      sessionHash,
      ownCoachId: null,
      subscriptions: new Set(),
      isAlive: true,
    };
    socket.on("pong", () => (client.isAlive = true));
    socket.on("error", () => {});
    socket.on("close", () => {
      clients.delete(client);
      countSocket(user.id, -1);
    });
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
          send(socket, { type: "error", message: INTERNAL_ERROR_MESSAGE });
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
    // Sessions also end without an event (idle timeout, absolute end, a lost NOTIFY): re-check them all.
    void closeEndedSessions([...clients]).catch((err) => deps.logger.error({ err }, "could not re-check calendar sockets"));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    clientCount: () => clients.size,
    async close() {
      clearInterval(heartbeat);
      server.off("upgrade", onUpgrade);
      await unsubscribe();
      await unsubscribeSessions();
      for (const client of clients) client.socket.close(1001, "Server shutting down");
      clients.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Booking events are private to the coach and the booking's student; slot events go to every follower of the coach; messages to their conversation. */
function shouldReceive(client: Client, event: CalendarEvent): boolean {
  // A message goes to the users of its conversation only (DESIGN.md 11), whatever they follow.
  if (event.type === "message:new") return event.userIds.includes(client.userId);
  if (event.type === "booking_updated" || event.type === "session_request_updated") {
    return client.ownCoachId === event.coachId || client.userId === event.studentId;
  }
  // A slot made for one family's request is the coach's alone (DESIGN.md 12).
  if (event.type === "time_slot_updated" && event.requestOnly === true && client.ownCoachId !== event.coachId) return false;
  return client.subscriptions.has(event.coachId);
}

function messageFor(client: Client, event: CalendarEvent): CalendarServerMessage {
  if (event.type === "time_slot_updated") {
    const { requestOnly: _requestOnly, ...rest } = event;
    if (client.ownCoachId === event.coachId) return rest;
    // A coach's calendar is the coach's (DESIGN.md 12): followers get the public slot, without counts or location notes.
    const { bookingCount: _count, bookingStates: _states, canDelete: _canDelete, paidCount: _paid, heldUntil: _held, ...slot } = event.slot;
    return { ...rest, slot: { ...slot, locationNotes: null } };
  }
  if (event.type === "message:new") return { type: event.type, conversationId: event.conversationId, message: event.message };
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
function isSameOrigin(req: IncomingMessage, isApp: (origin: string, host: string | undefined) => boolean): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // Not a browser: it has no ambient cookies to abuse.
  return isApp(origin, req.headers.host);
}

/**
 * Answers a refused upgrade and destroys the socket once the answer is written. Ending it only
 * half-closes it: a client that keeps its side open would then hold the server's socket (and a
 * graceful shutdown) forever.
 */
function refuse(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed) return;
  socket.on("error", () => {});
  // A client that never reads must not keep the socket either.
  const timer = setTimeout(() => socket.destroy(), REFUSE_WRITE_MS);
  timer.unref();
  socket.write(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`,
    () => {
      clearTimeout(timer);
      socket.destroy();
    },
  );
}
