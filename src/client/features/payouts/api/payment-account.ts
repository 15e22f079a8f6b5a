import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type {
  ConnectLinkRequest,
  ConnectLinkResponse,
  DashboardLinkResponse,
  SimulatedOnboardingCompleteRequest,
  SimulatedOnboardingCompleteResponse,
} from "@contract/payouts";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { paymentAccountStatusQuery, payoutsKeys } from "./keys";

/** coach-side 9: the payment account page refreshes the status every 5 seconds. */
export const PAYMENT_STATUS_REFRESH_MS = 5000;

/**
 * The coach's payment account status. `poll` is the one exception to the app-wide "no polling"
 * rule (player-side 9): the spec asks the payment account page to refresh every 5 seconds, because
 * the provider finishes the account outside this app (Stripe's hosted onboarding, then a webhook).
 */
export function usePaymentAccountStatus({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery({
    ...paymentAccountStatusQuery,
    enabled,
    refetchInterval: poll ? PAYMENT_STATUS_REFRESH_MS : false,
  });
}

const createPaymentAccount = (body: ConnectLinkRequest = {}) =>
  apiRequest<ConnectLinkResponse>("POST", "/api/stripe/connect/create-account", body);

const createOnboardingLink = (body: ConnectLinkRequest = {}) =>
  apiRequest<ConnectLinkResponse>("POST", "/api/stripe/connect/onboarding-link", body);

/** The server answers 400 {success: false, message} when the account is not ready; both come back as data. */
export async function createDashboardLink(): Promise<DashboardLinkResponse> {
  try {
    return await apiRequest<DashboardLinkResponse>("POST", "/api/stripe/connect/dashboard-link", {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { success: false, message: error.message };
    throw error;
  }
}

export function useCreatePaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutsKeys.paymentAccountStatus }),
  });
}

export function useCreateOnboardingLink() {
  return useMutation({ mutationFn: createOnboardingLink });
}

export function useCreateDashboardLink() {
  return useMutation({ mutationFn: createDashboardLink });
}

export const completeSimulatedOnboarding = (body: SimulatedOnboardingCompleteRequest) =>
  apiRequest<SimulatedOnboardingCompleteResponse>("POST", "/api/payments/simulated/onboarding/complete", body);

export function useCompleteSimulatedOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSimulatedOnboarding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsKeys.paymentAccountStatus }),
  });
}
