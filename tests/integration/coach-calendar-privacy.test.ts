import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { timeSlots } from "@server/db/schema/index";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { addressOf, createBookableCoach, createPerson, createSlot, get } from "@tests/factories/bookings";
import { insertBooking } from "@tests/factories/slot-helpers";
import { useTestApp } from "@tests/support/test-app";

// DESIGN.md 12: "A coach's calendar is the coach's"; a slot's location notes reach only its coach and seat holders.
const t = useTestApp();

const GATE_CODE = "Gate code 4321, park by the shed";
type Slot = Record<string, unknown> & { id: number };

async function setNotes(slotId: number, values: Partial<typeof timeSlots.$inferInsert>) {
  await t.deps.database.db.update(timeSlots).set(values).where(eq(timeSlots.id, slotId));
}

/** A coach with a public group slot (a paid seat and a running hold in it, a gate code) and a slot made for a request. */
async function coachWithCalendar() {
  const paid = await createPaidBooking(t, { isGroup: true, capacity: 4 });
  await setNotes(paid.slot.id, { locationNotes: GATE_CODE });
  const holder = await createPerson(t);
  await insertBooking(t, {
    slotId: paid.slot.id,
    coachId: paid.coach.coachId,
    studentId: holder.userId,
    status: "pending",
    holdExpiresAt: new Date(t.deps.clock.now().getTime() + 10 * 60_000),
  });
  const requestSlot = await createSlot(t, paid.coach.coachId, { hoursFromNow: 72 });
  await setNotes(requestSlot.id, { requestOnly: true, isAvailable: false, locationNotes: "Back field" });
  return { paid, holder, requestSlotId: requestSlot.id };
}

async function listAs(coachId: number, cookie: string | undefined, query = "") {
  const req = request(t.app).get(`/api/time-slots/${coachId}${query}`);
  const res = cookie ? await req.set("Cookie", cookie) : await req;
  expect(res.status).toBe(200);
  return res.body as Slot[];
}

describe("GET /api/time-slots/{coachId}", () => {
  it("includeBookingCounts reveals nothing to a stranger", async () => {
    const { paid, requestSlotId } = await coachWithCalendar();
    const otherCoach = await createBookableCoach(t);
    const player = await createPerson(t);
    for (const cookie of [undefined, player.cookie, otherCoach.cookie, paid.student.cookie]) {
      for (const query of ["", "?includeBookingCounts=true"]) {
        const slots = await listAs(paid.coach.coachId, cookie, query);
        expect(slots.map((s) => s.id)).toEqual([paid.slot.id]);
        const [slot] = slots;
        for (const key of ["bookingCount", "bookingStates", "paidCount", "heldUntil", "canDelete"]) expect(slot).not.toHaveProperty(key);
        expect(slot!.locationNotes).toBeNull();
        expect(slots.map((s) => s.id)).not.toContain(requestSlotId);
      }
    }
  });

  it("the coach sees every own slot without a flag, and the counts, states and holds with it", async () => {
    const { paid, requestSlotId } = await coachWithCalendar();
    const plain = await listAs(paid.coach.coachId, paid.coach.cookie);
    expect(plain.map((s) => s.id)).toEqual([paid.slot.id, requestSlotId]);
    expect(plain[0]).toMatchObject({ locationNotes: GATE_CODE });
    expect(plain[1]).toMatchObject({ locationNotes: "Back field" });

    const counted = await listAs(paid.coach.coachId, paid.coach.cookie, "?includeBookingCounts=true");
    expect(counted.map((s) => s.id)).toEqual([paid.slot.id, requestSlotId]);
    expect(counted[0]).toMatchObject({ bookingCount: 2, paidCount: 1, heldUntil: expect.any(String), canDelete: false });
    expect(counted[0]!.bookingStates).toHaveLength(2);
  });

  it("a slot made for a request is read by nobody but its coach and its family", async () => {
    const { paid, requestSlotId } = await coachWithCalendar();
    const stranger = await createPerson(t);
    expect((await request(t.app).get(`/api/time-slots/single/${requestSlotId}`)).status).toBe(404);
    expect((await get(t, `/api/time-slots/single/${requestSlotId}`, stranger.cookie)).status).toBe(404);
    expect((await get(t, `/api/time-slots/single/${requestSlotId}`, paid.coach.cookie)).status).toBe(200);
  });
});

describe("location notes", () => {
  it("location notes reach only the coach and seat holders", async () => {
    const { paid, holder } = await coachWithCalendar();
    const stranger = await createPerson(t);
    const single = `/api/time-slots/single/${paid.slot.id}`;

    // The coach and the family with the paid seat read the gate code.
    expect((await get(t, single, paid.coach.cookie)).body.locationNotes).toBe(GATE_CODE);
    expect((await get(t, single, paid.student.cookie)).body.locationNotes).toBe(GATE_CODE);
    const booking = await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie);
    expect(booking.body.timeSlot.locationNotes).toBe(GATE_CODE);
    const coachView = await get(t, `/api/bookings/${paid.bookingId}`, paid.coach.cookie);
    expect(coachView.body.timeSlot.locationNotes).toBe(GATE_CODE);

    // Nobody else: signed out, another player, a family with an unpaid hold.
    expect((await request(t.app).get(single)).body.locationNotes).toBeNull();
    expect((await get(t, single, stranger.cookie)).body.locationNotes).toBeNull();
    expect((await get(t, single, holder.cookie)).body.locationNotes).toBeNull();

    // The public reads that carry slots: profile, the bookable slots, search.
    const profile = await request(t.app).get(`/api/coaches/${paid.coach.coachId}/profile`);
    expect(profile.status).toBe(200);
    const profileSlot = (profile.body.availableSlots as Slot[]).find((s) => s.id === paid.slot.id);
    expect(profileSlot).toBeDefined();
    expect(profileSlot!.locationNotes).toBeNull();
    const bookable = await request(t.app).get(`/api/coaches/${paid.coach.coachId}/available-slots`);
    expect(bookable.status).toBe(200);
    expect(JSON.stringify(bookable.body)).not.toContain("4321");
    expect(JSON.stringify(profile.body)).not.toContain("4321");
  });

  it("a family whose seat is cancelled no longer reads the gate code in its booking", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 72 });
    await setNotes(paid.slot.id, { locationNotes: GATE_CODE });
    expect((await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie)).body.timeSlot.locationNotes).toBe(GATE_CODE);
    const cancelled = await request(t.app)
      .delete(`/api/bookings/${paid.bookingId}`)
      .set("Cookie", paid.student.cookie)
      .set("X-Forwarded-For", addressOf(paid.student.cookie));
    expect(cancelled.status).toBe(200);
    const after = await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie);
    expect(after.body.status).toBe("cancelled");
    expect(after.body.timeSlot.locationNotes).toBeNull();
    expect((await get(t, `/api/time-slots/single/${paid.slot.id}`, paid.student.cookie)).body.locationNotes).toBeNull();
    // The coach keeps it.
    expect((await get(t, `/api/bookings/${paid.bookingId}`, paid.coach.cookie)).body.timeSlot.locationNotes).toBe(GATE_CODE);
  });
});
