// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { PaymentIntentResponse } from "@contract/payments";
import { makeBooking } from "@client/testing/fixtures";
import { answer, mockApi, renderPage } from "@client/testing/render-page";
import { BookingCheckoutPage } from "./booking-checkout";

const intent: PaymentIntentResponse = {
  clientSecret: "sim_secret",
  paymentIntentId: "sim_pi_1",
  bookingId: 12,
  bookingIds: [12],
  totalAmount: "97.75",
  tipAmount: "0.00",
  platformFee: "12.75",
  coachEarnings: "85.00",
  rate: "85.00",
  coachName: "Casey Coach",
  sessionDate: "2026-12-01",
  sessionTime: "16:00",
  duration: 60,
  sessionType: "individual",
  holdExpiresAt: null,
  provider: "simulated",
};

const checkout = (at: string) => renderPage(<Route path="/booking-checkout/:bookingId?" component={BookingCheckoutPage} />, { at });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Each test is a whole visit, typed key by key on a shared machine.
describe("checkout", { timeout: 30_000 }, () => {
  it("asks the server for the booking's payment once per visit and shows what it answered", async () => {
    const calls = mockApi({ "POST /api/create-payment-intent": () => intent });
    checkout("/booking-checkout/12");

    expect(await screen.findByRole("heading", { name: "Complete Your Booking" })).toBeTruthy();
    expect(screen.getByText("Casey Coach")).toBeTruthy();
    expect(screen.getByTestId("summary-total").textContent).toBe("$97.75");
    const intents = calls.filter((c) => c.path === "/api/create-payment-intent");
    // StrictMode mounts twice; the seat is still held (and the intent made) once.
    expect(intents).toEqual([expect.objectContaining({ method: "POST", body: { bookingId: "12" } })]);
  });

  it("books a slot by its id and then names the booking in the address, so a reload does not book it again", async () => {
    const calls = mockApi({ "POST /api/create-payment-intent": () => intent });
    const { history } = checkout("/booking-checkout?timeSlotId=7&duration=60&sessionType=individual");

    expect(await screen.findByRole("heading", { name: "Complete Your Booking" })).toBeTruthy();
    expect(history.at(-1)).toBe("/booking-checkout/12");
    expect(calls.filter((c) => c.path === "/api/create-payment-intent").map((c) => c.body)).toEqual([
      { timeSlotId: "7", sessions: "1", duration: "60", sessionType: "individual" },
      { bookingId: "12" },
    ]);
  });

  it("shows the server's reason when the payment cannot be set up", async () => {
    mockApi({ "POST /api/create-payment-intent": () => answer(409, { message: "This time slot is fully booked" }) });
    checkout("/booking-checkout/12");

    expect(await screen.findByRole("heading", { name: "Unable to process booking" })).toBeTruthy();
    expect(await screen.findByText("This time slot is fully booked")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Return to Coaches" })).toBeTruthy();
  });

  it("offers a usable credit first and asks no card: one tap pays the hold with a credit", async () => {
    const credit = { id: 5, coachId: 3, sessionType: "individual", duration: 60, remaining: 2, total: 5, state: "active" };
    const calls = mockApi({
      "POST /api/create-payment-intent": () => intent,
      "GET /api/bookings/12": () => makeBooking({ id: 12 }),
      "GET /api/credits": () => [credit],
      "POST /api/bookings/12/pay-with-credit": () => ({ bookings: [makeBooking({ id: 12, paidWith: "credit" })] }),
    });
    const { user, history } = checkout("/booking-checkout/12");

    const button = await screen.findByRole("button", { name: "Book with a credit (2 left)" });
    expect(screen.getByRole("button", { name: "Pay by card instead" })).toBeTruthy();
    expect(screen.queryByLabelText(/card number/i)).toBeNull();
    await user.click(button);
    await vi.waitFor(() => expect(history.at(-1)).toBe("/my-bookings?success=credit"));
    expect(calls.filter((c) => c.path === "/api/bookings/12/pay-with-credit")).toHaveLength(1);
  });

  it("names the athlete the seat is for", async () => {
    mockApi({
      "POST /api/create-payment-intent": () => intent,
      "GET /api/bookings/12": () => makeBooking({ id: 12, athlete: { ...makeBooking().athlete!, firstName: "Leo" } }),
    });
    checkout("/booking-checkout/12");

    expect(await screen.findByText("Leo Parker")).toBeTruthy();
    expect(screen.getByText("Athlete")).toBeTruthy();
  });

  it("shows the coach's screening where the family pays, read from the coach's profile", async () => {
    const calls = mockApi({
      "POST /api/create-payment-intent": () => intent,
      "GET /api/bookings/12": () => makeBooking({ id: 12, coachId: 3 }),
      "GET /api/coaches/3/profile": () => ({
        id: 3,
        badges: [
          { kind: "safesport", label: "SafeSport trained", expiresOn: "2027-10-30" },
          { kind: "background_check", label: "Background checked", expiresOn: "2027-06-01" },
        ],
      }),
    });
    checkout("/booking-checkout/12");

    expect(await screen.findByText("SafeSport trained")).toBeTruthy();
    expect(screen.getByText("background checked")).toBeTruthy();
    expect(screen.getByText("valid until Jun 1, 2027")).toBeTruthy();
    expect(calls.some((c) => c.method === "GET" && c.path === "/api/coaches/3/profile")).toBe(true);
  });

  it("pays several bookings of the family in one payment: a line per athlete, the fee and the total", async () => {
    const mia = makeBooking({ id: 12 });
    const leo = makeBooking({ id: 13, athleteId: 2, athlete: { ...mia.athlete!, id: 2, firstName: "Leo", age: 14 } });
    const calls = mockApi({
      "POST /api/create-payment-intent": () => ({
        ...intent,
        bookingIds: [12, 13],
        rate: "80.00",
        platformFee: "12.00",
        coachEarnings: "80.00",
        totalAmount: "92.00",
        sessionType: "group",
      }),
      "GET /api/bookings/12": () => mia,
      "GET /api/bookings/13": () => leo,
    });
    checkout("/booking-checkout?bookingIds=12,13");

    expect(await screen.findByText("Session cost, Mia Parker")).toBeTruthy();
    expect(await screen.findByText("Session cost, Leo Parker")).toBeTruthy();
    const lines = screen.getAllByTestId("summary-line").map((line) => line.textContent);
    expect(lines).toEqual(["Session cost, Mia Parker$40.00", "Session cost, Leo Parker$40.00"]);
    expect(screen.getByText("$12.00")).toBeTruthy();
    expect(screen.getByTestId("summary-total").textContent).toBe("$92.00");
    // One payment for both seats: the card form pays the sum.
    expect(await screen.findByRole("button", { name: "Pay $92.00" })).toBeTruthy();
    // A tip is set per booking, which a shared payment cannot take.
    expect(screen.queryByRole("heading", { name: /Add Tip/ })).toBeNull();
    expect(calls.filter((c) => c.path === "/api/create-payment-intent").map((c) => c.body)).toEqual([{ bookingIds: ["12", "13"] }]);
  });

  it("names one athlete once and tells the lines apart by date when one athlete's sessions are paid together", async () => {
    const first = makeBooking({ id: 12 });
    const second = makeBooking({ id: 13, sessionDate: "2026-12-08" });
    mockApi({
      "POST /api/create-payment-intent": () => ({
        ...intent,
        bookingIds: [12, 13],
        rate: "80.00",
        platformFee: "12.00",
        totalAmount: "92.00",
      }),
      "GET /api/bookings/12": () => first,
      "GET /api/bookings/13": () => second,
    });
    checkout("/booking-checkout?bookingIds=12,13");

    expect(await screen.findByText("Session cost, Tuesday, December 8, 2026")).toBeTruthy();
    expect(screen.getAllByTestId("summary-line").map((line) => line.textContent)).toEqual([
      "Session cost, Tuesday, December 1, 2026$40.00",
      "Session cost, Tuesday, December 8, 2026$40.00",
    ]);
    expect(screen.getByText("Mia Parker")).toBeTruthy();
  });
  it("pays a whole 26-week series in one checkout instead of sending the family back to the search", async () => {
    const ids = Array.from({ length: 26 }, (_, week) => 100 + week);
    const weeks = Object.fromEntries(
      ids.map((id, week) => [
        `GET /api/bookings/${id}`,
        () => makeBooking({ id, sessionDate: `2027-01-${String(week + 1).padStart(2, "0")}` }),
      ]),
    );
    const calls = mockApi({
      "POST /api/create-payment-intent": () => ({ ...intent, bookingId: 100, bookingIds: ids, totalAmount: "2541.50" }),
      ...weeks,
    });
    const { history } = checkout(`/booking-checkout?bookingIds=${ids.join(",")}`);

    expect(await screen.findByRole("heading", { name: "Complete Your Booking" })).toBeTruthy();
    expect(history.at(-1)).toBe(`/booking-checkout?bookingIds=${ids.join(",")}`);
    expect(calls.filter((c) => c.path === "/api/create-payment-intent").map((c) => c.body)).toEqual([{ bookingIds: ids.map(String) }]);
    expect(await screen.findByRole("button", { name: "Pay $2541.50" })).toBeTruthy();
  });
});
