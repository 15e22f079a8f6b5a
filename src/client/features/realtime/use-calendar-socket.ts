import { useQueryClient } from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";
import { isUnderUrl, sharedKeys } from "../../lib/query-keys";
import { CALENDAR_PING_INTERVAL_MS, CALENDAR_RECONNECT_DELAY_MS, CALENDAR_SOCKET_PATH } from "@contract/realtime-basics";

export type CalendarSocketState = "disconnected" | "connecting" | "connected";

/** The messages that make the slot and booking lists refresh (coach-side 7). */
const REFRESHING_MESSAGES = new Set([
  "time_slot_updated",
  "time_slot_deleted",
  "availability_updated",
  "booking_updated",
  "session_request_updated",
]);

/**
 * Query keys are URLs first (src/client/lib/query-keys.ts), so every slot and booking list, and
 * the booking lists later features add, refresh by prefix without this feature importing theirs.
 */
const isRefreshed = isUnderUrl(sharedKeys.slots[0], "/api/bookings", "/api/session-requests", "/api/coaches/me/earnings");

export function calendarSocketUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${CALENDAR_SOCKET_PATH}`;
}

type Options = { userId: number; userType: string; coachId: number | undefined };

/**
 * The live calendar channel: the session cookie authenticates the socket; the client announces
 * itself, follows the coach's calendar, pings every 30 s and reconnects 3 s after any close.
 */
export function useCalendarSocket({ userId, userType, coachId }: Options): CalendarSocketState {
  const queryClient = useQueryClient();
  const [state, setSocketState] = useState<CalendarSocketState>("disconnected");

  useEffect(() => {
    if (coachId === undefined) return;
    // The state lives in the page that follows the calendar (the coach dashboard, Manage Slots), so
    // each change redraws that page: as a transition, React does it in slices between frames rather
    // than in one task of the whole page's render (two of a phone's longest tasks on the dashboard).
    const setState = (next: CalendarSocketState) => startTransition(() => setSocketState(next));
    let socket: WebSocket | null = null;
    let pingTimer: number | undefined;
    let reconnectTimer: number | undefined;
    let stopped = false;

    const connect = () => {
      setState("connecting");
      socket = new WebSocket(calendarSocketUrl());
      socket.onopen = () => {
        setState("connected");
        socket?.send(JSON.stringify({ type: "auth", userId, userType, coachId }));
        socket?.send(JSON.stringify({ type: "subscribe_coach", coachId }));
        pingTimer = window.setInterval(() => {
          if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
        }, CALENDAR_PING_INTERVAL_MS);
        // Changes made while the socket was down were never announced.
        void queryClient.invalidateQueries({ predicate: isRefreshed });
      };
      socket.onmessage = (event) => {
        let type: unknown;
        try {
          type = (JSON.parse(String(event.data)) as { type?: unknown }).type;
        } catch {
          return;
        }
        if (typeof type === "string" && REFRESHING_MESSAGES.has(type)) void queryClient.invalidateQueries({ predicate: isRefreshed });
      };
      socket.onclose = () => {
        window.clearInterval(pingTimer);
        socket = null;
        if (stopped) return;
        setState("disconnected");
        reconnectTimer = window.setTimeout(connect, CALENDAR_RECONNECT_DELAY_MS);
      };
      // An error is always followed by a close, which schedules the reconnect.
      socket.onerror = () => {};
    };

    connect();
    return () => {
      stopped = true;
      window.clearInterval(pingTimer);
      window.clearTimeout(reconnectTimer);
      socket?.close();
      setState("disconnected");
    };
  }, [queryClient, userId, userType, coachId]);

  return state;
}
