// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "@client/testing/fixtures";
import { mockApi, renderPage } from "@client/testing/render-page";
import { OnboardingWizard } from "./onboarding-wizard";

const player = makeUser({ userType: "player", email: "alex@example.com" });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Each test is a whole visit, typed key by key on a shared machine.
describe("the player set-up wizard", { timeout: 30_000 }, () => {
  it("stays on a step until its required fields are filled, with the spec's toast", async () => {
    mockApi({});
    const { user } = renderPage(<OnboardingWizard user={player} />);

    expect(screen.getByRole("heading", { name: "Player Information" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("Incomplete Information")).toBeTruthy();
    expect(screen.getByText("Please fill in all required fields before continuing.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Player Information" })).toBeTruthy();
  });

  it("checks the birthday's format, then moves forward and back between the steps", async () => {
    mockApi({});
    const { user } = renderPage(<OnboardingWizard user={player} />);

    await user.type(screen.getByLabelText("First name"), "Alex");
    await user.type(screen.getByLabelText("Last name"), "Smith");
    await user.type(screen.getByLabelText("Phone number"), "4105550100");
    await user.type(screen.getByLabelText("Birthday"), "0115");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Invalid Birthday")).toBeTruthy();

    await user.type(screen.getByLabelText("Birthday"), "2000");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("heading", { name: "Location Preferences" })).toBeTruthy();

    // A ZIP code of 5 digits is this step's rule.
    await user.type(screen.getByLabelText("ZIP code"), "1000");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Incomplete Information")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Location Preferences" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("heading", { name: "Player Information" })).toBeTruthy();
    // What was typed is still there.
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Alex");
  });
});
