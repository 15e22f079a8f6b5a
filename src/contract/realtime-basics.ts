/**
 * Where the live calendar's socket listens and how often a browser pings it or reconnects, without
 * zod: the pages that open the socket at once (the coach's calendar, messages) do not load the
 * schema library for it (docs/PERFORMANCE.md, JavaScript per page). The schemas of what the socket
 * carries stay in `realtime.ts`.
 */

/** The live calendar channel (coach-side 7, DESIGN.md 6). */
export const CALENDAR_SOCKET_PATH = "/ws/calendar";
export const CALENDAR_PING_INTERVAL_MS = 30_000;
export const CALENDAR_RECONNECT_DELAY_MS = 3_000;
