import type { CalendarEvent } from "../../contract/realtime";
import type { TimeSlot } from "../../contract/slots";
import type { AppDeps } from "../deps";

/**
 * The one place calendar events are built, so every feature announces a change in the same shape
 * (the sockets, search's caches and other processes read them).
 */
export const calendarEvents = {
  /** A booking changed; its coach and its student hear it, other subscribers of the coach do not. */
  bookingUpdated(booking: { id: number; coachId: number; studentId: number; status: string; timeSlotId: number }): CalendarEvent {
    return {
      type: "booking_updated",
      coachId: booking.coachId,
      bookingId: booking.id,
      studentId: booking.studentId,
      status: booking.status,
      timeSlotId: booking.timeSlotId,
    };
  },
  /** Seats of the coach's slots changed: availability readers refetch. */
  availabilityUpdated(coachId: number): CalendarEvent {
    return { type: "availability_updated", coachId };
  },
  slotUpdated(coachId: number, slot: TimeSlot, requestOnly = false): CalendarEvent {
    return { type: "time_slot_updated", coachId, slot, ...(requestOnly ? { requestOnly } : {}) };
  },
  slotDeleted(coachId: number, slotId: number): CalendarEvent {
    return { type: "time_slot_deleted", coachId, slotId };
  },
  requestUpdated(request: { id: number; coachId: number; studentId: number; status: string }): CalendarEvent {
    return {
      type: "session_request_updated",
      coachId: request.coachId,
      requestId: request.id,
      studentId: request.studentId,
      status: request.status,
    };
  },
  /** What a coach's listing shows changed (search's directory drops the coach). */
  coachUpdated(coachId: number): CalendarEvent {
    return { type: "coach_updated", coachId };
  },
};

/** Publishes after the change committed; the bus never throws. */
export async function publishEvents(deps: Pick<AppDeps, "events">, events: CalendarEvent[]): Promise<void> {
  for (const event of events) await deps.events.publish(event);
}
