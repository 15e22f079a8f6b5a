import { queryOptions } from "@tanstack/react-query";
import type { CoachEarnings, PaymentAccountStatus } from "@contract/payouts";
import { apiGet } from "@client/lib/api-client";
import { apiGetAllPages } from "@client/lib/api-pages";
import type { CoachBooking } from "./coach-bookings";

/** The URLs are the keys, so the live channel's "/api/bookings" prefix refresh reaches the coach's list. */
export const payoutsKeys = {
  coachBookings: ["/api/bookings/coach"] as const,
  earnings: ["/api/coaches/me/earnings"] as const,
  /** The dashboard's stat card and the payment account page read the same entry. */
  paymentAccountStatus: ["/api/stripe/connect/account-status"] as const,
};

export const coachBookingsQuery = queryOptions({
  queryKey: payoutsKeys.coachBookings,
  queryFn: () => apiGetAllPages<CoachBooking>("/api/bookings/coach"),
});

/** This Week, Monthly Earnings (whole dollars) and Total Students, counted by the server from real bookings. */
export const coachEarningsQuery = queryOptions({
  queryKey: payoutsKeys.earnings,
  queryFn: () => apiGet<CoachEarnings>("/api/coaches/me/earnings"),
});

export const getPaymentAccountStatus = () => apiGet<PaymentAccountStatus>("/api/stripe/connect/account-status");

export const paymentAccountStatusQuery = queryOptions({ queryKey: payoutsKeys.paymentAccountStatus, queryFn: getPaymentAccountStatus });
