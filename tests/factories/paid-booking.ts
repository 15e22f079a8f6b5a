import request from "supertest";
import type { StripeStandIn } from "@tests/support/stripe-stand-in";
import type { TestApp } from "@tests/support/test-app";
import { bookSlot, createBookableCoach, createPerson, createSlot, post, type BookableCoach, type Person } from "./bookings";

export const GOOD_CARD = "4242424242424242";

export type PaidBooking = {
  coach: BookableCoach;
  student: Person;
  slot: { id: number; startsAt: Date; endsAt: Date };
  bookingId: number;
  paymentIntentId: string;
  /** What the student paid ("97.75"). */
  totalAmount: string;
};

export type PaidBookingOptions = {
  /** An existing coach (several students in one slot); a new coach with the default rates otherwise. */
  coach?: BookableCoach;
  /** An existing slot of that coach; a new one otherwise (group when `isGroup`). */
  slot?: { id: number; startsAt: Date; endsAt: Date };
  isGroup?: boolean;
  capacity?: number;
  hoursFromNow?: number;
  student?: Person;
  studentName?: string;
  /** A tip in dollars ("10.00"), added before paying. */
  tip?: string;
  /** Pays through the Stripe stand-in (the customer pays at Stripe, then the client confirms) instead of the simulated card form. */
  stripe?: StripeStandIn;
};

/**
 * A coach with rates, a slot, a player and a CONFIRMED, PAID booking, made the way a browser
 * makes it: POST /api/bookings, POST /api/create-payment-intent, (a tip), then the simulated card
 * form with 4242 4242 4242 4242, or Stripe's payment and POST /api/confirm-payment.
 */
export async function createPaidBooking(t: TestApp, options: PaidBookingOptions = {}): Promise<PaidBooking> {
  const coach = options.coach ?? (await createBookableCoach(t));
  const isGroup = options.isGroup ?? false;
  const slot =
    options.slot ?? (await createSlot(t, coach.coachId, { isGroup, capacity: options.capacity, hoursFromNow: options.hoursFromNow ?? 48 }));
  const student = options.student ?? (await createPerson(t, "player", { firstName: options.studentName }));
  const booking = await bookSlot(t, student, coach, slot.id, { sessionType: isGroup ? "group" : "individual" });

  let intent = await post(t, "/api/create-payment-intent", student.cookie, { bookingId: booking.id });
  if (intent.status !== 200) throw new Error(`create-payment-intent failed: ${intent.status} ${JSON.stringify(intent.body)}`);
  if (options.tip) {
    intent = await post(t, "/api/update-payment-intent", student.cookie, { bookingId: booking.id, tipAmount: options.tip });
    if (intent.status !== 200) throw new Error(`update-payment-intent failed: ${intent.status} ${JSON.stringify(intent.body)}`);
  }
  const paymentIntentId = intent.body.paymentIntentId as string;

  if (options.stripe) {
    options.stripe.succeedPaymentIntent(paymentIntentId);
    const confirmed = await post(t, "/api/confirm-payment", student.cookie, { paymentIntentId });
    if (confirmed.status !== 200) throw new Error(`confirm-payment failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  } else {
    const paid = await post(t, "/api/payments/simulated/confirm", student.cookie, { paymentIntentId, cardNumber: GOOD_CARD });
    if (paid.status !== 200 || paid.body.status !== "succeeded") {
      throw new Error(`simulated payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
    }
  }

  const check = await request(t.app).get(`/api/bookings/${booking.id}`).set("Cookie", student.cookie);
  if (check.body.status !== "confirmed" || check.body.paymentStatus !== "completed") {
    throw new Error(`booking ${booking.id} is not confirmed and paid: ${JSON.stringify(check.body)}`);
  }
  return { coach, student, slot, bookingId: booking.id, paymentIntentId, totalAmount: check.body.totalAmount as string };
}

/** Moves the test clock past the session's end; the sweeps that run with it complete the session. */
export async function passSessionEnd(t: TestApp, booking: Pick<PaidBooking, "slot">): Promise<void> {
  const minutes = Math.ceil((booking.slot.endsAt.getTime() - t.deps.clock.now().getTime()) / 60_000) + 1;
  const res = await request(t.app)
    .post("/api/test/clock")
    .send({ advanceMinutes: Math.max(1, minutes) });
  if (res.status !== 200) throw new Error(`test clock failed: ${res.status} ${JSON.stringify(res.body)}`);
}
