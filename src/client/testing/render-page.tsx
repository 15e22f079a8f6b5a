import { configure, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, type ReactNode } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "../app/providers";
import { seedCurrentUser } from "../lib/current-user";
import { createQueryClient } from "../lib/query-client";

/** The query client as main.tsx makes it: with the signed-in user the page carries, when it carries one. */
function appQueryClient() {
  const client = createQueryClient();
  seedCurrentUser(client);
  return client;
}

// A page and its lazy parts load on a shared, busy machine (CI runs two suites on two cores): a
// `findBy` waits 5 s for them rather than Testing Library's 1 s, which a lazy step missed there.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: Radix's checkbox measures itself and its select captures the pointer.
if (typeof window !== "undefined") {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}

/** A request the page sent, as the server would read it. */
export type ApiCall = { method: string; path: string; search: string; body: unknown };

type Handler = (call: ApiCall) => unknown;

/** An answer with a status other than 200 (the body is JSON). */
export const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * Replaces `fetch` with a local API: "METHOD /path" -> handler. A handler returns the JSON body (200)
 * or a Response; anything not listed answers 404. Returns the calls, in order, for the test to read.
 */
export function mockApi(routes: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const method = (init?.method ?? "GET").toUpperCase();
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method, path: url.pathname, search: url.search, body };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      if (!handler) return answer(404, { message: "Not found" });
      const result = await handler(call);
      return result instanceof Response ? result : answer(200, result);
    }),
  );
  return calls;
}

/** The page as the app renders it (StrictMode, the query client, the toaster), at a browser address. */
export function renderPage(ui: ReactNode, { at = "/" }: { at?: string } = {}) {
  const location = memoryLocation({ path: at, record: true });
  // No pause between keystrokes: the tests read what the page shows, not how fast it was typed.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <StrictMode>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AppProviders queryClient={appQueryClient()}>{ui}</AppProviders>
      </Router>
    </StrictMode>,
  );
  return { ...view, user, history: location.history };
}
