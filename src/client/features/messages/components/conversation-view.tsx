import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Send } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "wouter";
import { MESSAGE_MAX_LENGTH, MessageBodySchema, type Conversation, type ConversationMessage } from "@contract/messages";
import type { MessageNewSocketMessage } from "@contract/realtime";
import { Button } from "@client/components/ui/button";
import { Textarea } from "@client/components/ui/textarea";
import { cn } from "@client/lib/cn";
import { formatInstant } from "@client/lib/when";
import { addMessageToCache, useConversation, useConversationMessages, useMarkRead, useSendMessage } from "../api/messages";
import { useMessageEvents } from "../api/message-socket";
import { ReportMessageButton } from "./report-message-button";
import { fullName } from "@contract/names";

/** Who wrote a message, as the log names them. */
function senderNameOf(conversation: Conversation | undefined, senderId: number, viewerId: number, fallback: string): string {
  if (senderId === viewerId) return "You";
  if (!conversation) return fallback;
  if (senderId === conversation.coachUserId) return conversation.coachName;
  return conversation.guardians.find((g) => g.id === senderId)?.name ?? fallback;
}

/**
 * One conversation: its history as a log (role="log", a polite live region: screen readers hear
 * messages as they arrive), older pages on demand, and the composer. Text is rendered as text:
 * links stay plain, nothing is turned into HTML.
 */
export function ConversationView({ conversationId, viewerId, backHref }: { conversationId: number; viewerId: number; backHref: string }) {
  const queryClient = useQueryClient();
  const conversation = useConversation(conversationId);
  const history = useConversationMessages(conversationId);
  const markRead = useMarkRead(conversationId);
  const { mutate: markReadNow } = markRead;

  // Opening the conversation reads it; so does a message arriving while it is open and visible.
  useEffect(() => markReadNow(), [conversationId, markReadNow]);
  const onMessage = useCallback(
    (event: MessageNewSocketMessage) => {
      if (event.conversationId !== conversationId) return;
      const current = queryClient.getQueryData<Conversation>(["/api/conversations", conversationId]);
      const added = addMessageToCache(queryClient, {
        ...event.message,
        senderName: senderNameOf(current, event.message.senderId, viewerId, "Family"),
        fromCoach: current ? event.message.senderId === current.coachUserId : false,
      });
      if (added && event.message.senderId !== viewerId && document.visibilityState === "visible") markReadNow();
    },
    [conversationId, queryClient, viewerId, markReadNow],
  );
  useMessageEvents(onMessage);

  const messages = [...(history.data?.pages.flatMap((p) => p.items) ?? [])].reverse();
  const title = conversation.data?.title ?? "Conversation";
  const athletes = conversation.data?.athletes.map((a) => fullName(a)).filter(Boolean) ?? [];

  if (conversation.isError || history.isError) {
    return (
      <div className="flex flex-col gap-3 p-4">
        <Link href={backHref} className="inline-flex items-center gap-1 font-semibold text-field-700 md:hidden">
          <ArrowLeft aria-hidden className="size-4" /> All messages
        </Link>
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          Conversation not found.
        </p>
      </div>
    );
  }

  return (
    <section aria-labelledby="conversation-title" className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <Link
          href={backHref}
          className="rounded p-1 text-field-700 hover:bg-field-50 focus-visible:outline-2 focus-visible:outline-accent-400 md:hidden"
          aria-label="All messages"
        >
          <ArrowLeft aria-hidden className="size-5" />
        </Link>
        <div className="min-w-0">
          <h2 id="conversation-title" className="truncate font-display text-xl font-bold text-field-950 uppercase">
            {title}
          </h2>
          {athletes.length > 0 ? <p className="truncate text-xs text-slate-500">Athletes: {athletes.join(", ")}</p> : null}
        </div>
      </header>
      <MessageLog
        messages={messages}
        viewerId={viewerId}
        title={title}
        conversation={conversation.data}
        isLoading={history.isLoading}
        hasOlder={history.hasNextPage}
        isLoadingOlder={history.isFetchingNextPage}
        onLoadOlder={() => void history.fetchNextPage()}
        canReport
      />
      <Composer conversationId={conversationId} title={title} />
    </section>
  );
}

