import { useMutation } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type { ForgotPasswordRequest, ResetPasswordRequest } from "@contract/accounts";
import { apiRequest } from "@client/lib/api-client";
import { accountsKeys } from "./keys";

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (input: ForgotPasswordRequest) => apiRequest<unknown>("POST", "/api/auth/forgot-password", input) });
}

/** Any failure means the link is invalid (player-side 7); a missing token never asks the server. */
export function useVerifyResetToken(token: string | null) {
  return useQuery({
    queryKey: accountsKeys.resetToken(token),
    queryFn: () => apiRequest<unknown>("POST", "/api/auth/verify-reset-token", { token }),
    enabled: !!token,
    gcTime: 0,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (input: ResetPasswordRequest) => apiRequest<unknown>("POST", "/api/auth/reset-password", input) });
}
