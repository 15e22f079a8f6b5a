// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MoneyIssues } from "@contract/money-issues";
import { mockApi, renderPage } from "@client/testing/render-page";
import { AdminPanel } from "./admin-panel";

const nothing: MoneyIssues = { disputes: [], refunds: [], payouts: [] };

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
      amount: "85.00",
      state: "stopped",
      attempts: 8,
      lastError: "Account closed",
      nextAttemptAt: null,
    },
    {
      bookingId: 43,
      coachId: 7,
      amount: "50.00",
      state: "retrying",
      attempts: 2,
      lastError: "Stripe is unavailable",
      nextAttemptAt: "2026-11-21T18:30:00.000Z",
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openMoneyIssues(issues: MoneyIssues) {
  mockApi({
    "GET /api/content-blocks": () => [],
    "GET /api/testimonials": () => [],
    "GET /api/admin/money-issues": () => issues,
  });
  const { user } = renderPage(<AdminPanel />, { at: "/admin" });
  await user.click(screen.getByRole("tab", { name: "Money issues" }));
  return within(screen.getByRole("tabpanel", { name: "Money issues" }));
}

describe("the admin's Money issues tab", { timeout: 30_000 }, () => {
  it("shows a stopped payout and a dispute with their booking, amount, state, attempts, error and next attempt", async () => {
    const tab = await openMoneyIssues(troubled);

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
    const tab = await openMoneyIssues(nothing);
    expect(await tab.findByText("No money issues")).toBeTruthy();
    expect(tab.queryAllByTestId("money-issue")).toHaveLength(0);
  });
});
