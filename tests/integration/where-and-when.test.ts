import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PlayerMessages } from "@contract/players";
import type { TimeSlot } from "@contract/slots";
import { SlotMessages } from "@contract/slot-basics";
import { bookings, timeSlots } from "@server/db/schema/index";
import { pinClock, withPinnedClock } from "@tests/factories/basics";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post } from "@tests/factories/bookings";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { makePlayer } from "@tests/factories/users";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

const db = () => t.deps.database.db;

async function placeSlot(slotId: number) {
  await db()
    .update(timeSlots)
    .set({ locationName: "Memorial Field", locationAddress: "100 Main St, Baltimore, MD 21201", locationNotes: "North gate" })
    .where(eq(timeSlots.id, slotId));
}

async function coachList(coach: { coachId: number; cookie: string }): Promise<TimeSlot[]> {
  const res = await get(t, `/api/time-slots/${coach.coachId}?includeBookingCounts=true`, coach.cookie);
  expect(res.status).toBe(200);
  return res.body as TimeSlot[];
}

describe("where and when a session is", () => {
  it("a booking names the coach's zone and the place, and its e-mails name both with a directions link", async () => {
    const coach = await createBookableCoach(t, { timeZone: "America/Chicago" });
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    await placeSlot(slot.id);
    const paid = await createPaidBooking(t, { coach, slot });

    const booking = (await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie)).body;
    expect(booking.timeZone).toBe("America/Chicago");
    expect(booking.timeSlot).toMatchObject({ locationName: "Memorial Field", locationAddress: "100 Main St, Baltimore, MD 21201" });

    const mail = t
      .outbox()
      .find((m) => m.channel === "email" && m.recipient === paid.student.email && m.headers.Subject?.startsWith("Booking confirmed"));
    expect(mail).toBeDefined();
    // Chicago is on CST in winter and CDT in summer; either way the zone is named.
    expect(mail!.headers.Subject).toMatch(/ at \d{1,2}:\d{2} (AM|PM) C[SD]T$/);
    expect(mail!.body).toMatch(/Time: \d{1,2}:\d{2} (AM|PM) - \d{1,2}:\d{2} (AM|PM) C[SD]T/);
    expect(mail!.body).toContain("Location: Memorial Field");
    expect(mail!.body).toContain("Address: 100 Main St, Baltimore, MD 21201");
    expect(mail!.body).toContain(
      `Get directions: https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent("100 Main St, Baltimore, MD 21201")}`,
    );
  });

  it("a slot and a coach's slot list carry the coach's zone", async () => {
    const coach = await createBookableCoach(t, { timeZone: "America/Denver" });
    const slot = await createSlot(t, coach.coachId);
    const single = await get(t, `/api/time-slots/single/${slot.id}`, coach.cookie);
    expect(single.body).toMatchObject({ timeZone: "America/Denver", status: "available" });
    const profile = await get(t, `/api/coaches/${coach.coachId}/profile`, coach.cookie);
    expect(profile.body.availableSlots[0]).toMatchObject({ id: slot.id, timeZone: "America/Denver" });
  });
});

describe("a slot's way out: status and canDelete follow the server's delete rule", () => {
  it("an open slot says available and deletable; a held one says booked and not deletable, and DELETE agrees", async () => {
    const coach = await createBookableCoach(t);
    const open = await createSlot(t, coach.coachId, { hoursFromNow: 30 });
    const held = await createSlot(t, coach.coachId, { hoursFromNow: 50 });
    const student = await createPerson(t);
    await bookSlot(t, student, coach, held.id);

    const list = await coachList(coach);
    expect(list.find((s) => s.id === open.id)).toMatchObject({ status: "available", canDelete: true });
    expect(list.find((s) => s.id === held.id)).toMatchObject({ status: "booked", canDelete: false });

    const refused = await t.agent().delete(`/api/time-slots/${held.id}`).set("Cookie", coach.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SlotMessages.HAS_BOOKINGS);
  });

  it("a cancelled session's slot shows Cancelled, can be removed from the coach's list, and its refunded bookings stay", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 60 });
    const { coach } = paid;
    const cancelled = await post(t, `/api/bookings/${paid.bookingId}/cancel`, coach.cookie, { reason: "Field flooded" });
    expect(cancelled.status).toBe(200);

    const before = (await coachList(coach)).find((s) => s.id === paid.slot.id);
    expect(before).toMatchObject({ status: "cancelled", isAvailable: false, canDelete: true });

    const removed = await t.agent().delete(`/api/time-slots/${paid.slot.id}`).set("Cookie", coach.cookie);
    expect(removed.status).toBe(200);
    expect((await coachList(coach)).map((s) => s.id)).not.toContain(paid.slot.id);

    // Nothing that carries money is dropped: the refunded booking is still there for the student.
    const [row] = await db().select().from(bookings).where(eq(bookings.id, paid.bookingId));
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const seen = await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie);
    expect(seen.status).toBe(200);

    // Removing it twice finds nothing; another coach still cannot touch it.
    expect((await t.agent().delete(`/api/time-slots/${paid.slot.id}`).set("Cookie", coach.cookie)).status).toBe(404);
  });

  it("the public slot list carries no canDelete", async () => {
    const coach = await createBookableCoach(t);
    await createSlot(t, coach.coachId);
    const res = await get(t, `/api/time-slots/${coach.coachId}`, "");
    expect(res.body[0]).not.toHaveProperty("canDelete");
  });
});

