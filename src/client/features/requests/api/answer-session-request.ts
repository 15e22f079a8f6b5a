import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AcceptSessionRequestResponse, SessionRequest } from "@contract/requests";
import type { DeclineSessionRequest } from "@contract/request-message";
import { apiRequest } from "@client/lib/api-client";
import { refreshAfterRequestChange, SESSION_REQUESTS_URL } from "./keys";

export const acceptSessionRequest = (requestId: number) =>
  apiRequest<AcceptSessionRequestResponse>("POST", `${SESSION_REQUESTS_URL}/${requestId}/accept`, {});

export const declineSessionRequest = ({ requestId, ...body }: DeclineSessionRequest & { requestId: number }) =>
  apiRequest<SessionRequest>("POST", `${SESSION_REQUESTS_URL}/${requestId}/decline`, body);

export function useAcceptSessionRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptSessionRequest, onSuccess: () => refreshAfterRequestChange(queryClient) });
}

export function useDeclineSessionRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineSessionRequest, onSuccess: () => refreshAfterRequestChange(queryClient) });
}
