// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCurrentUser } from "@client/lib/current-user";
import { makeUser } from "@client/testing/fixtures";
import { answer, mockApi, renderPage, type ApiCall } from "@client/testing/render-page";
import { FindCoachesPage } from "./find-coaches";

/** The page as the router shows it: once the signed-in user is known. */
function SignedInPage() {
  const { user, isLoading } = useCurrentUser();
  return user || !isLoading ? <FindCoachesPage /> : null;
}

const searches = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === "/api/coaches/search").map((c) => Object.fromEntries(new URLSearchParams(c.search)));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("Find a Coach before any search (issue 47)", { timeout: 30_000 }, () => {
  it("a family with a ZIP on its profile sees the coaches near it at once, the ZIP in the field and the search in the address", async () => {
    const family = makeUser({ userType: "player", position: "Attack", preferredLocation: "21201", maxTravelDistance: 25 });
    const calls = mockApi({ "GET /api/auth/user": () => family, "GET /api/coaches/search": () => [] });
    const { history } = renderPage(<SignedInPage />, { at: "/find-coaches" });

    await waitFor(() => expect(searches(calls)).toHaveLength(1), { timeout: 10_000 });
    expect(searches(calls)[0]).toMatchObject({ specialization: "Attack", zipcode: "21201", radius: "25" });
    expect(((await screen.findByLabelText("Zipcode")) as HTMLInputElement).value).toBe("21201");
    await waitFor(() => expect(history.at(-1)).toBe("/find-coaches?position=Attack&zipcode=21201&radius=25"));
  });

  it("without a ZIP on the profile, or for a visitor, the form waits for a search as before", async () => {
    const noZip = makeUser({ userType: "player", position: "Attack", preferredLocation: null });
    let calls = mockApi({ "GET /api/auth/user": () => noZip, "GET /api/coaches/search": () => [] });
    renderPage(<SignedInPage />, { at: "/find-coaches" });
    expect(await screen.findByRole("button", { name: "Search" }, { timeout: 10_000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(searches(calls)).toHaveLength(0);
    cleanup();

    calls = mockApi({ "GET /api/auth/user": () => answer(401, { message: "Unauthorized" }), "GET /api/coaches/search": () => [] });
    renderPage(<SignedInPage />, { at: "/find-coaches" });
    expect(await screen.findByRole("button", { name: "Search" }, { timeout: 10_000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(searches(calls)).toHaveLength(0);
  });
});
