import { describe, expect, it } from "vitest";
import type { BookingStatus } from "@contract/bookings";
import { athletesBySlot, canCancel, clock, groupCoachBookings, payoutLabel, shortDate } from "./booking-groups";

const now = new Date("2026-11-23T12:00:00Z");
const booking = (id: number, status: BookingStatus, startsAt: string, feedbackSubmittedAt: string | null = null) => ({
  id,
  status,
  startsAt,
  feedbackSubmittedAt,
});

describe("groupCoachBookings", () => {
  it("puts pending bookings under awaiting payment and completed ones without feedback under awaiting feedback", () => {
    const groups = groupCoachBookings(
      [
        booking(1, "pending", "2026-11-24T10:00:00Z"),
        booking(2, "completed", "2026-11-22T10:00:00Z"),
        booking(3, "completed", "2026-11-21T10:00:00Z", "2026-11-21T12:00:00Z"),
      ],
      now,
    );
    expect(groups.awaitingPayment.map((b) => b.id)).toEqual([1]);
    expect(groups.awaitingFeedback.map((b) => b.id)).toEqual([2]);
    expect(groups.upcoming).toEqual([]);
    expect(groups.past.map((b) => b.id)).toEqual([2, 3]);
  });

  it("splits at the session start, upcoming soonest first", () => {
    const groups = groupCoachBookings(
      [booking(1, "confirmed", "2026-11-25T10:00:00Z"), booking(2, "confirmed", "2026-11-23T12:00:00Z")],
      now,
    );
    expect(groups.upcoming.map((b) => b.id)).toEqual([2, 1]);
  });

  it("shows at most the 10 most recent past sessions", () => {
    const past = Array.from({ length: 12 }, (_, i) =>
      booking(i + 1, "completed", new Date(Date.UTC(2026, 10, 10 + i, 10)).toISOString(), "x"),
    );
    const groups = groupCoachBookings(past, now);
    expect(groups.past).toHaveLength(10);
    expect(groups.past[0]?.id).toBe(12);
    expect(groups.past.at(-1)!.id).toBe(3);
  });
});

describe("canCancel", () => {
  it("allows only confirmed, paid, not yet started sessions", () => {
    expect(canCancel({ status: "confirmed", paymentStatus: "completed", startsAt: "2026-11-24T10:00:00Z" }, now)).toBe(true);
    expect(canCancel({ status: "pending", paymentStatus: "unpaid", startsAt: "2026-11-24T10:00:00Z" }, now)).toBe(false);
    expect(canCancel({ status: "confirmed", paymentStatus: "processing", startsAt: "2026-11-24T10:00:00Z" }, now)).toBe(false);
    expect(canCancel({ status: "confirmed", paymentStatus: "completed", startsAt: "2026-11-22T10:00:00Z" }, now)).toBe(false);
  });
});

describe("payoutLabel", () => {
  it("follows the held payment to the payout", () => {
    expect(payoutLabel({ status: "confirmed", feedbackSubmittedAt: null })).toBeNull();
    expect(payoutLabel({ status: "completed", feedbackSubmittedAt: null })).toBe("Payment held until feedback");
    expect(payoutLabel({ status: "completed", feedbackSubmittedAt: "x", payoutStatus: "pending" })).toBe("Payout pending");
    expect(payoutLabel({ status: "completed", feedbackSubmittedAt: "x", payoutStatus: "paid" })).toBe("Paid out");
  });
});

describe("formatting", () => {
  it("writes dates and times for people, and says when they are missing", () => {
    expect(shortDate("2026-11-23")).toBe("Mon, Nov 23, 2026");
    expect(shortDate("")).toBe("Date information missing");
    expect(clock("14:30")).toBe("2:30 PM");
    expect(clock("00:15")).toBe("12:15 AM");
    expect(clock("x")).toBe("Time not available");
  });
});

describe("athletesBySlot", () => {
  const seat = (timeSlotId: number, status: BookingStatus, firstName: string | null, holdExpiresAt: string | null = null) => ({
    timeSlotId,
    status,
    holdExpiresAt,
    athlete: firstName
      ? { id: 1, firstName, lastName: "Parker", age: 11, ageGroup: "futures" as const, isMinor: true, position: "Attack" }
      : null,
    student: { firstName: "Dana", lastName: "Parker" },
  });

  it("names the athletes holding a seat in each slot: paid seats and running holds, in booking order", () => {
    const names = athletesBySlot(
      [
        seat(7, "confirmed", "Mia"),
        seat(7, "pending", "Leo", "2026-11-23T12:10:00Z"),
        seat(7, "cancelled", "Ava"),
        seat(7, "pending", "Zoe", "2026-11-23T11:50:00Z"),
        seat(8, "completed", null),
      ],
      now,
    );
    expect(Object.fromEntries(names)).toEqual({ 7: ["Mia Parker", "Leo Parker"], 8: ["Dana Parker"] });
  });
});
