import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { StudentCancelMessages } from "@contract/bookings";
import { PackageMessages } from "@contract/packages";
import { bookings, creditLedger, packagePurchases, refunds, simulatedPaymentObjects } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { reconcilePayments } from "@server/features/reconcile/reconcile.service";
import { createBookableCoach, createPerson, createSlot, get, post, type Person } from "@tests/factories/bookings";
import { GOOD_CARD, passSessionEnd } from "@tests/factories/paid-booking";
import { makeAdmin } from "@tests/factories/users";
import { bookWithCredit, buyPackage, createPackage, FIVE_PACK } from "@tests/factories/packages";
import { useTestApp } from "@tests/support/test-app";
import { connectPayoutAccount } from "@tests/factories/payout-account";

const t = useTestApp();

const db = () => t.deps.database.db;
const put = (path: string, cookie: string, body: object) => request(t.app).put(path).set("Cookie", cookie).send(body);
const del = (path: string, cookie: string) =>
  request(t.app).delete(path).set("Cookie", cookie).set("Content-Type", "application/json").send({});

/** A coach's three sessions for $200.00 ($230.00 with the fee), bought by a new player. */
async function threeCreditsBought() {
  const coach = await createBookableCoach(t);
  const pkg = await createPackage(t, coach, { ...FIVE_PACK, sessionCount: 3, price: "200.00" });
  const player = await createPerson(t);
  return { coach, player, ...(await buyPackage(t, player, pkg.id)) };
}

async function credits(player: Person) {
  const res = await get(t, "/api/credits", player.cookie);
  expect(res.status).toBe(200);
  return res.body as { id: number; remaining: number; total: number; state: string }[];
}

