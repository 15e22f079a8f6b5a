// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MoneyIssues } from "@contract/money-issues";
import { answer, mockApi, renderPage } from "@client/testing/render-page";
import { AdminPanel } from "./admin-panel";

const nothing: MoneyIssues = { disputes: [], refunds: [], payouts: [], noShows: [], outsideRefunds: [] };

const troubled: MoneyIssues = {
  disputes: [
    {
      id: "dp_1",
      bookingId: 31,
      paymentIntentId: "pi_31",
      amount: "97.75",
      currency: "usd",
      reason: "fraudulent",
      status: "needs_response",
      openedAt: "2026-11-20T15:00:00.000Z",
    },
  ],
  refunds: [],
  payouts: [
    {
      bookingId: 42,
      coachId: 7,
      coachName: "Casey Coach",
      amount: "85.00",
      state: "stopped",
      attempts: 8,
      lastError: "Account closed",
      nextAttemptAt: null,
    },
    {
      bookingId: 43,
      coachId: 7,
      coachName: "Casey Coach",
      amount: "50.00",
      state: "retrying",
      attempts: 2,
      lastError: "Stripe is unavailable",
      nextAttemptAt: "2026-11-21T18:30:00.000Z",
    },
  ],
  noShows: [],
  outsideRefunds: [],
};

const noShow: MoneyIssues["noShows"][number] = {
  bookingId: 51,
  coachId: 9,
  coachName: "Jordan Stick",
  athleteName: "Riley Park",
  sessionStartsAt: "2026-11-20T15:00:00.000Z",
  markedAt: "2026-11-20T15:20:00.000Z",
  note: "Nobody came to the field",
  amount: "97.75",
  payoutAmount: "85.00",
  state: "no_show",
  payoutStatus: "paid",
  familyRefund: "none",
  reversedAt: null,
};

const owedPayout: MoneyIssues["payouts"][number] = {
  bookingId: 52,
  coachId: 9,
  coachName: "Jordan Stick",
  amount: "85.00",
  state: "owed",
  attempts: 1,
  lastError: "Insufficient funds in the connected account",
  nextAttemptAt: null,
};

const reversed = {
  success: true,
  message: "No-show reversed; the family is refunded in full.",
  booking: { id: 51, status: "cancelled", paymentStatus: "refunded" },
  refund: { amount: "97.75", status: "refunded" },
  payout: "reversed",
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openMoneyIssues(issues: MoneyIssues | (() => MoneyIssues), more: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    "GET /api/content-blocks": () => [],
    "GET /api/testimonials": () => [],
    "GET /api/admin/money-issues": () => (typeof issues === "function" ? issues() : issues),
    ...more,
  });
  const { user } = renderPage(<AdminPanel />, { at: "/admin" });
  await user.click(screen.getByRole("tab", { name: "Money issues" }));
  return { tab: within(screen.getByRole("tabpanel", { name: "Money issues" })), user, calls };
}

