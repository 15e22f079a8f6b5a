import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client";

/**
 * The fields of the payment account status (coach-side 3) the dashboard reads.
 * TODO(issue 7): use the contract's type once the payment account endpoints define it.
 */
export type PaymentAccountSummary = {
  hasAccount?: boolean;
  accountComplete?: boolean;
  onboardingComplete?: boolean;
  chargesEnabled?: boolean;
  payoutsEnabled?: boolean;
};

export const paymentAccountStatusQueryKey = ["/api/stripe/connect/account-status"] as const;

export function usePaymentAccountStatus(enabled: boolean) {
  return useQuery({
    queryKey: paymentAccountStatusQueryKey,
    queryFn: () => apiGet<PaymentAccountSummary>("/api/stripe/connect/account-status"),
    enabled,
  });
}
