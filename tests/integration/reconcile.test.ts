import { startStripeTestApp } from "@tests/factories/stripe-app";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, simulatedPaymentObjects } from "@server/db/schema/index";
import { reconcilePayments } from "@server/features/reconcile/reconcile.service";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { type StripeStandIn } from "@tests/support/stripe-stand-in";
import { startTestApp, type TestApp } from "@tests/support/test-app";

const run = promisify(execFile);

describe("npm run reconcile with the simulated provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it("finds nothing when every charge paid one confirmed booking, then names each kind of mismatch made behind the app's back", async () => {
    const kept = await createPaidBooking(t);
    const cancelled = await createPaidBooking(t);
    const unpaid = await createPaidBooking(t);
    const clean = await reconcilePayments(t.deps);
    expect(clean.mismatches).toEqual([]);
    expect(clean.charges).toBe(3);
    expect(clean.provider).toBe("simulated");

    const db = t.deps.database.db;
    // A booking cancelled while its money is kept (what the late-payment bug did).
    await db.update(bookings).set({ status: "cancelled", cancelCode: "coach_cancelled" }).where(eq(bookings.id, cancelled.bookingId));
    // A confirmed booking whose charge the provider never took.
    await db.update(simulatedPaymentObjects).set({ status: "canceled" }).where(eq(simulatedPaymentObjects.id, unpaid.paymentIntentId));
    // A charge nobody booked, and a second charge for a booking already paid.
    const now = t.deps.clock.now();
    await db.insert(simulatedPaymentObjects).values([
      {
        id: "pi_sim_orphan",
        kind: "payment_intent",
        status: "succeeded",
        amountCents: 5000,
        currency: "usd",
        data: { metadata: {} },
        createdAt: now,
        updatedAt: now,
      },
      {
        id: "pi_sim_second",
        kind: "payment_intent",
        status: "succeeded",
        amountCents: 9775,
        currency: "usd",
        data: { metadata: { bookingId: String(kept.bookingId) } },
        createdAt: now,
        updatedAt: now,
      },
    ]);

    const report = await reconcilePayments(t.deps);
    const found = report.mismatches.map((m) => [m.kind, m.bookingId ?? m.providerId]);
    expect(found).toEqual(
      expect.arrayContaining([
        ["CHARGE_KEPT_FOR_UNHONOURED_BOOKING", cancelled.bookingId],
        ["CONFIRMED_WITHOUT_CHARGE", unpaid.bookingId],
        ["CHARGE_WITHOUT_BOOKING", "pi_sim_orphan"],
        ["DOUBLE_CHARGE", kept.bookingId],
      ]),
    );
    expect(report.mismatches).toHaveLength(4);
    expect(report.mismatches.find((m) => m.kind === "CHARGE_KEPT_FOR_UNHONOURED_BOOKING")!.message).toBe(
      `Charge ${cancelled.paymentIntentId} keeps $${cancelled.totalAmount} for booking ${cancelled.bookingId}, which is cancelled (payment completed)`,
    );
  });
});

describe("npm run reconcile against Stripe (the local stand-in)", () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  beforeAll(async () => {
    ({ stripe, t } = await startStripeTestApp());
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("lists PaymentIntents, refunds and transfers through the SDK and reports a paid intent whose booking is gone", async () => {
    await createPaidBooking(t, { stripe });
    await createPaidBooking(t, { stripe });
    const clean = await reconcilePayments(t.deps);
    expect(clean.provider).toBe("stripe");
    expect(clean.charges).toBe(2);
    expect(clean.mismatches).toEqual([]);

    // A customer paid an intent the app never recorded (e.g. its process died before saving it).
    const res = await fetch(`${stripe.url}/v1/payment_intents`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_x", "Content-Type": "application/x-www-form-urlencoded" },
      body: "amount=4250&currency=usd&metadata[bookingId]=999999",
    });
    const stray = (await res.json()) as { id: string };
    stripe.succeedPaymentIntent(stray.id);
    const report = await reconcilePayments(t.deps);
    expect(report.mismatches.map((m) => [m.kind, m.providerId])).toEqual([["CHARGE_WITHOUT_BOOKING", stray.id]]);
    expect(report.mismatches[0]?.message).toBe(
      `Charge ${stray.id} keeps $42.50 and matches no booking (its metadata names booking 999999)`,
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the reconcile script on a shared PostgreSQL database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  async function reconcile(): Promise<{ code: number; stdout: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: t.deps.config.databaseUrl!, DATA_DIR: t.dataDir, LOG_LEVEL: "silent" };
    delete env.NODE_ENV;
    try {
      const { stdout } = await run(process.execPath, ["--import", "tsx", "src/server/scripts/reconcile.ts"], { env });
      return { code: 0, stdout };
    } catch (err) {
      const failed = err as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }

  it("prints no mismatch and exits 0, then prints the mismatch and exits 1", async () => {
    const paid = await createPaidBooking(t);
    const ok = await reconcile();
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(
      "Reconciled simulated provider: 1 succeeded charges, 0 refunds, 0 transfers, against 1 bookings and 0 package purchases.",
    );
    expect(ok.stdout).toContain("No mismatches.");

    await t.deps.database.db
      .update(bookings)
      .set({ status: "cancelled", cancelCode: "coach_cancelled" })
      .where(eq(bookings.id, paid.bookingId));
    const bad = await reconcile();
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(`MISMATCH CHARGE_KEPT_FOR_UNHONOURED_BOOKING: Charge ${paid.paymentIntentId} keeps $${paid.totalAmount}`);
    expect(bad.stdout).toContain("1 mismatch(es).");
  });
});
