import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SessionRequest } from "@contract/requests";
import { apiRequest } from "@client/lib/api-client";
import { refreshAfterRequestChange, SESSION_REQUESTS_URL } from "./keys";

export const cancelSessionRequest = (requestId: number) => apiRequest<SessionRequest>("DELETE", `${SESSION_REQUESTS_URL}/${requestId}`);

export function useCancelSessionRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSessionRequest, onSuccess: () => refreshAfterRequestChange(queryClient) });
}
