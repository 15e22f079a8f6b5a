import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { AuthResponse, LoginRequest, RegisterRequest } from "@contract/accounts";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";
import { takeReturnTo } from "@client/lib/return-to";
import { needsPlayerSetup } from "@contract/player-setup";

/**
 * Login or registration success stores the user and navigates to the server's redirectUrl, or, for
 * a player who came from a coach's page (DESIGN 11), back to that coach and slot. A player who
 * still has to finish setup goes there after the wizard.
 */
function useAuthMutation<TInput>(url: string) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (input: TInput) => apiRequest<AuthResponse>("POST", url, input),
    // A 401 here is the form's answer ("Invalid email or password"), not a session that ended.
    meta: { unauthorizedIsAnswer: true },
    onSuccess: async (response) => {
      // A browser someone else used: nothing of theirs stays (DESIGN 12).
      await (await import("@client/lib/service-worker")).clearPersonalData().catch(() => undefined);
      queryClient.clear();
      queryClient.setQueryData(sharedKeys.currentUser, response.user);
      const back = response.user.userType === "player" && !needsPlayerSetup(response.user) ? takeReturnTo() : null;
      navigate(back ?? response.redirectUrl);
    },
  });
}

export const useLogin = () => useAuthMutation<LoginRequest>("/api/auth/login");
export const useRegister = () => useAuthMutation<RegisterRequest>("/api/auth/register");

/**
 * Logout: this device stops receiving the account's pushes (while still signed in, to tell the
 * server), then every cache of personal data is cleared (DESIGN 12), the user forgotten, and /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async () => {
      await (await import("@client/lib/push-device")).turnOffThisDevice().catch(() => undefined);
      await apiRequest<void>("POST", "/api/auth/logout");
    },
    onSuccess: async () => {
      await (await import("@client/lib/service-worker")).clearPersonalData().catch(() => undefined);
      queryClient.clear();
      queryClient.setQueryData(sharedKeys.currentUser, null);
      navigate("/login");
    },
  });
}
