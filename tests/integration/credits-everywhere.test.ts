import { UNDER_13_ATHLETE } from "@tests/factories/basics";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SiblingBookingMessages } from "@contract/bookings";
import { PackageMessages } from "@contract/packages";
import { bookings, creditLedger } from "@server/db/schema/index";
import { createBookableCoach, createPerson, createSlot, get, post, type BookableCoach, type Person } from "@tests/factories/bookings";
import { GOOD_CARD } from "@tests/factories/paid-booking";
import { useTestApp } from "@tests/support/test-app";
import { buyPackage, createPackage } from "@tests/factories/packages";

// DESIGN.md 12 "Families and money", credits first wherever a family pays: an unpaid hold paid with
// a credit at checkout (no card), and siblings in one slot with a credit each, all or none.

const t = useTestApp();

type Kind = "individual" | "group";

/** The player buys `sessionCount` credits of the coach's, $60.00 each. */
async function buyCredits(coach: BookableCoach, player: Person, sessionType: Kind, sessionCount: number): Promise<number> {
  const pkg = await createPackage(t, coach, {
    title: `${sessionCount} sessions`,
    sessionType,
    duration: 60,
    sessionCount,
    price: (sessionCount * 60).toFixed(2),
    validDays: 90,
  });
  return (await buyPackage(t, player, pkg.id)).purchaseId;
}

async function creditsLeft(player: Person): Promise<number> {
  const res = await get(t, "/api/credits", player.cookie);
  expect(res.status).toBe(200);
  return (res.body as { remaining: number; state: string }[]).filter((c) => c.state === "active").reduce((n, c) => n + c.remaining, 0);
}

async function redeemRows(bookingIds: number[]) {
  return t.deps.database.db.select().from(creditLedger).where(inArray(creditLedger.bookingId, bookingIds));
}

function seat(coach: BookableCoach, slotId: number, kind: Kind, extra: object = {}) {
  return {
    timeSlotId: slotId,
    rateId: kind === "group" ? coach.rates.group60 : coach.rates.individual60,
    sessionType: kind,
    duration: 60,
    ...extra,
  };
}

/** A two-credit group package, one credit spent on another session: one credit left. */
async function oneGroupCreditLeft(coach: BookableCoach, parent: Person, athleteId: number): Promise<void> {
  await buyCredits(coach, parent, "group", 2);
  const other = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4, hoursFromNow: 120 });
  const spent = await post(t, "/api/bookings", parent.cookie, seat(coach, other.id, "group", { athleteId, payWith: "credit" }));
  expect(spent.status).toBe(201);
  expect(await creditsLeft(parent)).toBe(1);
}

/** A parent with their own profile and Riley (11): two athletes. */
async function parentOfTwo(): Promise<{ parent: Person; own: number; riley: number }> {
  const parent = await createPerson(t, "player", { firstName: "Dana" });
  const riley = await post(t, "/api/athletes", parent.cookie, { ...UNDER_13_ATHLETE, firstName: "Riley", lastName: "Whitaker" });
  expect(riley.status).toBe(201);
  const [own] = (await get(t, "/api/athletes", parent.cookie)).body as { id: number }[];
  return { parent, own: own!.id, riley: riley.body.id as number };
}