describe("the under-18 rule's today", () => {
  it("is the same calendar date the browser uses: 18 once the birthday has begun everywhere", async () => {
    const profile = {
      firstName: "Sam",
      lastName: "Lee",
      phoneNumber: "(410) 555-0100",
      playerEmail: "sam.player@example.com",
      birthday: "2008-06-10",
      preferredLocation: "10001",
      maxTravelDistance: 25,
      position: "Goalie",
      ageGroup: "high-school",
      skillLevel: "advanced",
      goals: [],
    };
    const { agent } = await makePlayer(t);
    // Already June 10 in New York (the server's default zone) but not yet at UTC-12: still a minor.
    await withPinnedClock(t, "2026-06-10T11:59:00Z", async () => {
      const early = await agent.patch("/api/users/profile").send(profile);
      expect(early.status).toBe(400);
      expect(early.body.message).toBe(PlayerMessages.MISSING_PARENT.description);
      pinClock(t, "2026-06-10T12:00:00Z");
      expect((await agent.patch("/api/users/profile").send(profile)).status).toBe(200);
    });
  });
});

describe("what a player tells their coaches", () => {
  it("a player sets a coaching style and session preferences, and the coach of their booking reads them", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId);
    const student = await createPerson(t);
    const saved = await t
      .agent()
      .patch("/api/users/profile")
      .set("Cookie", student.cookie)
      .send({ preferredCoachingStyle: "Technical and detailed", sessionPreferences: ["Shooting", "Game IQ", "Shooting"] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ preferredCoachingStyle: "Technical and detailed", sessionPreferences: ["Shooting", "Game IQ"] });

    const booking = await bookSlot(t, student, coach, slot.id);
    const seen = await get(t, `/api/bookings/${booking.id}`, coach.cookie);
    expect(seen.body.student).toMatchObject({
      preferredCoachingStyle: "Technical and detailed",
      sessionPreferences: ["Shooting", "Game IQ"],
    });

    const bad = await t.agent().patch("/api/users/profile").set("Cookie", student.cookie).send({ preferredCoachingStyle: "Yelling" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Please select a valid coaching style");
  });

  it("phone numbers are stored in E.164 and must be US numbers", async () => {
    const student = await createPerson(t);
    const ok = await t.agent().patch("/api/users/profile").set("Cookie", student.cookie).send({ phoneNumber: "(410) 555-0123" });
    expect(ok.body.phoneNumber).toBe("+14105550123");
    const bad = await t.agent().patch("/api/users/profile").set("Cookie", student.cookie).send({ phoneNumber: "+44 20 7946 0958" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Please enter a valid US phone number");
  });
});

describe("student contact details for the coach", () => {
  it("are hidden while a seat is only held (issue 28: shown once paid) and stay hidden once a checkout was abandoned", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 3 });
    const paid = await createPaidBooking(t, { coach, slot, isGroup: true });
    const leaver = await createPerson(t);
    const held = await bookSlot(t, leaver, coach, slot.id, { sessionType: "group" });

    const holding = await get(t, `/api/bookings/${held.id}`, coach.cookie);
    expect(holding.body.student).toMatchObject({ firstName: "Pat", email: null, phoneNumber: null });
    const payer = await get(t, `/api/bookings/${paid.bookingId}`, coach.cookie);
    expect(payer.body.student).toMatchObject({ email: paid.student.email, phoneNumber: "4105551234" });

    // The hold runs out unpaid (the test clock also runs the sweeps).
    expect((await t.agent().post("/api/test/clock").send({ advanceMinutes: 16 })).status).toBe(200);
    const list = (await get(t, "/api/bookings/coach", coach.cookie)).body as { id: number; status: string; student: object }[];
    // The coach's list leaves abandoned checkouts out; the booking itself, read by the coach, shows the name only.
    expect(list.map((b) => b.id)).not.toContain(held.id);
    const abandoned = (await get(t, `/api/bookings/${held.id}`, coach.cookie)).body as { status: string; student: object };
    expect(abandoned.status).toBe("cancelled");
    expect(abandoned.student).toMatchObject({
      firstName: "Pat",
      email: null,
      phoneNumber: null,
      parentPhoneNumber: null,
      parentEmail: null,
    });
    expect(list.find((b) => b.id === paid.bookingId)!.student).toMatchObject({ email: paid.student.email });
  });
});
