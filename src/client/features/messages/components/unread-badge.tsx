import { useUnreadSummary } from "../api/messages";
import { useMessageEvents } from "../api/message-socket";

/**
 * The header's unread count beside "Messages", kept live by the message socket. Screen readers
 * hear it as part of the link's name ("Messages (3 unread)").
 */
export function UnreadBadge() {
  const unread = useUnreadSummary();
  useMessageEvents();
  const count = unread.data?.unreadCount ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span
        aria-hidden
        data-testid="unread-badge"
        className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-400 px-1.5 text-xs font-bold text-field-950"
      >
        {count > 99 ? "99+" : count}
      </span>
      <span className="sr-only">{` (${count} unread)`}</span>
    </>
  );
}
