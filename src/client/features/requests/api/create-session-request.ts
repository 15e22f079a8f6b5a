import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateSessionRequest, SessionRequest } from "@contract/requests";
import { apiRequest } from "@client/lib/api-client";
import { refreshAfterRequestChange, SESSION_REQUESTS_URL } from "./keys";

export const createSessionRequest = (input: CreateSessionRequest) => apiRequest<SessionRequest>("POST", SESSION_REQUESTS_URL, input);

export function useCreateSessionRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSessionRequest, onSuccess: () => refreshAfterRequestChange(queryClient) });
}
