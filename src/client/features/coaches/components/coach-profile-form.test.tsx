// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "@client/testing/fixtures";
import { mockApi, renderPage } from "@client/testing/render-page";
import { CoachProfileForm } from "./coach-profile-form";

const user = makeUser({ firstName: "Casey", lastName: "Coach", phoneNumber: "4105550100" });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Each test is a whole visit, typed key by key on a shared machine.
describe("the coach profile form", { timeout: 30_000 }, () => {
  it("names the missing contact fields first, in the spec's toast, and sends nothing", async () => {
    const calls = mockApi({});
    const { user: person } = renderPage(<CoachProfileForm user={user} coach={null} />);

    await person.clear(screen.getByLabelText("First name"));
    await person.click(screen.getByRole("button", { name: "Save Profile" }));

    expect(await screen.findByText("Missing Contact Information")).toBeTruthy();
    expect(screen.getByText("Please fill in all required contact fields")).toBeTruthy();
    expect(screen.getByText("Required")).toBeTruthy();
    expect(screen.getByLabelText("First name").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("then asks for the profile, then for a positive rate", async () => {
    mockApi({ "GET /api/geo/zip/21201": () => ({ zipcode: "21201", city: "Baltimore", state: "MD", timeZone: "America/New_York" }) });
    const { user: person } = renderPage(<CoachProfileForm user={user} coach={null} />);
    const save = screen.getByRole("button", { name: "Save Profile" });

    await person.click(save);
    expect(await screen.findByText("Missing Profile Information")).toBeTruthy();
    expect(screen.getByText("Please fill in your title, bio and zipcode")).toBeTruthy();

    await person.click(screen.getByLabelText("Title"));
    await person.paste("Defense Coach");
    await person.click(screen.getByLabelText("Bio"));
    await person.paste("Ten years on the field.");
    await person.type(screen.getByLabelText("Zipcode"), "21201");
    await person.type(screen.getByLabelText("Individual 60 min ($)"), "0");
    await person.click(save);
    expect(await screen.findByText("Invalid Rate")).toBeTruthy();
    expect(screen.getAllByText("Rate must be a positive amount").length).toBeGreaterThan(0);
  });

  it("saves the contact details, then the profile with only the filled rates", async () => {
    const calls = mockApi({
      "GET /api/geo/zip/21201": () => ({ zipcode: "21201", city: "Baltimore", state: "MD", timeZone: "America/New_York" }),
      "PUT /api/users/1": () => user,
      "POST /api/coaches": ({ body }) => ({ id: 5, userId: 1, rates: [], ...(body as object) }),
    });
    const { user: person } = renderPage(<CoachProfileForm user={user} coach={null} />);

    await person.click(screen.getByLabelText("Title"));
    await person.paste("Defense Coach");
    await person.click(screen.getByLabelText("Bio"));
    await person.paste("Ten years on the field.");
    await person.type(screen.getByLabelText("Zipcode"), "21201");
    expect(await screen.findByDisplayValue("Baltimore, MD")).toBeTruthy();
    await person.click(screen.getByRole("button", { name: "Defense" }));
    await person.type(screen.getByLabelText("Individual 60 min ($)"), "85");
    await person.click(screen.getByRole("button", { name: "Save Profile" }));

    expect(await screen.findByText("Profile Updated!")).toBeTruthy();
    const sent = calls.filter((c) => c.method !== "GET");
    expect(sent.map((c) => `${c.method} ${c.path}`)).toEqual(["PUT /api/users/1", "POST /api/coaches"]);
    expect(sent[0]!.body).toEqual({
      firstName: "Casey",
      lastName: "Coach",
      email: "casey@example.com",
      phoneNumber: "4105550100",
      smsOptIn: false,
    });
    expect(sent[1]!.body).toMatchObject({
      title: "Defense Coach",
      bio: "Ten years on the field.",
      zipcode: "21201",
      location: "Baltimore, MD",
      specializations: ["Defense"],
      rates: [{ sessionType: "individual", duration: 60, rate: "85" }],
      allowSessionRequests: true,
    });
  });
});
