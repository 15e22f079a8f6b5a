import { z } from "zod";
import { TimeSlotSchema } from "./slots";

/** What a browser may send. auth's fields are accepted for compatibility but never trusted. */
export const CalendarClientMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("auth"),
    userId: z.unknown().optional(),
    userType: z.unknown().optional(),
    coachId: z.unknown().optional(),
  }),
  z.object({ type: z.literal("subscribe_coach"), coachId: z.number().int().positive() }),
  z.object({ type: z.literal("unsubscribe_coach"), coachId: z.number().int().positive() }),
  z.object({ type: z.literal("ping") }),
]);

/** Events about one coach's calendar, as published between server processes. */
export const CalendarEventSchema = z.discriminatedUnion("type", [
  /**
   * A slot changed. Its coach's sockets get it whole; other followers get the public slot (no
   * counts, no location notes), and nothing of a slot made for a request (DESIGN.md 12).
   */
  z.object({ type: z.literal("time_slot_updated"), coachId: z.number(), slot: TimeSlotSchema, requestOnly: z.boolean().optional() }),
  z.object({ type: z.literal("time_slot_deleted"), coachId: z.number(), slotId: z.number() }),
  z.object({ type: z.literal("availability_updated"), coachId: z.number() }),
  z.object({
    type: z.literal("booking_updated"),
    coachId: z.number(),
    bookingId: z.number(),
    /** The student of the booking also hears about it; other subscribers of the coach do not. */
    studentId: z.number().optional(),
    status: z.string().optional(),
    timeSlotId: z.number().optional(),
  }),
  /** A session request was made, answered, cancelled or expired; private like booking events. */
  z.object({
    type: z.literal("session_request_updated"),
    coachId: z.number(),
    requestId: z.number(),
    studentId: z.number().optional(),
    status: z.string().optional(),
  }),
  /**
   * What a coach listing shows changed (profile, photo, name, rates or rating); public, like slot
   * events. In-process caches of listings (search's coach directory) drop the coach on it.
   */
  z.object({ type: z.literal("coach_updated"), coachId: z.number() }),
  /**
   * A new message (DESIGN.md 11): every socket of the users in `userIds` (the coach and the family's
   * guardians, the sender's other tabs too) receives `{type, conversationId, message}`.
   */
  z.object({
    type: z.literal("message:new"),
    coachId: z.number(),
    conversationId: z.number(),
    userIds: z.array(z.number()),
    message: z.object({ id: z.number(), conversationId: z.number(), senderId: z.number(), body: z.string(), createdAt: z.string() }),
  }),
]);
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

/** What the server sends on the socket. */
export type CalendarServerMessage =
  | { type: "connected"; userId: number }
  | { type: "auth_ok"; userId: number; userType: string; coachId: number | null }
  | { type: "subscribed"; coachId: number }
  | { type: "unsubscribed"; coachId: number }
  | { type: "pong" }
  | { type: "error"; message: string }
  | Exclude<CalendarEvent, { type: "message:new" }>
  | MessageNewSocketMessage;

/** A new message as a participant's socket receives it (the recipients list is routing, not news). */
export type MessageNewSocketMessage = {
  type: "message:new";
  conversationId: number;
  message: { id: number; conversationId: number; senderId: number; body: string; createdAt: string };
};