describe("an unpaid hold paid with a credit at checkout", () => {
  it("pays the hold without a card, spends exactly one credit once, and a retry answers the same", async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    await buyCredits(coach, player, "individual", 3);
    expect(await creditsLeft(player)).toBe(3);

    const slot = await createSlot(t, coach.coachId);
    const hold = await post(t, "/api/bookings", player.cookie, seat(coach, slot.id, "individual"));
    expect(hold.status).toBe(201);
    expect(hold.body.status).toBe("pending");
    // The checkout page was opened: a card payment was set up, not paid.
    const intent = await post(t, "/api/create-payment-intent", player.cookie, { bookingId: hold.body.id });
    expect(intent.status).toBe(200);

    const paid = await post(t, `/api/bookings/${hold.body.id}/pay-with-credit`, player.cookie, {});
    expect(paid.status).toBe(200);
    expect(paid.body.bookings).toHaveLength(1);
    expect(paid.body.bookings[0]).toMatchObject({ id: hold.body.id, status: "confirmed", paymentStatus: "completed", paidWith: "credit" });
    expect(await creditsLeft(player)).toBe(2);

    // A retry (a double tap, a lost answer) spends nothing more.
    const again = await post(t, `/api/bookings/${hold.body.id}/pay-with-credit`, player.cookie, {});
    expect(again.status).toBe(200);
    expect(again.body.bookings[0]).toMatchObject({ id: hold.body.id, paidWith: "credit" });
    expect(await creditsLeft(player)).toBe(2);
    expect((await redeemRows([hold.body.id])).filter((r) => r.kind === "redeem")).toHaveLength(1);

    // The card set up before can no longer pay for the seat.
    const card = await post(t, "/api/payments/simulated/confirm", player.cookie, {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(card.body.status).not.toBe("succeeded");
    const [row] = await t.deps.database.db.select().from(bookings).where(eq(bookings.id, hold.body.id));
    expect(row).toMatchObject({ status: "confirmed", paymentIntentId: null });
    expect(row!.packagePurchaseId).not.toBeNull();

    // The family sees "paid with a credit"; another family gets 404.
    const mine = await get(t, `/api/bookings/${hold.body.id}`, player.cookie);
    expect(mine.body.paidWith).toBe("credit");
    const stranger = await createPerson(t);
    expect((await post(t, `/api/bookings/${hold.body.id}/pay-with-credit`, stranger.cookie, {})).status).toBe(404);
  });

  it("without a usable credit answers 409 and leaves the hold waiting for its card", async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    const slot = await createSlot(t, coach.coachId);
    const hold = await post(t, "/api/bookings", player.cookie, seat(coach, slot.id, "individual"));
    const intent = await post(t, "/api/create-payment-intent", player.cookie, { bookingId: hold.body.id });
    expect(intent.status).toBe(200);

    const refused = await post(t, `/api/bookings/${hold.body.id}/pay-with-credit`, player.cookie, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "NO_CREDIT", message: PackageMessages.NO_CREDIT });
    // The card still pays.
    const card = await post(t, "/api/payments/simulated/confirm", player.cookie, {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(card.body.status).toBe("succeeded");
  });

  it("a siblings' card hold is paid with a credit each, all or none", async () => {
    const coach = await createBookableCoach(t);
    const { parent, own, riley } = await parentOfTwo();
    await oneGroupCreditLeft(coach, parent, own);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4 });
    const held = await post(t, "/api/bookings", parent.cookie, seat(coach, slot.id, "group", { athleteIds: [own, riley] }));
    expect(held.status).toBe(201);
    const ids = (held.body.bookings as { id: number }[]).map((b) => b.id);
    const intent = await post(t, "/api/create-payment-intent", parent.cookie, { bookingIds: ids.map(String) });
    expect(intent.status).toBe(200);

    // One credit for two seats: refused, nothing spent, both still held.
    const short = await post(t, `/api/bookings/${ids[0]}/pay-with-credit`, parent.cookie, {});
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(SiblingBookingMessages.NOT_ENOUGH_CREDITS);
    expect(await creditsLeft(parent)).toBe(1);
    const rows = await t.deps.database.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);

    await buyCredits(coach, parent, "group", 2);
    const paid = await post(t, `/api/bookings/${ids[1]}/pay-with-credit`, parent.cookie, {});
    expect(paid.status).toBe(200);
    expect((paid.body.bookings as { id: number; paidWith: string }[]).map((b) => [b.id, b.paidWith]).sort()).toEqual(
      ids.map((id) => [id, "credit"]).sort(),
    );
    expect(await creditsLeft(parent)).toBe(1);
  });
});

describe("siblings booked with credits", () => {
  it("take one credit each in one request, or none when the family lacks one", async () => {
    const coach = await createBookableCoach(t);
    const { parent, own, riley } = await parentOfTwo();
    await oneGroupCreditLeft(coach, parent, own);
    const slot = await createSlot(t, coach.coachId, { isGroup: true, capacity: 4 });

    const short = await post(
      t,
      "/api/bookings",
      parent.cookie,
      seat(coach, slot.id, "group", { athleteIds: [own, riley], payWith: "credit" }),
    );
    expect(short.status).toBe(409);
    expect(short.body).toMatchObject({ code: "NO_CREDIT", message: SiblingBookingMessages.NOT_ENOUGH_CREDITS });
    expect(await t.deps.database.db.select().from(bookings).where(eq(bookings.timeSlotId, slot.id))).toHaveLength(0);
    expect(await creditsLeft(parent)).toBe(1);

    await buyCredits(coach, parent, "group", 2);
    const booked = await post(
      t,
      "/api/bookings",
      parent.cookie,
      seat(coach, slot.id, "group", { athleteIds: [own, riley], payWith: "credit" }),
    );
    expect(booked.status).toBe(201);
    const made = booked.body.bookings as {
      id: number;
      athleteId: number;
      status: string;
      paidWith: string;
      holdExpiresAt: string | null;
    }[];
    expect(made.map((b) => b.athleteId)).toEqual([own, riley]);
    for (const b of made) expect(b).toMatchObject({ status: "confirmed", paidWith: "credit", holdExpiresAt: null });
    expect(await creditsLeft(parent)).toBe(1);
    expect((await redeemRows(made.map((b) => b.id))).filter((r) => r.kind === "redeem")).toHaveLength(2);
  });
});
