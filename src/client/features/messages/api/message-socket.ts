import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { MessageNewSocketMessage } from "@contract/realtime";
import { MESSAGE_NEW_EVENT } from "@contract/message-basics";
import { listenLive } from "../../../lib/live-socket";
import { messageKeys } from "./messages";

/**
 * Calls `onMessage` for each new message of the user's conversations, from the tab's one live
 * socket (lib/live-socket.ts); the lists and the header's badge refresh themselves.
 */
export function useMessageEvents(onMessage?: (event: MessageNewSocketMessage) => void): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    };
    return listenLive({
      onMessage: (message) => {
        if (message.type !== MESSAGE_NEW_EVENT || !message.message) return;
        onMessage?.(message as unknown as MessageNewSocketMessage);
        refresh();
      },
      // Messages sent while the socket was down were never announced.
      onConnected: () => {
        refresh();
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      },
    });
  }, [queryClient, onMessage]);
}
