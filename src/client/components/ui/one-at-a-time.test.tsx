// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { lazy } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OneAtATime } from "./one-at-a-time";

/** Runs the next frame's callbacks and the timers they set: one step of OneAtATime. */
async function nextFrame() {
  await act(async () => {
    await vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(1);
  });
}

const shownSections = () => screen.queryAllByRole("region").map((region) => region.getAttribute("aria-label"));

function Section({ name }: { name: string }) {
  return <section aria-label={name}>{name}</section>;
}

describe("OneAtATime", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("draws its children in order, one more after each frame, and keeps each once drawn", async () => {
    render(
      <OneAtATime>
        <Section name="Business" />
        <Section name="Packages" />
        <Section name="Reviews" />
      </OneAtATime>,
    );
    expect(shownSections()).toEqual([]);
    await nextFrame();
    expect(shownSections()).toEqual(["Business"]);
    await nextFrame();
    expect(shownSections()).toEqual(["Business", "Packages"]);
    await nextFrame();
    expect(shownSections()).toEqual(["Business", "Packages", "Reviews"]);
  });

  it("does not let a child whose code is still loading hold back the ones after it", async () => {
    let load: (module: { default: typeof Section }) => void = () => {};
    const Slow = lazy(() => new Promise<{ default: typeof Section }>((resolve) => (load = resolve)));
    render(
      <OneAtATime>
        <Slow name="Charts" />
        <Section name="Credits" />
      </OneAtATime>,
    );
    await nextFrame();
    await nextFrame();
    expect(shownSections()).toEqual(["Credits"]);
    await act(async () => load({ default: Section }));
    expect(shownSections()).toEqual(["Charts", "Credits"]);
  });

  it("goes on without frames while the tab is hidden (a hidden tab draws none)", async () => {
    const hidden = vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    try {
      render(
        <OneAtATime>
          <Section name="Business" />
          <Section name="Packages" />
        </OneAtATime>,
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(shownSections()).toEqual(["Business", "Packages"]);
    } finally {
      hidden.mockRestore();
    }
  });
});
