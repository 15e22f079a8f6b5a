// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCurrentUser } from "@client/lib/current-user";
import { makeAthlete, makeUser } from "@client/testing/fixtures";
import { mockApi, renderPage, type ApiCall } from "@client/testing/render-page";
import { MatchCoachesPage } from "./match-coaches";

const parent = makeUser({ id: 5, userType: "player", firstName: "Dana", lastName: "Parker", maxTravelDistance: 40 });
const mia = makeAthlete({
  id: 1,
  firstName: "Mia",
  position: "Midfield",
  skillLevel: "intermediate",
  ageGroup: "futures",
  goals: ["Dodging"],
});
const leo = makeAthlete({ id: 2, firstName: "Leo", position: "Goalie", skillLevel: "advanced", ageGroup: "juniors", goals: [] });

function family(athletes = [mia, leo]) {
  return mockApi({
    "GET /api/auth/user": () => parent,
    "GET /api/athletes": () => athletes,
    "GET /api/coaches/recommendations": () => [],
    "GET /api/coaches/quick-matches": () => [],
  });
}

/** The page as the router shows it: once the signed-in user is known. */
function SignedInPage() {
  const { user } = useCurrentUser();
  return user ? <MatchCoachesPage /> : null;
}

/** The filters of every recommendations request, in order. */
const matchQueries = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === "/api/coaches/recommendations").map((c) => Object.fromEntries(new URLSearchParams(c.search)));

/** The page and its lazy parts load on a shared, busy machine: wait longer than Testing Library's 1 s. */
const SLOW = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("Match Coaches for a family", { timeout: 30_000 }, () => {
  it("a family of two chooses the athlete first (none by default), then matches on their position, level and goals", async () => {
    const calls = family();
    const { user } = renderPage(<SignedInPage />);

    const switcher = await screen.findByRole("group", { name: "Match for" }, SLOW);
    expect(await screen.findByText("Choose which athlete to match coaches for.", {}, SLOW)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mia Parker" }).getAttribute("aria-pressed")).not.toBe("true");
    expect(screen.getByRole("button", { name: "Leo Parker" }).getAttribute("aria-pressed")).not.toBe("true");
    expect(matchQueries(calls)).toHaveLength(0);

    await user.click(within(switcher).getByRole("button", { name: "Mia Parker" }));
    expect(screen.getByRole("button", { name: "Mia Parker" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(matchQueries(calls)).toHaveLength(1), SLOW);
    expect(matchQueries(calls)[0]).toEqual({
      position: "Midfield",
      ageGroup: "futures",
      skillLevel: "intermediate",
      specialties: "Dodging",
      maxDistance: "40",
    });
    expect(screen.getByTestId("match-basis").textContent).toBe("Based on Midfield · Intermediate · goals: Dodging.");

    await user.click(within(switcher).getByRole("button", { name: "Leo Parker" }));
    expect(screen.getByRole("button", { name: "Leo Parker" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(matchQueries(calls)).toHaveLength(2), SLOW);
    expect(matchQueries(calls)[1]).toEqual({ position: "Goalie", ageGroup: "juniors", skillLevel: "advanced", maxDistance: "40" });
    expect(screen.getByText(/fit Leo, with the reasons why/)).toBeTruthy();
    // The saved preferences of the account are not what a family's athlete is matched on.
    expect(calls.some((c) => c.path === "/api/coaches/quick-matches")).toBe(false);
  });

  it("never starts on the athlete the family matched for last time (DESIGN.md 12)", async () => {
    window.localStorage.setItem("match-athlete", "2");
    const calls = family();
    renderPage(<SignedInPage />);

    await screen.findByRole("group", { name: "Match for" }, SLOW);
    expect(screen.getByRole("button", { name: "Leo Parker" }).getAttribute("aria-pressed")).not.toBe("true");
    expect(matchQueries(calls)).toHaveLength(0);
  });

  it("'Verified coaches only' sends verified=true and is kept in the address (DESIGN 12)", async () => {
    const calls = family([mia]);
    const { user, history } = renderPage(<SignedInPage />, { at: "/match-coaches" });

    await waitFor(() => expect(matchQueries(calls)).toHaveLength(1), SLOW);
    expect(matchQueries(calls)[0]?.verified).toBeUndefined();
    await user.click(screen.getByRole("checkbox", { name: "Verified coaches only" }));
    await waitFor(() => expect(matchQueries(calls).at(-1)?.verified).toBe("true"), SLOW);
    expect(history.at(-1)).toBe("/match-coaches?verified=true");
  });

  it("opens with the filter on when the address asks for it", async () => {
    const calls = family([mia]);
    renderPage(<SignedInPage />, { at: "/match-coaches?verified=true" });

    await waitFor(() => expect(matchQueries(calls)[0]?.verified).toBe("true"), SLOW);
    expect((screen.getByRole("checkbox", { name: "Verified coaches only" }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows no switcher with one athlete, and says whom it matches for", async () => {
    const calls = family([mia]);
    renderPage(<SignedInPage />);

    expect(await screen.findByText("Matching for Mia", {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Match for" })).toBeNull();
    await waitFor(() => expect(matchQueries(calls)[0]?.position).toBe("Midfield"), SLOW);
  });
});
