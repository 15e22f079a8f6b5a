import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddCredentialRequest, AdminCredential, Credential } from "@contract/credentials";
import { LIST_NEXT_CURSOR_HEADER } from "@contract/paging";
import { apiGet, apiGetWithHeaders, apiRequest } from "@client/lib/api-client";
import { isUnderUrl } from "@client/lib/query-keys";
import { useInfiniteQuery, useQuery } from "../../../lib/use-query";

/** Query keys start with the URL they read (lib/query-keys.ts). */
export const credentialKeys = {
  mine: ["/api/coach/credentials"] as const,
  queue: ["/api/admin/credentials", "pending"] as const,
};

/** Where a credential's private document opens (only its coach and admins may read it, DESIGN 12). */
export const credentialDocumentUrl = (id: number) => `/api/coach/credentials/${id}/document`;

/** GET /api/coach/credentials: the coach's own, newest first. */
export function useMyCredentials() {
  return useQuery({ queryKey: credentialKeys.mine, queryFn: () => apiGet<Credential[]>("/api/coach/credentials") });
}

function useRefreshCredentials() {
  const queryClient = useQueryClient();
  // The coach's list, the admins' queue, and the public answers that carry the badges.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ predicate: isUnderUrl("/api/coach/credentials") }),
      queryClient.invalidateQueries({ predicate: isUnderUrl("/api/admin/credentials") }),
      queryClient.invalidateQueries({ predicate: isUnderUrl("/api/coaches/") }),
    ]);
}

/** POST /api/coach/credentials (pending), then its document when one was chosen. */
export function useAddCredential() {
  const refresh = useRefreshCredentials();
  return useMutation({
    mutationFn: async ({ body, document }: { body: AddCredentialRequest; document: File | null }) => {
      const added = await apiRequest<Credential>("POST", "/api/coach/credentials", body);
      return document ? uploadCredentialDocument(added.id, document) : added;
    },
    onSettled: refresh,
  });
}

/** POST /api/coach/credentials/{id}/document (multipart `document`): a rejected credential goes back to review. */
function uploadCredentialDocument(id: number, file: File): Promise<Credential> {
  const form = new FormData();
  form.append("document", file);
  return apiRequest<Credential>("POST", `/api/coach/credentials/${id}/document`, form);
}

export function useUploadCredentialDocument() {
  const refresh = useRefreshCredentials();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadCredentialDocument(id, file),
    onSettled: refresh,
  });
}

export function useDeleteCredential() {
  const refresh = useRefreshCredentials();
  return useMutation({ mutationFn: (id: number) => apiRequest<void>("DELETE", `/api/coach/credentials/${id}`), onSettled: refresh });
}

/** POST /api/coach/background-check (202): the screening provider runs it; the list shows it running. */
export function useStartBackgroundCheck() {
  const refresh = useRefreshCredentials();
  return useMutation({ mutationFn: () => apiRequest<Credential>("POST", "/api/coach/background-check", {}), onSettled: refresh });
}

type Page = { items: AdminCredential[]; nextCursor: string | null };

async function getQueuePage(cursor: string | null): Promise<Page> {
  const url = `/api/admin/credentials?status=pending${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
  const { data, headers } = await apiGetWithHeaders<AdminCredential[]>(url);
  return { items: data, nextCursor: headers.get(LIST_NEXT_CURSOR_HEADER) };
}

/** GET /api/admin/credentials?status=pending: the verification queue, oldest first, a page at a time. */
export function useVerificationQueue() {
  return useInfiniteQuery({
    queryKey: credentialKeys.queue,
    queryFn: ({ pageParam }) => getQueuePage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** POST /api/admin/credentials/{id}/verify or /reject {reason}. */
export function useDecideCredential() {
  const refresh = useRefreshCredentials();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      reason === undefined
        ? apiRequest<Credential>("POST", `/api/admin/credentials/${id}/verify`, {})
        : apiRequest<Credential>("POST", `/api/admin/credentials/${id}/reject`, { reason }),
    onSettled: refresh,
  });
}
