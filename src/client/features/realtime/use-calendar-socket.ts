import { useQueryClient } from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";
import { listenLive, type LiveSocketState } from "../../lib/live-socket";
import { isUnderUrl, sharedKeys } from "../../lib/query-keys";

export type CalendarSocketState = LiveSocketState;

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

/**
 * The coach's live calendar on the tab's one live socket (lib/live-socket.ts): a change to a slot,
 * a booking or a request refreshes the lists; the answer is the socket's state for the "Live" mark.
 */
export function useCalendarSocket({ coachId }: { coachId: number | undefined }): CalendarSocketState {
  const queryClient = useQueryClient();
  const [state, setSocketState] = useState<CalendarSocketState>("disconnected");

  useEffect(() => {
    if (coachId === undefined) return;
    const refresh = () => void queryClient.invalidateQueries({ predicate: isRefreshed });
    return listenLive({
      // The state lives in the page that follows the calendar (the coach dashboard, Manage Slots), so
      // each change redraws that page: as a transition, React does it in slices between frames rather
      // than in one task of the whole page's render (two of a phone's longest tasks on the dashboard).
      onState: (next) => startTransition(() => setSocketState(next)),
      onConnected: refresh,
      onMessage: (message) => {
        if (typeof message.type === "string" && REFRESHING_MESSAGES.has(message.type)) refresh();
      },
    });
  }, [queryClient, coachId]);

  return state;
}
