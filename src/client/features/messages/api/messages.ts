import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useInfiniteQuery, useQuery } from "../../../lib/use-query";
import type { Conversation, ConversationMessage, Message, MessageReport, UnreadSummary } from "@contract/messages";
import { MESSAGES_NEXT_CURSOR_HEADER } from "@contract/message-basics";
import type { ReportResolution, SenderStanding } from "@contract/moderation-basics";
import { apiGet, apiGetWithHeaders, apiRequest } from "@client/lib/api-client";

/** Query keys, URL first (src/client/lib/query-keys.ts). */
export const messageKeys = {
  all: ["/api/conversations"] as const,
  list: ["/api/conversations", "list"] as const,
  unread: ["/api/conversations", "unread"] as const,
  conversation: (id: number) => ["/api/conversations", id] as const,
  messages: (id: number) => ["/api/conversations", id, "messages"] as const,
  reports: ["/api/admin/message-reports"] as const,
};

type Page<T> = { items: T[]; nextCursor: string | null };

async function getPage<T>(url: string, cursor: string | null): Promise<Page<T>> {
  const { data, headers } = await apiGetWithHeaders<T[]>(cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url);
  return { items: data, nextCursor: headers.get(MESSAGES_NEXT_CURSOR_HEADER) };
}

export function useConversations() {
  return useInfiniteQuery({
    queryKey: messageKeys.list,
    queryFn: ({ pageParam }) => getPage<Conversation>("/api/conversations", pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useConversation(id: number) {
  return useQuery({ queryKey: messageKeys.conversation(id), queryFn: () => apiGet<Conversation>(`/api/conversations/${id}`) });
}

export function useUnreadSummary(enabled = true) {
  return useQuery({ queryKey: messageKeys.unread, queryFn: () => apiGet<UnreadSummary>("/api/conversations/unread"), enabled });
}

/** Pages of a conversation, newest first; `fetchNextPage` goes back through history. */
export function useConversationMessages(id: number) {
  return useInfiniteQuery({
    queryKey: messageKeys.messages(id),
    queryFn: ({ pageParam }) => getPage<ConversationMessage>(`/api/conversations/${id}/messages`, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

type MessagesData = InfiniteData<Page<ConversationMessage>, string | null>;

/** Puts a message (sent here, or arrived live) at the newest end of the cached history, once. */
export function addMessageToCache(queryClient: QueryClient, message: ConversationMessage): boolean {
  let added = false;
  queryClient.setQueryData<MessagesData>(messageKeys.messages(message.conversationId), (data) => {
    if (!data) return data;
    if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
    added = true;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ items: [message, ...(first?.items ?? [])], nextCursor: first?.nextCursor ?? null }, ...rest] };
  });
  return added;
}

export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest<Message>("POST", `/api/conversations/${conversationId}/messages`, { body }),
    onSuccess: (message, _body) => {
      const conversation = queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId));
      addMessageToCache(queryClient, {
        ...message,
        senderName: "You",
        fromCoach: conversation ? conversation.coachUserId === message.senderId : false,
      });
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    },
  });
}

export function useMarkRead(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ unreadCount: number }>("POST", `/api/conversations/${conversationId}/read`, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    },
  });
}

/** Opens (or finds) the conversation with a coach (`coachId`, a family) or a family (`userId`, a coach). */
export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { coachId: number } | { userId: number }) => apiRequest<Conversation>("POST", "/api/conversations", input),
    onSuccess: (conversation) => {
      queryClient.setQueryData(messageKeys.conversation(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    },
  });
}

export function useReportMessage() {
  return useMutation({
    mutationFn: (input: { messageId: number; reason?: string }) =>
      apiRequest<{ id: number; message: string }>(
        "POST",
        `/api/messages/${input.messageId}/report`,
        input.reason ? { reason: input.reason } : {},
      ),
  });
}

export function useMessageReports() {
  return useInfiniteQuery({
    queryKey: messageKeys.reports,
    queryFn: ({ pageParam }) => getPage<MessageReport>("/api/admin/message-reports", pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** POST /api/admin/message-reports/{id}/resolve (DESIGN 12, Moderation): the queue shows the report's new state. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action, note }: { reportId: number; action: ReportResolution; note: string }) =>
      apiRequest<{ reportId: number; action: ReportResolution; sender: SenderStanding }>(
        "POST",
        `/api/admin/message-reports/${reportId}/resolve`,
        { action, note },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.reports }),
  });
}

/** POST /api/admin/users/{id}/reinstate: lifts a sender's suspensions. */
export function useReinstateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<SenderStanding>("POST", `/api/admin/users/${userId}/reinstate`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.reports }),
  });
}
