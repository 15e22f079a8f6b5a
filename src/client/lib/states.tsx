import type { BookingStatus } from "../../contract/bookings";
import type { TimeSlot } from "../../contract/slots";
import { Badge } from "../components/ui/badge";
import { formatInstantTime } from "./when";

// "Weekly · week 2 of 8" is a booking's place in its series: read here, beside its state, so the
// lists that show both load one file for them.
export { seriesWeekLabels } from "../../contract/series-weeks";

/**
 * One word and one colour for each state of a booking and a slot, the same on every page (issue
 * 29). A hold is "Held" (with its expiry) on the coach's side and the spec's "Awaiting Payment" on
 * the family's; it never reads "Booked". The tone is a Badge variant.
 */
export type StateTone = "success" | "warning" | "destructive" | "secondary" | "outline";
export type StateLabel = { label: string; tone: StateTone };
export type Viewer = "coach" | "family";

/** A state as a badge: its word in its colour. */
export function StateBadge({ state }: { state: StateLabel }) {
  return <Badge variant={state.tone}>{state.label}</Badge>;
}

/** A booking's week in its series ("Weekly · week 2 of 8"), shown before its state; nothing for a single session. */
export function SeriesBadge({ label }: { label: string | undefined }) {
  return label ? (
    <Badge variant="outline" data-testid="series-label">
      {label}
    </Badge>
  ) : null;
}

/** no_show comes with DESIGN 11's no-show rule; a status this client does not know yet reads as itself. */
export type BookingState = BookingStatus | "no_show";

const FIXED: Record<Exclude<BookingState, "pending">, StateLabel> = {
  confirmed: { label: "Confirmed", tone: "success" },
  completed: { label: "Completed", tone: "secondary" },
  cancelled: { label: "Cancelled", tone: "destructive" },
  no_show: { label: "No-show", tone: "outline" },
};

export const HELD_LABEL = "Held";
export const AWAITING_PAYMENT_LABEL = "Awaiting Payment";

/** "Held until 4:15 PM" (the coach's clock, zone named for a viewer elsewhere). */
export function heldUntil(holdExpiresAt: string | null | undefined, timeZone: string): string {
  const time = holdExpiresAt ? formatInstantTime(holdExpiresAt, timeZone) : null;
  return time ? `${HELD_LABEL} until ${time}` : HELD_LABEL;
}

/** A booking's state as `viewer` reads it. */
export function bookingState(
  booking: { status: BookingState; holdExpiresAt?: string | null; timeZone?: string },
  viewer: Viewer,
): StateLabel {
  if (booking.status === "pending") {
    return viewer === "coach"
      ? { label: heldUntil(booking.holdExpiresAt, booking.timeZone ?? "UTC"), tone: "warning" }
      : { label: AWAITING_PAYMENT_LABEL, tone: "warning" };
  }
  return FIXED[booking.status] ?? { label: String(booking.status), tone: "outline" };
}

/**
 * A slot's state in the coach's own lists: Cancelled, Available (a seat is open), Held (every seat
 * taken is an unpaid checkout's; with the latest expiry) or Booked (a seat is paid for).
 */
export function slotState(slot: Pick<TimeSlot, "status" | "isAvailable" | "timeZone" | "paidCount" | "heldUntil">): StateLabel {
  if (slot.status === "cancelled") return FIXED.cancelled;
  if (slot.status === "available" && slot.isAvailable) return { label: "Available", tone: "secondary" };
  if (slot.heldUntil && (slot.paidCount ?? 0) === 0) return { label: heldUntil(slot.heldUntil, slot.timeZone), tone: "warning" };
  return { label: "Booked", tone: "success" };
}