describe("the admin's Money issues tab", { timeout: 30_000 }, () => {
  it("shows a stopped payout and a dispute with their booking, amount, state, attempts, error and next attempt", async () => {
    const { tab } = await openMoneyIssues(troubled);

    const items = await tab.findAllByTestId("money-issue");
    expect(items).toHaveLength(3);
    const [dispute, stopped, retrying] = items.map((item) => within(item));

    expect(dispute!.getByText("Dispute · Booking #31")).toBeTruthy();
    expect(dispute!.getByText("$97.75")).toBeTruthy();
    expect(dispute!.getByText("fraudulent")).toBeTruthy();
    expect(dispute!.getByText("needs response")).toBeTruthy();

    expect(stopped!.getByText("Payout · Booking #42")).toBeTruthy();
    expect(stopped!.getByText("Stopped")).toBeTruthy();
    expect(stopped!.getByText("$85.00")).toBeTruthy();
    expect(stopped!.getByText("8")).toBeTruthy();
    expect(stopped!.getByText("Account closed")).toBeTruthy();
    expect(stopped!.getByText("None: it waits for an admin")).toBeTruthy();

    expect(retrying!.getByText("Retrying")).toBeTruthy();
    // The next attempt on the viewer's clock, its zone named.
    expect(retrying!.getByText(/^Nov 21, 2026, \d{1,2}:30 [AP]M \S+$/)).toBeTruthy();
    expect(tab.queryByText("No money issues")).toBeNull();
  });

  it("says so when nothing needs a person", async () => {
    const { tab } = await openMoneyIssues(nothing);
    expect(await tab.findByText("No money issues")).toBeTruthy();
    expect(tab.queryAllByTestId("money-issue")).toHaveLength(0);
  });

  it("shows a no-show with its coach, athlete, note and money, and reverses it after a confirmation that says what happens", async () => {
    let current: MoneyIssues = { ...nothing, noShows: [noShow] };
    const { tab, user, calls } = await openMoneyIssues(() => current, {
      "POST /api/admin/bookings/51/reverse-no-show": () => {
        current = {
          ...nothing,
          noShows: [
            { ...noShow, state: "reversed", payoutStatus: "reversed", familyRefund: "refunded", reversedAt: "2026-11-21T10:00:00.000Z" },
          ],
        };
        return reversed;
      },
    });
    const [item] = (await tab.findAllByTestId("money-issue")).map((i) => within(i));
    expect(item!.getByText("No-show · Booking #51")).toBeTruthy();
    expect(item!.getByText("Jordan Stick (coach #9)")).toBeTruthy();
    expect(item!.getByText("Riley Park")).toBeTruthy();
    expect(item!.getByText("Nobody came to the field")).toBeTruthy();
    expect(item!.getByText("$97.75")).toBeTruthy();
    expect(item!.getByText("$85.00 · Paid out")).toBeTruthy();

    await user.click(item!.getByRole("button", { name: "Reverse no-show of booking #51" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    expect(dialog.getByText(/family is refunded \$97\.75 in full/)).toBeTruthy();
    expect(dialog.getByText(/coach's payout of \$85\.00 is taken back/)).toBeTruthy();
    // Nothing is sent before the admin confirms.
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(dialog.getByRole("button", { name: "Reverse no-show" }));

    expect(
      await tab.findByText("No-show reversed. The family is refunded $97.75 in full. The coach's payout was taken back.", {
        selector: "[role=status]",
      }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/admin/bookings/51/reverse-no-show"]);
    // The list is read again: the no-show now reads Reversed, with its refund and the payout taken back, and no button.
    expect(await tab.findByText("Reversed", { selector: "span" })).toBeTruthy();
    expect(tab.getByText("Refunded in full")).toBeTruthy();
    expect(tab.getByText("$85.00 · Taken back")).toBeTruthy();
    expect(tab.queryByRole("button", { name: /Reverse no-show/ })).toBeNull();
    // The card still says what happened once it no longer offers the button.
    expect(
      tab.getByText("No-show reversed. The family is refunded $97.75 in full. The coach's payout was taken back.", {
        selector: "[role=status]",
      }),
    ).toBeTruthy();
  });

  it("keeps the no-show and says why when the reversal is refused", async () => {
    const { tab, user } = await openMoneyIssues(
      { ...nothing, noShows: [noShow] },
      {
        "POST /api/admin/bookings/51/reverse-no-show": () =>
          answer(409, { message: "The payout for this session is being sent; please try again in a minute.", code: "CONFLICT" }),
      },
    );
    await user.click(await tab.findByRole("button", { name: "Reverse no-show of booking #51" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Reverse no-show" }));
    expect(
      await screen.findByText("Failed to reverse the no-show: The payout for this session is being sent; please try again in a minute."),
    ).toBeTruthy();
    expect(tab.getByRole("button", { name: "Reverse no-show of booking #51" })).toBeTruthy();
  });

  it("shows a payout the coach owes with its coach and amount, and retries the clawback", async () => {
    let current: MoneyIssues = { ...nothing, payouts: [owedPayout] };
    const { tab, user, calls } = await openMoneyIssues(() => current, {
      "POST /api/admin/bookings/52/reverse-no-show": () => {
        current = nothing;
        return { ...reversed, booking: { ...reversed.booking, id: 52 } };
      },
    });
    const [item] = (await tab.findAllByTestId("money-issue")).map((i) => within(i));
    expect(item!.getByText("Payout · Booking #52")).toBeTruthy();
    expect(item!.getByText("Owed by the coach")).toBeTruthy();
    expect(item!.getByText("Jordan Stick (coach #9)")).toBeTruthy();
    expect(item!.getByText("$85.00")).toBeTruthy();
    expect(item!.getByText("Insufficient funds in the connected account")).toBeTruthy();

    await user.click(item!.getByRole("button", { name: "Retry clawback of booking #52" }));
    expect(await screen.findByText("The payout was taken back from the coach.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/admin/bookings/52/reverse-no-show"]);
    expect(await tab.findByText("No money issues")).toBeTruthy();
  });

  it("shows a refund made outside the app against its booking or package purchase", async () => {
    const { tab } = await openMoneyIssues({
      ...nothing,
      outsideRefunds: [
        {
          id: "re_dash_1",
          bookingId: 61,
          purchaseId: null,
          paymentIntentId: "pi_61",
          chargeId: "ch_61",
          amount: "97.75",
          currency: "usd",
          status: "succeeded",
          refundedAt: "2026-11-20T15:00:00.000Z",
        },
        {
          id: "re_dash_2",
          bookingId: null,
          purchaseId: 8,
          paymentIntentId: "pi_p8",
          chargeId: "ch_p8",
          amount: "100.00",
          currency: "usd",
          status: "pending",
          refundedAt: "2026-11-20T16:00:00.000Z",
        },
      ],
    });
    const [booking, purchase] = (await tab.findAllByTestId("money-issue")).map((i) => within(i));
    expect(booking!.getByText("Refund outside the app · Booking #61")).toBeTruthy();
    expect(booking!.getByText("$97.75")).toBeTruthy();
    expect(booking!.getByText("re_dash_1")).toBeTruthy();
    expect(purchase!.getByText("Refund outside the app · Package purchase #8")).toBeTruthy();
    expect(purchase!.getByText("pending")).toBeTruthy();
  });
});
