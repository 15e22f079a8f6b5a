import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { MessageNewSocketMessage } from "@contract/realtime";
import { CALENDAR_PING_INTERVAL_MS, CALENDAR_RECONNECT_DELAY_MS, CALENDAR_SOCKET_PATH } from "@contract/realtime-basics";
import { MESSAGE_NEW_EVENT } from "@contract/message-basics";
import { messageKeys } from "./messages";

type Listener = (event: MessageNewSocketMessage) => void;

/**
 * One socket per tab for messages (the /ws/calendar channel carries every live event of the
 * signed-in user, DESIGN.md 11), shared by the header's badge and the Messages page: opened while
 * anything listens, reconnected 3 s after a close, closed when the last listener leaves.
 */
const listeners = new Set<Listener>();
const reconnectListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let pingTimer: number | undefined;
let reconnectTimer: number | undefined;

function connect() {
  reconnectTimer = undefined;
  const url = `${window.location.protocol === "https:" ? "wss:" : "ws:"}//${window.location.host}${CALENDAR_SOCKET_PATH}`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    pingTimer = window.setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, CALENDAR_PING_INTERVAL_MS);
    // Messages sent while the socket was down were never announced.
    for (const listener of reconnectListeners) listener();
  };
  ws.onmessage = (event) => {
    let parsed: Partial<MessageNewSocketMessage>;
    try {
      parsed = JSON.parse(String(event.data)) as Partial<MessageNewSocketMessage>;
    } catch {
      return;
    }
    if (parsed.type !== MESSAGE_NEW_EVENT || !parsed.message) return;
    for (const listener of listeners) listener(parsed as MessageNewSocketMessage);
  };
  ws.onclose = () => {
    window.clearInterval(pingTimer);
    if (socket !== ws) return;
    socket = null;
    if (listeners.size > 0) reconnectTimer = window.setTimeout(connect, CALENDAR_RECONNECT_DELAY_MS);
  };
  ws.onerror = () => {};
}

function subscribe(listener: Listener, onReconnect: () => void): () => void {
  listeners.add(listener);
  reconnectListeners.add(onReconnect);
  if (!socket && reconnectTimer === undefined) connect();
  return () => {
    listeners.delete(listener);
    reconnectListeners.delete(onReconnect);
    if (listeners.size > 0) return;
    window.clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    const ws = socket;
    socket = null;
    ws?.close();
  };
}

/** Calls `onMessage` for each new message of the user's conversations; the lists and the badge refresh themselves. */
export function useMessageEvents(onMessage?: Listener): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    };
    return subscribe(
      (event) => {
        onMessage?.(event);
        refresh();
      },
      () => {
        refresh();
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      },
    );
  }, [queryClient, onMessage]);
}
