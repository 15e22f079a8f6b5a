import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary, isStaleChunkError, reloadOnceForStaleChunk, reloadOnStaleChunk } from "./error-boundary";

function memoryStorage() {
  const items = new Map<string, string>();
  const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  return () => storage;
}

const staleChunk = () => new TypeError("Failed to fetch dynamically imported module: https://x/assets/book-coach-1a2b.js");
/** Whether a promise settled within a few turns of the event loop. */
async function settles(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  return settled;
}

describe("stale chunks after a deploy", () => {
  it("recognises each browser's wording of a page chunk that can no longer be fetched", () => {
    expect(isStaleChunkError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(true);
    expect(isStaleChunkError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isStaleChunkError(new Error("error loading dynamically imported module"))).toBe(true);
    expect(isStaleChunkError(new Error("Cannot read properties of undefined (reading 'map')"))).toBe(false);
  });

  it("reloads once, and shows the error instead of reloading again within a minute", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForStaleChunk(storage, reload, 1_000_000)).toBe(true);
    expect(reloadOnceForStaleChunk(storage, reload, 1_030_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deploy reloads again.
    expect(reloadOnceForStaleChunk(storage, reload, 1_100_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload where the browser keeps no session storage: nothing would stop a loop", () => {
    const reload = vi.fn();
    const blocked = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    expect(reloadOnceForStaleChunk(blocked, reload, 1_000_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("a lazy page whose chunk is gone reloads once and keeps loading instead of failing", async () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    const load = reloadOnStaleChunk(
      () => Promise.reject(staleChunk()),
      () => reloadOnceForStaleChunk(storage, reload, 1_000_000),
    );
    expect(await settles(load())).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a lazy page whose chunk is still gone after the reload fails, so the error boundary shows", async () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    const load = reloadOnStaleChunk(
      () => Promise.reject(staleChunk()),
      () => reloadOnceForStaleChunk(storage, reload, 1_000_000),
    );
    void load();
    await expect(load()).rejects.toThrow("Failed to fetch dynamically imported module");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a lazy page that loads, or fails for another reason, is left alone", async () => {
    const reload = vi.fn(() => true);
    expect(await reloadOnStaleChunk(() => Promise.resolve("page"), reload)()).toBe("page");
    await expect(reloadOnStaleChunk(() => Promise.reject(new Error("boom")), reload)()).rejects.toThrow("boom");
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("ErrorBoundary", () => {
  it("shows its children while nothing fails", () => {
    expect(renderToStaticMarkup(<ErrorBoundary scope="page">fine</ErrorBoundary>)).toBe("fine");
  });

  it("offers a way out instead of a blank screen when a page fails to render", () => {
    const boundary = new ErrorBoundary({ scope: "page", children: null });
    boundary.state = ErrorBoundary.getDerivedStateFromError(new Error("boom"));
    const html = renderToStaticMarkup(<>{boundary.render()}</>);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Try again");
    expect(html).toContain("Reload page");
    expect(html).toContain("Go to home");
  });

  it("says a new version is available when the page's code is gone after a deploy", () => {
    const boundary = new ErrorBoundary({ scope: "app", children: null });
    boundary.state = ErrorBoundary.getDerivedStateFromError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"));
    const html = renderToStaticMarkup(<>{boundary.render()}</>);
    expect(html).toContain("A new version is available");
    expect(html).not.toContain("Try again");
  });
});
