import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary, isStaleChunkError, reloadOnceForStaleChunk } from "./error-boundary";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
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
