import { describe, expect, it } from "vitest";
import { BookingRequestSchema } from "./bookings";
import {
  BookingMessages,
  canCancelForRefund,
  noRatesMessage,
  ratesForSlot,
  startTimeOptions,
  upcomingStartTimeOptions,
} from "./booking-basics";
import { centsToDecimal, platformFeeCents, totalCents } from "./money";
import { CreatePaymentIntentRequestSchema, PaymentMessages, UpdatePaymentIntentRequestSchema } from "./payments";

describe("ratesForSlot", () => {
  const rates = [
    { id: 1, sessionType: "group" as const, duration: 60 },
    { id: 2, sessionType: "individual" as const, duration: 60 },
    { id: 3, sessionType: "group" as const, duration: 30 },
    { id: 4, sessionType: "individual" as const, duration: 30 },
  ];

  it("offers only the slot's kind, shorter first", () => {
    expect(ratesForSlot(rates, false).map((r) => r.id)).toEqual([4, 2]);
    expect(ratesForSlot(rates, true).map((r) => r.id)).toEqual([3, 1]);
  });

  it("offers nothing when the coach has no rate of the slot's kind", () => {
    expect(
      ratesForSlot(
        rates.filter((r) => r.sessionType === "individual"),
        true,
      ),
    ).toEqual([]);
    expect(noRatesMessage(true)).toBe(
      "No group rates available for this session type. Please select a different time slot or contact the coach.",
    );
    expect(noRatesMessage(false)).toBe(
      "No individual rates available for this session type. Please select a different time slot or contact the coach.",
    );
  });
});

describe("startTimeOptions", () => {
  it("steps by 15 minutes while the whole session fits", () => {
    expect(startTimeOptions("09:00", "10:30", 60)).toEqual(["09:00", "09:15", "09:30"]);
    expect(startTimeOptions("09:00", "10:00", 60)).toEqual(["09:00"]);
    expect(startTimeOptions("09:00", "09:45", 30)).toEqual(["09:00", "09:15"]);
  });

  it("offers nothing when the session is longer than the slot or the times are not times", () => {
    expect(startTimeOptions("09:00", "09:30", 60)).toEqual([]);
    expect(startTimeOptions("nine", "10:00", 30)).toEqual([]);
  });
});

describe("fee arithmetic in cents", () => {
  it("rounds the 15% fee to the cent", () => {
    expect(centsToDecimal(platformFeeCents(3333))).toBe("5.00");
    expect(centsToDecimal(totalCents(3333, 1000))).toBe("48.33");
    expect(centsToDecimal(totalCents(8500, 1234))).toBe("110.09");
  });
});

describe("BookingRequestSchema", () => {
  const valid = { timeSlotId: 3, rateId: 7, sessionType: "individual", duration: 60 };

  it("accepts the search page's startTime as the preferred start", () => {
    expect(BookingRequestSchema.parse({ ...valid, startTime: "09:15" }).preferredStartTime).toBe("09:15");
    expect(BookingRequestSchema.parse({ ...valid, timeSlotId: "3", duration: "60" })).toMatchObject({ timeSlotId: 3, duration: 60 });
  });

  it("names the spec's message for what is missing", () => {
    const message = (body: object) => BookingRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ ...valid, timeSlotId: undefined })).toBe(BookingMessages.MISSING_INFORMATION);
    expect(message({ ...valid, sessionType: undefined })).toBe(BookingMessages.MISSING_INFORMATION);
    expect(message({ ...valid, rateId: undefined })).toBe(BookingMessages.SELECT_DURATION);
    expect(message({ ...valid, duration: 90 })).toBe(BookingMessages.SELECT_DURATION);
  });
});

describe("payment request schemas", () => {
  it("takes a tip as a number or text, in cents, refusing negatives and fractions of a cent", () => {
    expect(UpdatePaymentIntentRequestSchema.parse({ bookingId: 1, tipAmount: 12.34 }).tipAmount).toBe(1234);
    expect(UpdatePaymentIntentRequestSchema.parse({ bookingId: 1, tipAmount: "10" }).tipAmount).toBe(1000);
    expect(UpdatePaymentIntentRequestSchema.parse({ bookingId: 1 }).tipAmount).toBe(0);
    const message = (tipAmount: unknown) =>
      UpdatePaymentIntentRequestSchema.safeParse({ bookingId: 1, tipAmount }).error?.issues[0]?.message;
    expect(message(-1)).toBe(PaymentMessages.TIP_NEGATIVE);
    expect(message(0.001)).toBe(PaymentMessages.TIP_INVALID);
    expect(message(1000.01)).toBe(PaymentMessages.TIP_TOO_LARGE);
  });

  it("creates an intent for a booking or for a time slot", () => {
    expect(CreatePaymentIntentRequestSchema.parse({ bookingId: "12" })).toEqual({ bookingId: 12 });
    expect(CreatePaymentIntentRequestSchema.parse({ timeSlotId: 4, sessions: "1", duration: "30", sessionType: "group" })).toMatchObject({
      timeSlotId: 4,
      duration: 30,
      sessionType: "group",
    });
    expect(CreatePaymentIntentRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(PaymentMessages.BOOKING_REQUIRED);
  });
});

describe("canCancelForRefund", () => {
  it("allows exactly 24 hours ahead and refuses a minute less", () => {
    const startsAt = new Date("2026-11-02T15:00:00.000Z");
    expect(canCancelForRefund(startsAt, new Date("2026-11-01T15:00:00.000Z"))).toBe(true);
    expect(canCancelForRefund(startsAt, new Date("2026-11-01T15:01:00.000Z"))).toBe(false);
  });
});

describe("upcomingStartTimeOptions", () => {
  const slot = { date: "2026-11-23", startTime: "09:00", endTime: "11:00" };

  it("never offers a start time that has begun on the coach's clock", () => {
    expect(upcomingStartTimeOptions(slot, 60, { date: "2026-11-23", time: "09:20" })).toEqual(["09:30", "09:45", "10:00"]);
    // A start at this very minute has begun: the server refuses it ("in the past").
    expect(upcomingStartTimeOptions(slot, 60, { date: "2026-11-23", time: "09:30" })).toEqual(["09:45", "10:00"]);
  });

  it("keeps every option on a later date and none on an earlier one", () => {
    expect(upcomingStartTimeOptions(slot, 60, { date: "2026-11-22", time: "23:59" })).toEqual(startTimeOptions("09:00", "11:00", 60));
    expect(upcomingStartTimeOptions(slot, 60, { date: "2026-11-24", time: "00:00" })).toEqual([]);
  });
});
