import { UNDER_13_ATHLETE } from "@tests/factories/basics";
import { describe, expect, it } from "vitest";
import { NO_SHOW_DISPUTE_REASON, NO_SHOW_MESSAGE_PREFIX } from "@contract/message-basics";
import { createBookableCoach, createPerson, createSlot, get, post, type BookableCoach, type Person } from "@tests/factories/bookings";
import { createPaidBooking, GOOD_CARD, passSessionEnd } from "@tests/factories/paid-booking";
import { makeAdmin } from "@tests/factories/users";
import { useTestApp } from "@tests/support/test-app";

// DESIGN.md 12, messages that keep a guardian in the loop: the thread says which athlete and which
// session it is about, knows when the family has a minor, and a coach's no-show appears in it.

const t = useTestApp();

type Conversation = {
  id: number;
  hasMinor: boolean;
  session: { bookingId: number; athleteName: string; startsAt: string; status: string } | null;
};

async function openWithCoach(family: Person, coach: BookableCoach): Promise<Conversation> {
  const opened = await post(t, "/api/conversations", family.cookie, { coachId: coach.coachId });
  expect([200, 201]).toContain(opened.status);
  return opened.body as Conversation;
}

async function bookAndPay(parent: Person, coach: BookableCoach, athleteId: number, hoursFromNow: number): Promise<number> {
  const slot = await createSlot(t, coach.coachId, { hoursFromNow });
  const booked = await post(t, "/api/bookings", parent.cookie, {
    timeSlotId: slot.id,
    rateId: coach.rates.individual60,
    sessionType: "individual",
    duration: 60,
    athleteId,
  });
  expect(booked.status).toBe(201);
  const intent = await post(t, "/api/create-payment-intent", parent.cookie, { bookingId: booked.body.id });
  const paid = await post(t, "/api/payments/simulated/confirm", parent.cookie, {
    paymentIntentId: intent.body.paymentIntentId,
    cardNumber: GOOD_CARD,
  });
  expect(paid.body.status).toBe("succeeded");
  return booked.body.id as number;
}

describe("a thread between a coach and a family", () => {
  it("names the athlete and the soonest upcoming session, and knows the family has a minor", async () => {
    const coach = await createBookableCoach(t);
    const parent = await createPerson(t, "player", { firstName: "Dana" });
    const riley = await post(t, "/api/athletes", parent.cookie, { ...UNDER_13_ATHLETE, firstName: "Riley", lastName: "Whitaker" });
    expect(riley.status).toBe(201);

    const before = await openWithCoach(parent, coach);
    expect(before).toMatchObject({ hasMinor: true, session: null });

    const later = await bookAndPay(parent, coach, riley.body.id, 96);
    const sooner = await bookAndPay(parent, coach, riley.body.id, 48);
    const after = await get(t, `/api/conversations/${before.id}`, parent.cookie);
    expect(after.body.session).toMatchObject({ bookingId: sooner, athleteName: "Riley Whitaker", status: "confirmed" });
    expect(after.body.session.bookingId).not.toBe(later);
    // The coach's side names the same session.
    const list = await get(t, "/api/conversations", coach.cookie);
    const coachSide = (list.body as Conversation[]).find((c) => c.id === before.id);
    expect(coachSide?.session?.bookingId).toBe(sooner);
  });

  it("an adults-only family has no minor to remind about", async () => {
    const coach = await createBookableCoach(t);
    const adult = await createPerson(t);
    expect((await openWithCoach(adult, coach)).hasMinor).toBe(false);
  });

  it("a no-show marked by the coach appears in the family's thread, and the family can dispute it to the admins", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 2 });
    await passSessionEnd(t, paid);
    const marked = await post(t, `/api/bookings/${paid.bookingId}/no-show`, paid.coach.cookie, { note: "Nobody came to the field" });
    expect(marked.status).toBe(200);

    const conversations = await get(t, "/api/conversations", paid.student.cookie);
    expect(conversations.status).toBe(200);
    const [thread] = conversations.body as Conversation[];
    expect(thread).toBeDefined();
    const messages = await get(t, `/api/conversations/${thread!.id}/messages`, paid.student.cookie);
    const items = (messages.body.items ?? messages.body) as { id: number; body: string; fromCoach: boolean }[];
    const noShow = items.find((m) => m.body.startsWith(NO_SHOW_MESSAGE_PREFIX));
    expect(noShow).toMatchObject({ fromCoach: true });
    expect(noShow!.body).toContain("Nobody came to the field");

    const disputed = await post(t, `/api/messages/${noShow!.id}/report`, paid.student.cookie, { reason: NO_SHOW_DISPUTE_REASON });
    expect([200, 201]).toContain(disputed.status);
    const admin = await createPerson(t, "admin");
    await makeAdmin(t, admin.email);
    const reports = await get(t, "/api/admin/message-reports", admin.cookie);
    expect(reports.status).toBe(200);
    const report = (reports.body as { reason: string; message: { id: number } }[]).find((r) => r.message.id === noShow!.id);
    expect(report?.reason).toBe(NO_SHOW_DISPUTE_REASON);
  });
});
