import { expect } from "vitest";
import type { TestApp } from "@tests/support/test-app";
import { post, requestBooking, type BookableCoach, type Person } from "./bookings";
import { GOOD_CARD } from "./paid-booking";

/** Five private hours for $350.00, valid 90 days: the package most tests sell. */
export const FIVE_PACK = {
  title: "Five private hours",
  sessionType: "individual",
  duration: 60,
  sessionCount: 5,
  price: "350.00",
  validDays: 90,
};

/** The coach creates a package (FIVE_PACK unless told); expects 201. */
export async function createPackage(t: TestApp, coach: BookableCoach, body: object = FIVE_PACK): Promise<{ id: number }> {
  const res = await post(t, "/api/packages", coach.cookie, body);
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

/** Buys a package through the same checkout as a booking: purchase, then the simulated card form. */
export async function buyPackage(t: TestApp, player: Person, packageId: number): Promise<{ purchaseId: number; paymentIntentId: string }> {
  const started = await post(t, `/api/packages/${packageId}/purchase`, player.cookie, {});
  expect(started.status).toBe(201);
  const paymentIntentId = started.body.paymentIntentId as string;
  const paid = await post(t, "/api/payments/simulated/confirm", player.cookie, { paymentIntentId, cardNumber: GOOD_CARD });
  expect(paid.body).toEqual({ status: "succeeded" });
  return { purchaseId: started.body.purchaseId as number, paymentIntentId };
}

/** Books the slot (individual, 60 minutes) with one of the player's credits; answers the response whatever its status. */
export const bookWithCredit = (t: TestApp, player: Person, coach: BookableCoach, slotId: number) =>
  requestBooking(t, player, coach, slotId, { extra: { payWith: "credit" } });
