import { CALENDAR_PING_INTERVAL_MS, CALENDAR_RECONNECT_DELAY_MS, CALENDAR_SOCKET_PATH } from "@contract/realtime-basics";

export type LiveSocketState = "disconnected" | "connecting" | "connected";

/** A server message as it arrives: its type, and whatever else it carries. */
export type LiveMessage = { type?: unknown } & Record<string, unknown>;

/** What a page part listening to the live channel wants told. */
export type LiveListener = {
  onMessage?: (message: LiveMessage) => void;
  /** After each (re)connection: what changed while the socket was down was never announced. */
  onConnected?: () => void;
  onState?: (state: LiveSocketState) => void;
};

/**
 * The tab's one live socket (DESIGN.md 6 and 11: `/ws/calendar` carries every live event of the
 * signed-in user: slots, bookings, requests, messages). Opened while anything listens, pinged every
 * 30 s, reconnected 3 s after a close, closed when the last listener leaves; the server knows the user
 * from the session cookie and follows the coach's own calendar by itself.
 */
const listeners = new Set<LiveListener>();
let socket: WebSocket | null = null;
let state: LiveSocketState = "disconnected";
let pingTimer: number | undefined;
let reconnectTimer: number | undefined;

export function liveSocketUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${CALENDAR_SOCKET_PATH}`;
}

function setState(next: LiveSocketState) {
  state = next;
  for (const listener of listeners) listener.onState?.(next);
}

function connect() {
  reconnectTimer = undefined;
  setState("connecting");
  const ws = new WebSocket(liveSocketUrl());
  socket = ws;
  ws.onopen = () => {
    setState("connected");
    pingTimer = window.setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, CALENDAR_PING_INTERVAL_MS);
    for (const listener of listeners) listener.onConnected?.();
  };
  ws.onmessage = (event) => {
    let message: LiveMessage;
    try {
      message = JSON.parse(String(event.data)) as LiveMessage;
    } catch {
      return;
    }
    for (const listener of listeners) listener.onMessage?.(message);
  };
  ws.onclose = () => {
    window.clearInterval(pingTimer);
    if (socket !== ws) return;
    socket = null;
    setState("disconnected");
    if (listeners.size > 0) reconnectTimer = window.setTimeout(connect, CALENDAR_RECONNECT_DELAY_MS);
  };
  // An error is always followed by a close, which schedules the reconnect.
  ws.onerror = () => {};
}

/** Listens to the tab's live socket (opening it if needed); the answer stops listening. */
export function listenLive(listener: LiveListener): () => void {
  listeners.add(listener);
  listener.onState?.(state);
  if (!socket && reconnectTimer === undefined) connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    const ws = socket;
    socket = null;
    window.clearInterval(pingTimer);
    state = "disconnected";
    ws?.close();
  };
}
