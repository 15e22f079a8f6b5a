// @vitest-environment jsdom
import { cleanup, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

window.scrollTo = () => {};

// The pages' code never arrives: whatever the app asks the API for, it asks beside the page's chunk.
vi.mock("./routes/coach-profile", () => new Promise(() => {}));
vi.mock("./routes/find-coaches", () => new Promise(() => {}));

const player = {
  id: 3,
  email: "pat@example.com",
  userType: "player",
  firstName: "Pat",
  lastName: "Player",
  phoneNumber: "+14105550100",
  position: "Midfield",
  emailVerified: true,
};

/** The app opened at an address, as the server sends it: the signed-in user written into the page. */
async function openAppAt(path: string, user: object | null) {
  const script = document.createElement("script");
  script.id = "page-user";
  script.type = "application/json";
  script.textContent = JSON.stringify(user);
  document.body.append(script);
  // A fresh router for each visit: it asks for the first page's data once per page load.
  vi.resetModules();
  const [{ mockApi, renderPage }, { AppRouter }] = await Promise.all([import("@client/testing/render-page"), import("./router")]);
  const calls = mockApi({
    "GET /api/coaches/7/profile": () => ({}),
    "GET /api/coaches/search": () => [],
  });
  renderPage(<AppRouter />, { at: path });
  return calls;
}

describe("the first page's data, asked for while its code loads", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("asks for the coach profile a signed-in player opened", async () => {
    const calls = await openAppAt("/coach/7", player);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/coaches/7/profile"));
  });

  it("asks for the search find coaches opens with, as the page sends it", async () => {
    const calls = await openAppAt("/find-coaches?position=Midfield&zipcode=21201&radius=50", player);
    await waitFor(() => expect(calls.find((c) => c.path === "/api/coaches/search")).toBeDefined(), { timeout: 5000 });
    const search = new URLSearchParams(calls.find((c) => c.path === "/api/coaches/search")!.search);
    expect(Object.fromEntries(search)).toEqual({ specialization: "Midfield", zipcode: "21201", radius: "50", includeUnavailable: "false" });
  });

  it("asks for a profile a visitor opened: visitors may look before signing in (DESIGN 11)", async () => {
    const calls = await openAppAt("/coach/7", null);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/coaches/7/profile"));
  });

  it("asks for nothing the page would not: a search it would refuse, a player still in setup", async () => {
    const refused = await openAppAt("/find-coaches?position=Midfield&zipcode=212", player);
    cleanup();
    const inSetup = await openAppAt("/coach/7", { ...player, phoneNumber: null });
    // Long enough for a prefetch's chunk and request to have gone out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...refused, ...inSetup].map((c) => c.path)).not.toContain("/api/coaches/search");
    expect([...refused, ...inSetup].map((c) => c.path)).not.toContain("/api/coaches/7/profile");
  });
});
