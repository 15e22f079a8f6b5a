import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import { Link } from "wouter";
import type { Conversation } from "@contract/messages";
import type { MessageNewSocketMessage } from "@contract/realtime";
import { Button } from "@client/components/ui/button";
import { Spinner } from "@client/components/ui/spinner";
import { cn } from "@client/lib/cn";
import { formatInstant } from "@client/lib/when";
import { NO_SHOW_MESSAGE_PREFIX } from "@contract/message-basics";
import { addMessageToCache, useConversation, useConversationMessages, useMarkRead } from "../api/messages";
import { useMessageEvents } from "../api/message-socket";
import { ReportMessageButton } from "./report-message-button";
import { fullName } from "@contract/names";

// The form library comes with the composer, not with the messages page (its budget,
// scripts/check-bundle-budget.mjs); the conversation's data is asked for meanwhile.
// "Reply" and "Dispute" under a no-show (DESIGN.md 12) come after the log, as the composer does.
const NoShowActions = lazyWithReload(async () => ({ default: (await import("./no-show-actions")).NoShowActions }));
const MessageComposer = lazyWithReload(async () => ({ default: (await import("./message-composer")).MessageComposer }));

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

  // The log and the composer appear together, so the log's first scroll to the newest message
  // already has the composer below it.
  return (
    <Suspense
      fallback={
        <div className="flex h-full items-center justify-center">
          <Spinner label="Loading..." />
        </div>
      }
    >
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
        {conversation.data?.session ? (
          // DESIGN.md 12: which athlete and which session the thread is about, at its top.
          <p className="border-b border-slate-200 bg-field-50 px-4 py-2 text-sm text-field-950" data-testid="conversation-session">
            <span className="font-semibold">About {conversation.data.session.athleteName}&apos;s session</span> ·{" "}
            <time dateTime={conversation.data.session.startsAt}>
              {formatInstant(conversation.data.session.startsAt, conversation.data.session.timeZone)}
            </time>
          </p>
        ) : null}
        <MessageLog history={history} viewerId={viewerId} title={title} conversation={conversation.data} canReport />
        <MessageComposer conversationId={conversationId} title={title} remindContact={conversation.data?.hasMinor === true} />
      </section>
    </Suspense>
  );
}

/** The history, oldest at the top; used read-only by the admin's review of a reported conversation. */
export function MessageLog({
  history,
  viewerId,
  title,
  conversation,
  canReport,
}: {
  /** The conversation's pages, newest first, as useConversationMessages holds them. */
  history: ReturnType<typeof useConversationMessages>;
  viewerId: number;
  title: string;
  conversation: Conversation | undefined;
  canReport: boolean;
}) {
  const messages = [...(history.data?.pages.flatMap((p) => p.items) ?? [])].reverse();
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
      {history.hasNextPage ? (
        <div className="mb-3 flex justify-center">
          <Button
            variant="ghost"
            size="sm"
            isLoading={history.isFetchingNextPage}
            onClick={() => {
              heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
              void history.fetchNextPage();
            }}
          >
            Load older messages
          </Button>
        </div>
      ) : null}
      {history.isLoading ? <p className="text-center text-slate-600">Loading messages...</p> : null}
      {!history.isLoading && messages.length === 0 ? <p className="text-center text-slate-600">No messages yet. Say hello!</p> : null}
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
                {canReport && !mine && m.fromCoach && m.body.startsWith(NO_SHOW_MESSAGE_PREFIX) ? (
                  <Suspense fallback={null}>
                    <NoShowActions messageId={m.id} />
                  </Suspense>
                ) : canReport && !mine ? (
                  <ReportMessageButton messageId={m.id} senderName={name} />
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
