// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Switch } from "wouter";
import type { AthleteProgress } from "@contract/progress";
import { makeAthlete, makeBooking, makeUser } from "@client/testing/fixtures";
import { mockApi, renderPage } from "@client/testing/render-page";
import { AthletePage } from "./athlete";
import { AthleteProgressPage } from "./athlete-progress";

const mia = makeAthlete({ id: 1, firstName: "Mia" });
const leo = makeAthlete({ id: 2, firstName: "Leo", position: "Goalie", age: 14 });

const progressOf = (athlete: typeof mia): AthleteProgress => ({
  athlete: { id: athlete.id, firstName: athlete.firstName, lastName: athlete.lastName, position: athlete.position },
  skills: [],
  feedback: [],
});

function api(userType: "player" | "coach") {
  return mockApi({
    "GET /api/auth/user": () => makeUser({ id: 5, userType }),
    "GET /api/athletes": () => (userType === "player" ? [mia, leo] : new Response("{}", { status: 403 })),
    "GET /api/athletes/1/sessions": () => [{ ...makeBooking({ id: 12, status: "confirmed" }), feedback: null }],
    "GET /api/athletes/2/sessions": () => [],
    "GET /api/athletes/1/progress": () => progressOf(mia),
    "GET /api/athletes/2/progress": () => progressOf(leo),
  });
}

const pages = (at: string) =>
  renderPage(
    <Switch>
      <Route path="/athletes/:id/progress" component={AthleteProgressPage} />
      <Route path="/athletes/:id" component={AthletePage} />
    </Switch>,
    { at },
  );

/** The page and its lazy parts load on a shared, busy machine: wait longer than Testing Library's 1 s. */
const SLOW = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("moving between a family's athletes", { timeout: 30_000 }, () => {
  it("the athlete page links to each other athlete of the family, and the switch shows that athlete", async () => {
    api("player");
    const { user } = pages("/athletes/1");

    expect(await screen.findByRole("heading", { name: "Mia Parker" }, SLOW)).toBeTruthy();
    const nav = await screen.findByRole("navigation", { name: "Switch athlete" }, SLOW);
    expect(within(nav).getByRole("link", { name: "Mia Parker" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Leo Parker" }).getAttribute("href")).toBe("/athletes/2");
    // One word per state (issue 29), not the API's status.
    expect(await screen.findByText("Confirmed")).toBeTruthy();

    await user.click(within(nav).getByRole("link", { name: "Leo Parker" }));
    expect(await screen.findByRole("heading", { name: "Leo Parker" }, SLOW)).toBeTruthy();
    expect(await screen.findByText("No sessions yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See progress" }).getAttribute("href")).toBe("/athletes/2/progress");
  });

  it("the progress page switches to another athlete's progress", async () => {
    api("player");
    const { user } = pages("/athletes/1/progress");

    expect(await screen.findByRole("heading", { name: "Mia Parker's Progress" }, SLOW)).toBeTruthy();
    const nav = await screen.findByRole("navigation", { name: "Switch athlete" }, SLOW);
    await user.click(within(nav).getByRole("link", { name: "Leo Parker" }));
    expect(await screen.findByRole("heading", { name: "Leo Parker's Progress" }, SLOW)).toBeTruthy();
  });

  it("a coach reading an athlete's progress gets no family switcher", async () => {
    const calls = api("coach");
    pages("/athletes/1/progress");

    expect(await screen.findByRole("heading", { name: "Mia Parker's Progress" }, SLOW)).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Switch athlete" })).toBeNull();
    expect(calls.some((c) => c.path === "/api/athletes")).toBe(false);
  });
});
