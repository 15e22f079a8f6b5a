import { queryOptions } from "@tanstack/react-query";
import type { CoachEarnings } from "@contract/earnings";
import type { PaymentAccountStatus } from "@contract/payouts";
import { apiGet } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

/** The URLs are the keys (lib/query-keys). */
export const payoutsKeys = {
  earnings: sharedKeys.coachEarnings,
  /** The dashboard's stat card and the payment account page read the same entry. */
  paymentAccountStatus: ["/api/stripe/connect/account-status"] as const,
};

/** This Week, Monthly Earnings (whole dollars) and Total Students, counted by the server from real bookings. */
export const coachEarningsQuery = queryOptions({
  queryKey: payoutsKeys.earnings,
  queryFn: () => apiGet<CoachEarnings>("/api/coaches/me/earnings"),
});

export const getPaymentAccountStatus = () => apiGet<PaymentAccountStatus>("/api/stripe/connect/account-status");

export const paymentAccountStatusQuery = queryOptions({ queryKey: payoutsKeys.paymentAccountStatus, queryFn: getPaymentAccountStatus });
