import { UNDER_13_ATHLETE } from "@tests/factories/basics";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@server/db/schema/index";
import { instantToLocal } from "@server/features/slots/slot-time";
import {
  createBookableCoach,
  createPerson,
  createSlot,
  get,
  post,
  requestBooking,
  type BookableCoach,
  type Person,
} from "@tests/factories/bookings";
import { createPaidBooking, GOOD_CARD } from "@tests/factories/paid-booking";
import { useTestApp } from "@tests/support/test-app";

// DESIGN.md 12 "Guardians and children": coaches see a minor's contact as the guardian's
// ("Guardian: Dana Whitaker", phone, e-mail), never the child's own; an adult's is their own.

const t = useTestApp();

type Contact = { label: string; name: string; isGuardian: boolean; email: string | null; phoneNumber: string | null };
type CoachBooking = {
  id: number;
  contact: Contact;
  student: { email: string | null; phoneNumber: string | null };
  guardians?: { userId: number; email: string }[];
};

async function coachBooking(coach: BookableCoach, bookingId: number): Promise<CoachBooking> {
  const list = await get(t, "/api/bookings/coach", coach.cookie);
  expect(list.status).toBe(200);
  const fromList = (list.body as CoachBooking[]).find((b) => b.id === bookingId);
  const one = await get(t, `/api/bookings/${bookingId}`, coach.cookie);
  expect(one.status).toBe(200);
  // The list and the booking's own answer say the same.
  expect(fromList?.contact).toEqual(one.body.contact);
  return one.body as CoachBooking;
}

async function payHold(person: Person, bookingId: number): Promise<void> {
  const intent = await post(t, "/api/create-payment-intent", person.cookie, { bookingId });
  expect(intent.status).toBe(200);
  const paid = await post(t, "/api/payments/simulated/confirm", person.cookie, {
    paymentIntentId: intent.body.paymentIntentId,
    cardNumber: GOOD_CARD,
  });
  expect(paid.body.status).toBe("succeeded");
}

/** A 15-year-old who holds their own account, with their own e-mail and phone and a parent named Dana Whitaker. */
async function minorAccountHolder(): Promise<Person & { parentEmail: string }> {
  const person = await createPerson(t, "player", { firstName: "Riley" });
  const parentEmail = `dana.${person.userId}@example.com`;
  await t.deps.database.db
    .update(users)
    .set({
      lastName: "Whitaker",
      phoneNumber: "4105550111",
      birthday: "2011-03-01",
      parentFirstName: "Dana",
      parentLastName: "Whitaker",
      parentEmail,
      parentPhoneNumber: "4105550199",
    })
    .where(eq(users.id, person.userId));
  return { ...person, parentEmail };
}

describe("what a coach sees of a session's people", () => {
  it("an adult player's contact is their own, unlabelled", async () => {
    const paid = await createPaidBooking(t, { studentName: "Jordan" });
    const b = await coachBooking(paid.coach, paid.bookingId);
    expect(b.contact).toEqual({
      label: "Jordan Player",
      name: "Jordan Player",
      isGuardian: false,
      email: paid.student.email,
      phoneNumber: "4105551234",
    });
    expect(b.student.email).toBe(paid.student.email);
  });

  it("a parent's booking for a minor athlete shows the parent as the guardian to reach", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId);
    const dana = await createPerson(t, "player", { firstName: "Dana" });
    await t.deps.database.db.update(users).set({ lastName: "Whitaker", phoneNumber: "4105550199" }).where(eq(users.id, dana.userId));
    const riley = await post(t, "/api/athletes", dana.cookie, { ...UNDER_13_ATHLETE, firstName: "Riley", lastName: "Whitaker" });
    expect(riley.status).toBe(201);
    const booked = await requestBooking(t, dana, coach, slot.id, { extra: { athleteId: riley.body.id } });
    expect(booked.status).toBe(201);

    // Before payment: who, but no phone or e-mail yet (issue 28).
    const held = await coachBooking(coach, booked.body.id);
    expect(held.contact).toMatchObject({ label: "Guardian: Dana Whitaker", isGuardian: true, email: null, phoneNumber: null });

    await payHold(dana, booked.body.id);
    const b = await coachBooking(coach, booked.body.id);
    expect(b.contact).toEqual({
      label: "Guardian: Dana Whitaker",
      name: "Dana Whitaker",
      isGuardian: true,
      email: dana.email,
      phoneNumber: "4105550199",
    });
  });

  it("a minor account holder's own e-mail and phone never reach the coach: the parent's do, on bookings and requests", async () => {
    const coach = await createBookableCoach(t);
    const slot = await createSlot(t, coach.coachId);
    const riley = await minorAccountHolder();
    const booked = await requestBooking(t, riley, coach, slot.id);
    expect(booked.status).toBe(201);
    await payHold(riley, booked.body.id);

    const b = await coachBooking(coach, booked.body.id);
    expect(b.contact).toEqual({
      label: "Guardian: Dana Whitaker",
      name: "Dana Whitaker",
      isGuardian: true,
      email: riley.parentEmail,
      phoneNumber: "4105550199",
    });
    expect(b.student).toMatchObject({ email: null, phoneNumber: null, parentEmail: riley.parentEmail });
    expect((b.guardians ?? []).map((g) => g.userId)).not.toContain(riley.userId);
    const everything = JSON.stringify(b);
    expect(everything).not.toContain(riley.email);
    expect(everything).not.toContain("4105550111");

    // A request of the same minor: the guardian's label; the child's own contact nowhere.
    const at = instantToLocal(new Date(slot.startsAt.getTime() + 24 * 3_600_000), "America/New_York");
    const asked = await post(t, "/api/session-requests", riley.cookie, {
      coachId: coach.coachId,
      requestedDate: at.date,
      requestedStartTime: at.time,
      sessionType: "individual",
      duration: 60,
      message: "Working on my dodges",
    });
    expect(asked.status).toBe(201);
    const requests = await get(t, `/api/session-requests/coach/${coach.coachId}`, coach.cookie);
    expect(requests.status).toBe(200);
    const request = (requests.body as { id: number; contact: Contact; student: object }[]).find((r) => r.id === asked.body.id);
    expect(request?.contact).toMatchObject({ label: "Guardian: Dana Whitaker", isGuardian: true });
    expect(JSON.stringify(request)).not.toContain(riley.email);
    expect(JSON.stringify(request)).not.toContain("4105550111");
  });

  it("the family never gets the coach's contact field", async () => {
    const paid = await createPaidBooking(t);
    const own = await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie);
    expect(own.status).toBe(200);
    expect(own.body.contact).toBeUndefined();
  });
});
