// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { Component, Suspense, type ComponentType, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isStaleChunkError, lazyWithReload, reloadOnceForStaleChunk, reloadOnStaleChunk } from "./lazy-with-reload";

afterEach(cleanup);

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

/** Shows the message of what its children threw, as the app's error boundary would show a page's failure. */
class ShowError extends Component<{ children: ReactNode }, { message?: string }> {
  override state: { message?: string } = {};
  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.message === undefined ? this.props.children : <p role="alert">{this.state.message}</p>;
  }
}

function drawn(Lazy: ComponentType) {
  return render(
    <ShowError>
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy />
      </Suspense>
    </ShowError>,
  );
}

describe("lazyWithReload, the one lazy() of the client", () => {
  it("draws the loaded component", async () => {
    const Section = lazyWithReload(() => Promise.resolve({ default: () => <p>The section</p> }));
    drawn(Section);
    expect(await screen.findByText("The section")).toBeTruthy();
  });

  it("a part whose chunk is gone after a deploy reloads the page once and keeps its loading state", async () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    const Section = lazyWithReload(
      () => Promise.reject(staleChunk()),
      () => reloadOnceForStaleChunk(storage, reload, 1_000_000),
    );
    drawn(Section);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Loading…")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("any other failure reaches the error boundary, without a reload", async () => {
    const reload = vi.fn(() => true);
    const Section = lazyWithReload(() => Promise.reject(new Error("boom")), reload);
    vi.spyOn(console, "error").mockImplementation(() => {});
    drawn(Section);
    expect((await screen.findByRole("alert")).textContent).toBe("boom");
    expect(reload).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
