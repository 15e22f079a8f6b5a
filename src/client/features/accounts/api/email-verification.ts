import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type { VerifyEmailResponse } from "@contract/accounts";
import { apiRequest } from "@client/lib/api-client";
import { accountsKeys } from "./keys";
import { sharedKeys } from "@client/lib/query-keys";

/**
 * POST /api/auth/verify-email, once per token: a link works only once, so the page must not send
 * it twice (a second mount, a refocused window). A missing token never asks the server.
 */
export function useVerifyEmail(token: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: accountsKeys.emailVerification(token),
    queryFn: async () => {
      const answer = await apiRequest<VerifyEmailResponse>("POST", "/api/auth/verify-email", { token });
      // A signed-in user's banner and e-mail change at once (and an admin address may have made them an admin).
      await queryClient.invalidateQueries({ queryKey: sharedKeys.currentUser });
      return answer;
    },
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /api/auth/resend-verification: a new link for the address waiting to be verified. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<{ success: true; message: string }>("POST", "/api/auth/resend-verification"),
  });
}
