import type { BookingStatus } from "@contract/bookings";

/** The API's decimal strings are shown as they are: "85.00" -> "$85.00". */
export function dollars(amount: string | null | undefined): string {
  return `$${amount ?? "0.00"}`;
}

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: "Awaiting Payment",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "No-show",
};

export function sessionTypeLabel(sessionType: string | null | undefined): string {
  return sessionType === "group" ? "Group" : "Individual";
}

export function personName(person: { firstName: string | null; lastName: string | null } | null | undefined, fallback: string): string {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(" ").trim();
  return name || fallback;
}
