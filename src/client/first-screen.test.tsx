// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, describe, expect, it } from "vitest";
import { AppShell } from "./app/app-shell";
import { PageSkeleton } from "./components/ui/page-skeleton";
import { renderFirstScreen } from "./first-screen";
import { showApp } from "./lib/first-screen";
import { sharedKeys } from "./lib/query-keys";
import { makeUser } from "./testing/fixtures";

const player = makeUser({ userType: "player", email: "pat@example.com", firstName: "Pat", emailVerified: false });
const coach = makeUser({ userType: "coach", firstName: "Morgan" });

/** The server's first screen as a browser would parse it. */
function parse(html: string): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = html;
  return container;
}
const texts = (root: HTMLElement, selector: string) => [...root.querySelectorAll(selector)].map((el) => el.textContent);

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});

describe("the first screen the server paints for a signed-in user", () => {
  it("is the shell of the user's role around the page's skeleton: the navigation with the page marked, the greeting, the e-mail notice", () => {
    const screen = parse(renderFirstScreen(player, "/my-bookings", { layout: "shell", module: "my-bookings" }));
    expect(texts(screen, 'nav[aria-label="Main"] a')).toEqual([
      "Home",
      "Find Training",
      "My Bookings",
      "My Requests",
      "Messages",
      "My Family",
    ]);
    expect(texts(screen, '[aria-current="page"]')).toEqual(["My Bookings"]);
    // DESIGN 12: the profile and "Sign Out" are in the account menu, a button with the user's name.
    expect(texts(screen, 'button[aria-controls="account-menu"]')).toEqual(["PPat, account menu"]);
    expect(texts(screen, "#account-menu a")).toEqual(["My Profile", "Add an athlete", "My Schedule", "Notifications"]);
    expect(screen.textContent).toContain("Verify your e-mail. Follow the link we sent to pat@example.com to confirm it is yours.");
    expect(screen.querySelector('main#main [data-testid="page-skeleton"]')).not.toBeNull();
    expect(screen.querySelector("footer")).not.toBeNull();
  });

  it("shows a coach what a coach works with, and no notice once the address is verified", () => {
    const screen = parse(renderFirstScreen(coach, "/manage-slots", { layout: "shell", module: "manage-slots" }));
    expect(texts(screen, 'nav[aria-label="Main"] a')).toEqual(["Dashboard", "Bookings", "Time Slots", "Messages"]);
    expect(texts(screen, '[aria-current="page"]')).toEqual(["Time Slots"]);
    expect(screen.textContent).not.toContain("Verify your e-mail");
    // DESIGN 12: a coach's account menu holds the profile, the schedule kept for the field and the notification settings.
    expect(texts(screen, 'button[aria-controls="account-menu"]')).toEqual(["MMorgan, account menu"]);
    expect(texts(screen, "#account-menu a")).toEqual(["Profile", "My Schedule", "Notifications"]);
  });

  it("is a setup wizard's own frame, without the shell: its heading and lead above the step's skeleton", () => {
    const screen = parse(renderFirstScreen(coach, "/coach-onboarding", { layout: "bare", module: "coach-onboarding" }));
    expect(screen.querySelector('[role="banner"], body > header, nav')).toBeNull();
    expect(texts(screen, "main#main h1")).toEqual(["Coach Setup"]);
    expect(screen.textContent).toContain("A few short steps and players can find and book you.");
    expect(screen.querySelector('main#main [data-testid="page-skeleton"]')).not.toBeNull();
  });

  it("paints the payment account page's heading and lead, its largest text, inside the shell", () => {
    const screen = parse(renderFirstScreen(coach, "/coach/stripe-connect", { layout: "shell", module: "stripe-connect" }));
    expect(texts(screen, '[aria-current="page"]')).toEqual([]);
    expect(texts(screen, "main#main h1")).toEqual(["Payment Setup"]);
    expect(screen.querySelector("main#main header p")?.textContent).toBe(
      "Students pay when they book. Your session rate and tips are sent to your payout account after you submit feedback for a session.",
    );
    expect(screen.querySelector('main#main [data-testid="page-skeleton"]')).not.toBeNull();
  });

  it("paints at / the shell with the general skeleton, which the app shows there first whoever the user is", () => {
    const inSetup = parse(renderFirstScreen({ ...player, phoneNumber: null }, "/", { layout: "shell", module: null }));
    expect(inSetup.querySelector("main#main h1")).toBeNull();
    expect(inSetup.querySelector('main#main [data-testid="page-skeleton"]')).not.toBeNull();
  });

  it("is exactly what the app draws first in its place, so nothing moves when the app takes over", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sharedKeys.currentUser, player);
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation({ path: "/my-bookings" }).hook}>
          <AppShell>
            <PageSkeleton />
          </AppShell>
        </Router>
      </QueryClientProvider>,
    );
    expect(container.innerHTML).toBe(renderFirstScreen(player, "/my-bookings", { layout: "shell", module: "my-bookings" }));
  });
});

describe("the app taking the first screen's place", () => {
  it("removes the server's copy and shows the app's root, in one step", () => {
    document.body.innerHTML = '<div id="first-screen" inert><p>drawn</p></div><div id="root" hidden><p>app</p></div>';
    showApp();
    expect(document.getElementById("first-screen")).toBeNull();
    expect(document.getElementById("root")?.hidden).toBe(false);
  });

  it("leaves a page without a first screen as it is", () => {
    document.body.innerHTML = '<div id="root"><p>app</p></div>';
    showApp();
    expect(document.body.innerHTML).toBe('<div id="root"><p>app</p></div>');
  });
});
