import { describe, expect, it } from "vitest";
import type { Booking } from "@contract/bookings";
import { splitBookings } from "./booking-lists";

const booking = (id: number, startsAt: string) => ({ id, startsAt }) as Booking;

describe("my bookings lists", () => {
  it("puts sessions starting now or later in upcoming (soonest first) and keeps the 5 most recent past ones", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const list = [
      booking(1, "2026-11-25T12:00:00Z"),
      booking(2, "2026-11-23T12:00:00Z"),
      ...[3, 4, 5, 6, 7, 8].map((id) => booking(id, `2026-11-1${id}T12:00:00Z`)),
    ];
    const { upcoming, past } = splitBookings(list, now);
    expect(upcoming.map((b) => b.id)).toEqual([2, 1]);
    expect(past.map((b) => b.id)).toEqual([8, 7, 6, 5, 4]);
  });
});
