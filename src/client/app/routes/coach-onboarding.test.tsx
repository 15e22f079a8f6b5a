// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NO_PAYMENT_ACCOUNT } from "@contract/payout-basics";
import { makeUser } from "../../testing/fixtures";
import { answer, mockApi, renderPage } from "../../testing/render-page";
import { CoachOnboarding } from "./coach-onboarding";

const coachUser = makeUser({ firstName: "Casey", lastName: "Coach" });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Each test is a whole visit, typed key by key on a shared machine.
describe("the coach onboarding wizard", { timeout: 30_000 }, () => {
  it("blocks Next until step 1 is complete, saves it, and keeps the answers when going back", async () => {
    const calls = mockApi({
      "GET /api/coaches/user/1": () => answer(404, { message: "Coach profile not found" }),
      "GET /api/stripe/connect/account-status": () => NO_PAYMENT_ACCOUNT,
      "GET /api/geo/zip/21201": () => ({ zipcode: "21201", city: "Baltimore", state: "MD", timeZone: "America/New_York" }),
      "PUT /api/users/1": () => ({ ...coachUser, phoneNumber: "+14105550100" }),
      "POST /api/coaches": ({ body }) => ({ id: 5, userId: 1, rates: [], timeZone: "America/New_York", ...(body as object) }),
    });
    const { user } = renderPage(<CoachOnboarding user={coachUser} stripe={null} />);

    expect(await screen.findByRole("heading", { name: "Personal Information" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Incomplete Step")).toBeTruthy();
    expect(screen.getByText("Please complete all required fields to continue")).toBeTruthy();
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Dismiss notification" }));
    await waitFor(() => expect(screen.queryByText("Incomplete Step")).toBeNull());

    await user.type(screen.getByLabelText("Phone number *"), "4105550100");
    await user.click(screen.getByLabelText("Coaching title *"));
    await user.paste("Defense Coach");
    await user.click(screen.getByLabelText("Bio *"));
    await user.paste("Ten years on the field.");
    await user.type(screen.getByLabelText("Zipcode *"), "21201");
    await user.click(screen.getByRole("checkbox", { name: "Defense" }));
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByRole("heading", { name: "Session Rates" })).toBeTruthy();
    const saved = calls.filter((c) => c.method !== "GET");
    expect(saved.map((c) => `${c.method} ${c.path}`)).toEqual(["PUT /api/users/1", "POST /api/coaches"]);
    expect(saved[1]!.body).toMatchObject({ title: "Defense Coach", zipcode: "21201", specializations: ["Defense"] });

    // Step 2 needs at least one rate.
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Incomplete Step")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Session Rates" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(screen.getByRole("heading", { name: "Personal Information" })).toBeTruthy();
    expect((screen.getByLabelText("Coaching title *") as HTMLInputElement).value).toBe("Defense Coach");
  });
});
