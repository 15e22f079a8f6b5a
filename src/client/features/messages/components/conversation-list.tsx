import { Link } from "wouter";
import type { Conversation } from "@contract/messages";
import { firstLine, conversationPath, MessageMessages } from "@contract/message-basics";
import { Button } from "@client/components/ui/button";
import { cn } from "@client/lib/cn";
import { formatInstant } from "@client/lib/when";
import { useConversations } from "../api/messages";

/** The user's conversations, latest first, with unread counts; more load on demand. */
export function ConversationList({ activeId, viewerId }: { activeId: number | null; viewerId: number }) {
  const conversations = useConversations();
  const items = conversations.data?.pages.flatMap((p) => p.items) ?? [];
  if (conversations.isLoading) return <p className="p-4 text-slate-600">Loading conversations...</p>;
  if (conversations.isError) {
    return (
      <p role="alert" className="m-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        Could not load your conversations. Please try again.
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col gap-2 p-4 text-slate-600">
        <p className="font-semibold text-field-950">{MessageMessages.EMPTY_LIST}</p>
        <p>Families message a coach from the coach&apos;s profile; coaches message a family from its requests and bookings.</p>
      </div>
    );
  }
  return (
    <nav aria-label="Conversations" className="flex flex-col">
      <ul className="flex flex-col divide-y divide-slate-200">
        {items.map((c) => (
          <li key={c.id}>
            <ConversationItem conversation={c} isActive={c.id === activeId} viewerId={viewerId} />
          </li>
        ))}
      </ul>
      {conversations.hasNextPage ? (
        <Button
          variant="ghost"
          className="m-2"
          isLoading={conversations.isFetchingNextPage}
          onClick={() => void conversations.fetchNextPage()}
        >
          Load more conversations
        </Button>
      ) : null}
    </nav>
  );
}

function ConversationItem({ conversation: c, isActive, viewerId }: { conversation: Conversation; isActive: boolean; viewerId: number }) {
  const athletes = c.athletes.map((a) => a.firstName).filter(Boolean);
  const preview = c.lastMessage
    ? `${c.lastMessage.senderId === viewerId ? "You: " : ""}${firstLine(c.lastMessage.body, 80)}`
    : "No messages yet";
  return (
    <Link
      href={conversationPath(c.id)}
      aria-current={isActive ? "page" : undefined}
      className={cn(
        "flex flex-col gap-0.5 px-4 py-3 hover:bg-field-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-400",
        isActive && "bg-field-100",
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className={cn("truncate text-field-950", c.unreadCount > 0 ? "font-bold" : "font-semibold")}>{c.title}</span>
        {c.unreadCount > 0 ? (
          <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-accent-400 px-1.5 text-xs font-bold text-field-950">
            {c.unreadCount}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </span>
      {athletes.length > 0 ? <span className="truncate text-xs text-slate-700">Athletes: {athletes.join(", ")}</span> : null}
      <span className="truncate text-sm text-slate-600">{preview}</span>
      {c.lastMessageAt ? <span className="text-xs text-slate-700">{formatInstant(c.lastMessageAt)}</span> : null}
    </Link>
  );
}