/** The history, oldest at the top; used read-only by the admin's review of a reported conversation. */
export function MessageLog({
  messages,
  viewerId,
  title,
  conversation,
  isLoading,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  canReport,
}: {
  messages: ConversationMessage[];
  viewerId: number;
  title: string;
  conversation: Conversation | undefined;
  isLoading: boolean;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  canReport: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;
  const heightBeforeOlder = useRef<number | null>(null);

  // A new message (or the first page) scrolls to the bottom; older pages keep the reader's place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && heightBeforeOlder.current !== null) {
      el.scrollTop = el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    }
  }, [oldestId]);

  return (
    // A scrolling region is focusable so that keyboard users can scroll it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div ref={scroller} tabIndex={0} aria-label={`Messages with ${title}`} className="min-h-0 flex-1 overflow-y-auto px-3 py-3 sm:px-4">
      {hasOlder ? (
        <div className="mb-3 flex justify-center">
          <Button
            variant="ghost"
            size="sm"
            isLoading={isLoadingOlder}
            onClick={() => {
              heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
              onLoadOlder();
            }}
          >
            Load older messages
          </Button>
        </div>
      ) : null}
      {isLoading ? <p className="text-center text-slate-600">Loading messages...</p> : null}
      {!isLoading && messages.length === 0 ? <p className="text-center text-slate-600">No messages yet. Say hello!</p> : null}
      {/* The log is a live region around the list (a role on the <ol> itself would orphan its items). */}
      <div role="log" aria-live="polite" aria-label={`Conversation with ${title}`}>
        <ol className="flex flex-col gap-3">
          {messages.map((m) => {
            const mine = m.senderId === viewerId;
            const name = senderNameOf(conversation, m.senderId, viewerId, m.senderName);
            return (
              <li key={m.id} className={cn("flex max-w-[85%] flex-col gap-1", mine ? "self-end items-end" : "self-start items-start")}>
                <p className="text-xs text-slate-500">
                  <span className="font-semibold text-slate-700">{name}</span> ·{" "}
                  <time dateTime={m.createdAt}>{formatInstant(m.createdAt)}</time>
                </p>
                <p
                  className={cn(
                    "rounded-2xl px-3 py-2 break-words whitespace-pre-wrap [overflow-wrap:anywhere]",
                    mine ? "bg-field-700 text-white" : "bg-slate-100 text-field-950",
                  )}
                >
                  {m.body}
                </p>
                {canReport && !mine ? <ReportMessageButton messageId={m.id} senderName={name} /> : null}
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}

function Composer({ conversationId, title }: { conversationId: number; title: string }) {
  const send = useSendMessage(conversationId);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const length = [...body].length;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (send.isPending) return;
    const parsed = MessageBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please write a message.");
      return;
    }
    setError(null);
    try {
      await send.mutateAsync(parsed.data);
      setBody("");
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not send the message. Please try again.");
    }
  }

  // Enter sends, Shift+Enter starts a new line (as in every chat).
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-1 border-t border-slate-200 p-3">
      <label htmlFor="message-body" className="text-sm font-semibold text-field-950">
        Message to {title}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id="message-body"
          rows={2}
          className="min-h-12 flex-1 resize-none"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={error ? "message-hint message-error" : "message-hint"}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" isLoading={send.isPending} aria-label="Send message">
          <Send aria-hidden /> <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      <p id="message-hint" className="text-xs text-slate-500">
        Enter to send, Shift+Enter for a new line. {length}/{MESSAGE_MAX_LENGTH}
      </p>
      {error ? (
        <p id="message-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
