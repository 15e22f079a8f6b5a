import { describe, expect, it } from "vitest";
import type { ScheduleSession } from "@contract/schedule";
import { makeBooking } from "../testing/fixtures";
import { holdsToFinish, nextSessionPerAthlete } from "./home-week";

const session = (bookingId: number, athleteName: string | null, startsAt: string): ScheduleSession => ({
  bookingId,
  startsAt,
  endsAt: startsAt,
  timeZone: "America/New_York",
  sessionType: "individual",
  locationName: null,
  locationAddress: null,
  locationNotes: null,
  notes: null,
  athleteName,
  otherSide: { role: "coach", name: "Casey Coach", phone: null },
});

describe("Home's week (issue 47)", () => {
  it("keeps each athlete's first session of the schedule, the account holder's own under their name", () => {
    const sessions = [
      session(1, "Mia Parker", "2026-12-01T15:00:00Z"),
      session(2, null, "2026-12-02T15:00:00Z"),
      session(3, "Mia Parker", "2026-12-03T15:00:00Z"),
      session(4, "Leo Parker", "2026-12-04T15:00:00Z"),
      session(5, null, "2026-12-05T15:00:00Z"),
    ];
    expect(nextSessionPerAthlete(sessions, "Dana").map((s) => s.bookingId)).toEqual([1, 2, 4]);
  });

  it("counts a hold to finish only while it is pending and its hold has not run out", () => {
    const now = Date.parse("2026-12-01T12:00:00Z");
    const bookings = [
      makeBooking({ id: 1, status: "pending", holdExpiresAt: "2026-12-01T12:10:00Z" }),
      makeBooking({ id: 2, status: "pending", holdExpiresAt: "2026-12-01T11:59:00Z" }),
      makeBooking({ id: 3, status: "confirmed", holdExpiresAt: null }),
      makeBooking({ id: 4, status: "pending", holdExpiresAt: null }),
    ];
    expect(holdsToFinish(bookings, now).map((b) => b.id)).toEqual([1]);
  });
});