describe("packages", () => {
  it("a coach creates, edits and archives packages; the public list shows the price per session and the saving", async () => {
    const coach = await createBookableCoach(t);
    const created = await post(t, "/api/packages", coach.cookie, FIVE_PACK);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Five private hours",
      sessionCount: 5,
      price: "350.00",
      pricePerSession: "70.00",
      singleSessionRate: "85.00",
      saving: "75.00",
      platformFee: "52.50",
      totalAmount: "402.50",
      isArchived: false,
    });
    const id = created.body.id as number;
    const edited = await put(`/api/packages/${id}`, coach.cookie, { price: "340", title: "Five hours" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ price: "340.00", pricePerSession: "68.00", title: "Five hours" });

    const visitor = await request(t.app).get(`/api/coaches/${coach.coachId}/packages`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.map((p: { id: number }) => p.id)).toEqual([id]);

    const other = await createBookableCoach(t);
    expect((await put(`/api/packages/${id}`, other.cookie, { price: "1" })).status).toBe(404);
    expect((await del(`/api/packages/${id}`, other.cookie)).status).toBe(404);
    const player = await createPerson(t);
    expect((await post(t, "/api/packages", player.cookie, FIVE_PACK)).status).toBe(403);

    expect((await del(`/api/packages/${id}`, coach.cookie)).status).toBe(200);
    expect((await request(t.app).get(`/api/coaches/${coach.coachId}/packages`)).body).toEqual([]);
    expect((await post(t, `/api/packages/${id}/purchase`, player.cookie, {})).status).toBe(404);
  });

  it("refuses what the contract does not allow, with its message", async () => {
    const coach = await createBookableCoach(t);
    const cases: [object, string][] = [
      [{ sessionCount: 1 }, PackageMessages.SESSION_COUNT],
      [{ sessionCount: 21 }, PackageMessages.SESSION_COUNT],
      [{ validDays: 29 }, PackageMessages.VALID_DAYS],
      [{ validDays: 366 }, PackageMessages.VALID_DAYS],
      [{ price: "0" }, PackageMessages.PRICE],
      [{ price: "abc" }, PackageMessages.PRICE],
      [{ title: " " }, PackageMessages.TITLE_REQUIRED],
      [{ duration: 45 }, PackageMessages.DURATION],
    ];
    for (const [patch, message] of cases) {
      const res = await post(t, "/api/packages", coach.cookie, { ...FIVE_PACK, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe("buying a package", () => {
  it("only a succeeded payment grants the credits: a declined card grants nothing, a paid one the package's sessions", async () => {
    const coach = await createBookableCoach(t);
    const pkg = await createPackage(t, coach);
    const player = await createPerson(t);
    const started = await post(t, `/api/packages/${pkg.id}/purchase`, player.cookie, {});
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      purchaseId: expect.any(Number),
      paymentIntentId: expect.any(String),
      clientSecret: expect.any(String),
      totalAmount: "402.50",
    });
    const declined = await post(t, "/api/payments/simulated/confirm", player.cookie, {
      paymentIntentId: started.body.paymentIntentId,
      cardNumber: "4000000000000002",
    });
    expect(declined.body).toEqual({ status: "failed", message: "Your card was declined." });
    expect(await credits(player)).toEqual([]);

    // Another family cannot pay or confirm it.
    const stranger = await createPerson(t);
    expect((await post(t, "/api/confirm-payment", stranger.cookie, { paymentIntentId: started.body.paymentIntentId })).status).toBe(404);

    const paid = await post(t, "/api/payments/simulated/confirm", player.cookie, {
      paymentIntentId: started.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body).toEqual({ status: "succeeded" });
    // Confirming again (the client and the webhook) changes nothing.
    const confirmed = await post(t, "/api/confirm-payment", player.cookie, { paymentIntentId: started.body.paymentIntentId });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "paid", credit: { remaining: 5, total: 5 } });
    const [credit] = await credits(player);
    expect(credit).toMatchObject({
      title: "Five private hours",
      coachId: coach.coachId,
      sessionType: "individual",
      duration: 60,
      total: 5,
      remaining: 5,
      state: "active",
    });
    expect(await db().select().from(creditLedger).where(eq(creditLedger.purchaseId, started.body.purchaseId))).toHaveLength(1);
    expect((await get(t, "/api/credits", stranger.cookie)).body).toEqual([]);
    expect((await get(t, `/api/credits/${credit!.id}/ledger`, stranger.cookie)).status).toBe(404);
  });

  it("the credit ledger is append-only in the database: a line can be neither changed nor deleted, nor push a balance out of range", async () => {
    const coach = await createBookableCoach(t);
    const pkg = await createPackage(t, coach);
    const player = await createPerson(t);
    const started = await post(t, `/api/packages/${pkg.id}/purchase`, player.cookie, {});
    await post(t, "/api/payments/simulated/confirm", player.cookie, {
      paymentIntentId: started.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    const purchaseId = started.body.purchaseId as number;
    const [line] = await db().select().from(creditLedger).where(eq(creditLedger.purchaseId, purchaseId));
    expect(line!.credits).toBe(5);
    // What the database says (drizzle wraps the driver's error: its cause carries the trigger's words).
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => "accepted",
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ""}`,
      );
    expect(await refusal(db().execute(sql`update credit_ledger set credits = 50 where purchase_id = ${purchaseId}`))).toMatch(
      /credit_ledger is append-only/,
    );
    expect(await refusal(db().execute(sql`delete from credit_ledger where purchase_id = ${purchaseId}`))).toMatch(
      /credit_ledger is append-only/,
    );
    // A line that would take more than was bought is refused by the database itself.
    expect(
      await refusal(
        db().execute(
          sql`insert into credit_ledger (purchase_id, kind, credits, value_cents, fee_cents) values (${purchaseId}, 'expiry', -6, 0, 0)`,
        ),
      ),
    ).toMatch(/credit balance out of range/);
    expect((await credits(player))[0]).toMatchObject({ total: 5, remaining: 5 });
  });

  it("a payment after the checkout ran out buys nothing and is refunded in full", async () => {
    const coach = await createBookableCoach(t);
    const pkg = await createPackage(t, coach);
    const player = await createPerson(t);
    const started = await post(t, `/api/packages/${pkg.id}/purchase`, player.cookie, {});
    // The customer pays at the provider just before the end; the confirmation arrives late.
    await t.deps.payments.simulated!.confirmWithCard(started.body.paymentIntentId, GOOD_CARD);
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 20 });
    const confirmed = await post(t, "/api/confirm-payment", player.cookie, { paymentIntentId: started.body.paymentIntentId });
    expect(confirmed.body).toMatchObject({ status: "cancelled", credit: null });
    expect(await credits(player)).toEqual([]);
    const [refund] = await db().select().from(refunds).where(eq(refunds.paymentIntentId, started.body.paymentIntentId));
    expect(refund).toMatchObject({ status: "sent", amountCents: 40250, purchaseId: started.body.purchaseId });
    // A new checkout after it ran out is refused by the card form before any money moves.
    const late = await post(t, `/api/packages/${pkg.id}/purchase`, player.cookie, {});
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 16 });
    const refused = await post(t, "/api/payments/simulated/confirm", player.cookie, {
      paymentIntentId: late.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PackageMessages.CHECKOUT_EXPIRED);
    expect((await reconcilePayments(t.deps)).mismatches.filter((m) => m.message.includes(started.body.paymentIntentId))).toEqual([]);
  });

  it("a checkout whose intent was never recorded (the process died in between) closes when it runs out", async () => {
    const coach = await createBookableCoach(t);
    const pkg = await createPackage(t, coach);
    const player = await createPerson(t);
    const started = await post(t, `/api/packages/${pkg.id}/purchase`, player.cookie, {});
    await db().update(packagePurchases).set({ paymentIntentId: null }).where(eq(packagePurchases.id, started.body.purchaseId));
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 14 });
    expect((await db().select().from(packagePurchases).where(eq(packagePurchases.id, started.body.purchaseId)))[0]!.status).toBe("pending");
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 2 });
    const [row] = await db().select().from(packagePurchases).where(eq(packagePurchases.id, started.body.purchaseId));
    expect(row).toMatchObject({ status: "cancelled", paymentIntentId: null });
    expect(await credits(player)).toEqual([]);
  });
});

describe("booking with a credit", () => {
  it("confirms at once with no card, takes one credit, and gives it back on a cancellation 24 hours ahead", async () => {
    const coach = await createBookableCoach(t);
    const pkg = await createPackage(t, coach);
    const player = await createPerson(t);
    const { purchaseId } = await buyPackage(t, player, pkg.id);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    const booked = await bookWithCredit(t, player, coach, slot.id);
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ status: "confirmed", paymentStatus: "completed" });
    expect((await credits(player))[0]).toMatchObject({ remaining: 4 });
    const row = (await db().select().from(bookings).where(eq(bookings.id, booked.body.id)))[0]!;
    expect(row).toMatchObject({ packagePurchaseId: purchaseId, paymentIntentId: null, coachEarningsCents: 7000, platformFeeCents: 1050 });

    const cancelled = await del(`/api/bookings/${booked.body.id}`, player.cookie);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(StudentCancelMessages.CANCELLED_CREDIT_RETURNED);
    expect((await credits(player))[0]).toMatchObject({ remaining: 5 });
    expect(await db().select().from(refunds).where(eq(refunds.purchaseId, purchaseId))).toEqual([]);

    const ledger = await get(t, `/api/credits/${purchaseId}/ledger`, player.cookie);
    expect(
      ledger.body.lines.map((l: { kind: string; balance: number; bookingId: number | null }) => [l.kind, l.balance, l.bookingId]),
    ).toEqual([
      ["purchase", 5, null],
      ["redeem", 4, booked.body.id],
      ["release", 5, booked.body.id],
    ]);
    // The coach sees the same lines.
    expect((await get(t, `/api/credits/${purchaseId}/ledger`, coach.cookie)).body.lines).toHaveLength(3);
  });

  it("without a credit of that coach, kind and duration: 409, and no seat is taken", async () => {
    const coach = await createBookableCoach(t);
    await createPackage(t, coach, { ...FIVE_PACK, duration: 30, price: "200" });
    const player = await createPerson(t);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    const res = await bookWithCredit(t, player, coach, slot.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PackageMessages.NO_CREDIT);
    expect(await db().select().from(bookings).where(eq(bookings.timeSlotId, slot.id))).toEqual([]);
  });

  it("20 bookings race for 3 credits: exactly 3 succeed and no credit is spent twice", async () => {
    const { coach, player, purchaseId } = await threeCreditsBought();
    const slots = await Promise.all(Array.from({ length: 20 }, (_, i) => createSlot(t, coach.coachId, { hoursFromNow: 30 + i * 2 })));
    const results = await Promise.all(slots.map((s) => bookWithCredit(t, player, coach, s.id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(17);
    const confirmed = await db().select().from(bookings).where(eq(bookings.packagePurchaseId, purchaseId));
    expect(confirmed).toHaveLength(3);
    // The shares add up to the price exactly: 66.66 + 66.66 + 66.68.
    expect(confirmed.reduce((sum, b) => sum + b.coachEarningsCents, 0)).toBe(20000);
    expect((await credits(player))[0]).toMatchObject({ remaining: 0, state: "used" });
  });

  it("a coach's cancellation gives the credit back; feedback pays the coach the session's share", async () => {
    const { coach, player, purchaseId } = await threeCreditsBought();
    const first = await createSlot(t, coach.coachId, { hoursFromNow: 2 });
    const second = await createSlot(t, coach.coachId, { hoursFromNow: 5 });
    const played = await bookWithCredit(t, player, coach, first.id);
    const dropped = await bookWithCredit(t, player, coach, second.id);
    const cancel = await post(t, `/api/bookings/${dropped.body.id}/cancel`, coach.cookie, { reason: "Field closed" });
    expect(cancel.status).toBe(200);
    expect(cancel.body.cancellation.affectedBookings[0]).toMatchObject({ refundStatus: "credit_returned", refundAmount: "0.00" });
    expect((await credits(player))[0]).toMatchObject({ remaining: 2 });

    await connectPayoutAccount(t, coach);
    await passSessionEnd(t, { slot: first });
    const feedback = await post(t, `/api/bookings/${played.body.id}/submit-feedback`, coach.cookie, {
      feedback: "Great work on the off hand.",
      rating: 5,
    });
    expect(feedback.status).toBe(200);
    const transfers = await db()
      .select()
      .from(simulatedPaymentObjects)
      .where(eq(simulatedPaymentObjects.idempotencyKey, `booking-${played.body.id}-payout`));
    expect(transfers.map((tr) => tr.amountCents)).toEqual([6666]);
    expect(purchaseId).toBeGreaterThan(0);
  });

  it("the coach refunds the unused credits pro rata, fee included, once; reconcile finds no mismatch", async () => {
    const { coach, player, purchaseId, paymentIntentId } = await threeCreditsBought();
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    expect((await bookWithCredit(t, player, coach, slot.id)).status).toBe(201);

    expect((await post(t, `/api/credits/${purchaseId}/refund`, player.cookie, {})).status).toBe(403);
    const other = await createBookableCoach(t);
    expect((await post(t, `/api/credits/${purchaseId}/refund`, other.cookie, {})).status).toBe(404);
    const refund = await post(t, `/api/credits/${purchaseId}/refund`, coach.cookie, {});
    expect(refund.status).toBe(200);
    // 200.00 + 30.00 fee = 230.00; one session used carries 66.66 + 10.00: 153.34 back.
    expect(refund.body).toMatchObject({ refundAmount: "153.34", refundStatus: "refunded", credit: { remaining: 0, state: "refunded" } });
    const again = await post(t, `/api/credits/${purchaseId}/refund`, coach.cookie, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PackageMessages.ALREADY_REFUNDED);
    const providerRefunds = await db().select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.kind, "refund"));
    expect(
      providerRefunds.filter((r) => (r.data as { paymentIntentId?: string }).paymentIntentId === paymentIntentId).map((r) => r.amountCents),
    ).toEqual([15334]);
    const report = await reconcilePayments(t.deps);
    expect(report.mismatches.filter((m) => m.message.includes(paymentIntentId) || m.message.includes(`purchase ${purchaseId} `))).toEqual(
      [],
    );
  });

  it("credits expire after their validity (the family told 7 days before) and can no longer be used", async () => {
    let coach = await createBookableCoach(t);
    const pkg = await createPackage(t, coach, { ...FIVE_PACK, validDays: 30 });
    let player = await createPerson(t);
    const { purchaseId } = await buyPackage(t, player, pkg.id);
    await request(t.app)
      .post("/api/test/clock")
      .send({ advanceMinutes: 24 * 60 * 24 });
    const notices = t.outbox().filter((m) => m.recipient === player.email && m.headers.Subject?.includes("expire on"));
    expect(notices).toHaveLength(1);
    await request(t.app)
      .post("/api/test/clock")
      .send({ advanceMinutes: 24 * 60 * 7 });
    // A month on, the sessions signed in before have timed out: sign in again.
    const { token } = await startSession(db(), player.userId, t.deps.clock.now());
    player = { ...player, cookie: `sid=${token}` };
    const coachSession = await startSession(db(), coach.userId, t.deps.clock.now());
    coach = { ...coach, cookie: `sid=${coachSession.token}` };
    expect((await credits(player))[0]).toMatchObject({ remaining: 0, state: "expired" });
    const lines = await db().select().from(creditLedger).where(eq(creditLedger.purchaseId, purchaseId));
    expect(lines.map((l) => [l.kind, l.credits])).toEqual([
      ["purchase", 5],
      ["expiry", -5],
    ]);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    expect((await bookWithCredit(t, player, coach, slot.id)).status).toBe(409);
    expect(t.outbox().filter((m) => m.recipient === player.email && m.headers.Subject?.includes("expire on"))).toHaveLength(1);
    const [purchase] = await db().select().from(packagePurchases).where(eq(packagePurchases.id, purchaseId));
    expect(purchase!.expiryNoticeSentAt).not.toBeNull();
  });
});

describe("paged lists and the admin's refund", () => {
  it("GET /api/coaches/{id}/packages pages by ?cursor= with X-Next-Cursor, fewest sessions first", async () => {
    const coach = await createBookableCoach(t);
    for (let i = 0; i < 52; i++)
      await createPackage(t, coach, { ...FIVE_PACK, title: `Pack ${i}`, sessionCount: 2 + (i % 19), price: "500" });
    const first = await request(t.app).get(`/api/coaches/${coach.coachId}/packages`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(50);
    const cursor = first.headers["x-next-cursor"] as string;
    expect(cursor).toMatch(/^\d+\.\d+$/);
    const second = await request(t.app).get(`/api/coaches/${coach.coachId}/packages`).query({ cursor });
    expect(second.status).toBe(200);
    expect(second.body).toHaveLength(2);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
    const all = [...first.body, ...second.body] as { id: number; sessionCount: number }[];
    expect(new Set(all.map((p) => p.id)).size).toBe(52);
    const order = all.map((p) => [p.sessionCount, p.id]);
    expect(order).toEqual([...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
    // A cursor that is not one reads the first page, as the other paged lists do.
    expect((await request(t.app).get(`/api/coaches/${coach.coachId}/packages`).query({ cursor: "x" })).body).toHaveLength(50);
  });

  it("credits carry what a refund would give back; an admin lists every family's and refunds them pro rata", async () => {
    const { coach, player, purchaseId, paymentIntentId } = await threeCreditsBought();
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    expect((await bookWithCredit(t, player, coach, slot.id)).status).toBe(201);
    const mine = (await get(t, "/api/credits", player.cookie)).body.find((c: { id: number }) => c.id === purchaseId);
    // 230.00 paid, one session used carries 66.66 + 10.00.
    expect(mine).toMatchObject({ remaining: 2, remainingValue: "153.34", totalPaid: "230.00" });

    const admin = await createPerson(t);
    await makeAdmin(t, admin.email);
    const listed = await get(t, `/api/credits?coachId=${coach.coachId}`, admin.cookie);
    expect(listed.status).toBe(200);
    expect(listed.body.map((c: { id: number }) => c.id)).toEqual([purchaseId]);
    expect(listed.body[0]).toMatchObject({ familyName: expect.any(String), remainingValue: "153.34" });
    expect((await get(t, `/api/credits/${purchaseId}/ledger`, admin.cookie)).status).toBe(200);

    const refund = await post(t, `/api/credits/${purchaseId}/refund`, admin.cookie, {});
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ refundAmount: "153.34", credit: { remaining: 0, state: "refunded", remainingValue: "0.00" } });
    const ledger = await get(t, `/api/credits/${purchaseId}/ledger`, player.cookie);
    expect(
      ledger.body.lines.map((l: { kind: string; change: number; balance: number; amount: string }) => [
        l.kind,
        l.change,
        l.balance,
        l.amount,
      ]),
    ).toEqual([
      ["purchase", 3, 3, "230.00"],
      ["redeem", -1, 2, "-76.66"],
      ["refund", -2, 0, "-153.34"],
    ]);
    const report = await reconcilePayments(t.deps);
    expect(report.mismatches.filter((m) => m.message.includes(paymentIntentId))).toEqual([]);
  });
});

describe("one price rule and credits first (DESIGN.md 12)", () => {
  const mailsTo = (address: string, prefix: string) =>
    t.outbox().filter((m) => m.channel === "email" && m.recipient === address && m.headers.Subject?.startsWith(prefix));

  it("a package is offered at the family's price beside the single session's, and checkout charges exactly that, to the cent", async () => {
    // $85.00 rate: a family pays $97.75 a session. $350.00 for 5: the family pays $402.50, $80.50 a session.
    const coach = await createBookableCoach(t);
    const pkg = await createPackage(t, coach);
    const listed = await get(t, `/api/coaches/${coach.coachId}/packages`, "");
    expect(listed.status).toBe(200);
    const offer = (listed.body as Record<string, unknown>[]).find((p) => p.id === pkg.id);
    expect(offer).toMatchObject({
      totalAmount: "402.50",
      familyPricePerSession: "80.50",
      singleSessionFamilyPrice: "97.75",
      familySaving: "86.25",
    });

    const player = await createPerson(t);
    const started = await post(t, `/api/packages/${pkg.id}/purchase`, player.cookie, {});
    expect(started.status).toBe(201);
    const now = t.deps.clock.now().getTime();
    expect(started.body).toMatchObject({
      coachId: coach.coachId,
      coachName: expect.any(String),
      totalAmount: offer!.totalAmount,
      familyPricePerSession: "80.50",
      singleSessionFamilyPrice: "97.75",
      familySaving: "86.25",
      validDays: 90,
    });
    const validUntil = Date.parse(started.body.validUntil);
    expect(Math.abs(validUntil - (now + 90 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    // What the provider is asked to charge is the price the family was shown.
    const [intent] = await db().select().from(simulatedPaymentObjects).where(eq(simulatedPaymentObjects.id, started.body.paymentIntentId));
    expect(intent!.amountCents).toBe(40250);
    const paid = await post(t, "/api/payments/simulated/confirm", player.cookie, {
      paymentIntentId: started.body.paymentIntentId,
      cardNumber: GOOD_CARD,
    });
    expect(paid.body).toEqual({ status: "succeeded" });
    const [purchase] = await db().select().from(packagePurchases).where(eq(packagePurchases.id, started.body.purchaseId));
    expect(purchase).toMatchObject({ status: "paid", totalCents: 40250 });
    // The credits run until the date the checkout named.
    const [credit] = await credits(player);
    expect(Math.abs(Date.parse((credit as unknown as { expiresAt: string }).expiresAt) - validUntil)).toBeLessThan(60_000);
  });

  it("a credit-paid session answers paidWith credit and its e-mail says 'Paid with a credit', never a total", async () => {
    const coach = await createBookableCoach(t);
    const pkg = await createPackage(t, coach);
    const player = await createPerson(t);
    await buyPackage(t, player, pkg.id);
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 72 });
    const booked = await bookWithCredit(t, player, coach, slot.id);
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ paidWith: "credit", sharedCheckout: false, status: "confirmed" });
    const listed = await get(t, "/api/bookings/student", player.cookie);
    expect(listed.status).toBe(200);
    expect((listed.body as { id: number; paidWith: string }[]).find((b) => b.id === booked.body.id)).toMatchObject({ paidWith: "credit" });

    const mails = mailsTo(player.email, "Booking confirmed");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("Paid with a credit");
    expect(mails[0]!.body).not.toContain("Total paid");
    expect(mails[0]!.body).not.toContain("$80.50");
  });
});
