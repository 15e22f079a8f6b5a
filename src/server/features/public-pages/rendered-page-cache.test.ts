import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppDeps } from "@server/deps";
import { handDrivenEventBus } from "@server/realtime/hand-driven-event-bus";
import { createRenderedPageCache, type PageSources } from "./rendered-page-cache";

/** A cache on a hand-driven event bus; each drawing's html says which drawing made it. */
function setUp(options: { ttlMs?: number; maxBytes?: number } = {}) {
  const { events, listen, emit, reconnect } = handDrivenEventBus();
  const cache = createRenderedPageCache({ events, logger: { error: vi.fn() } as unknown as AppDeps["logger"], ...options });
  let drawings = 0;
  const ask = (key: string, sources: PageSources, during?: () => void) =>
    cache
      .page(key, async () => {
        const n = ++drawings;
        during?.();
        return { page: { status: 200, html: `<p>${n}</p>`, pageState: "{}", sources }, sources };
      })
      .then((page) => page.html);
  const start = async () => {
    listen();
    await cache.listening;
  };
  return { cache, ask, emit, start, reconnect };
}

const coach = (...coachIds: number[]): PageSources => ({ coachIds, anyCoach: false });
const anyCoach: PageSources = { coachIds: [], anyCoach: true };

describe("public pages kept as drawn (decision 016)", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps nothing until the process hears the calendar events", async () => {
    const { ask } = setUp();
    expect(await ask("/coach/1?", coach(1))).toBe("<p>1</p>");
    expect(await ask("/coach/1?", coach(1))).toBe("<p>2</p>");
  });

  it("never keeps a page that reads what no event announces (the admins' content)", async () => {
    const { ask, start } = setUp();
    await start();
    expect(await ask("/landing?", null)).toBe("<p>1</p>");
    expect(await ask("/landing?", null)).toBe("<p>2</p>");
  });

  it("answers a kept page again, by address, until a change of its coach drops it", async () => {
    const { ask, emit, start } = setUp();
    await start();
    expect(await ask("/coach/1?", coach(1))).toBe("<p>1</p>");
    expect(await ask("/coach/2?", coach(2))).toBe("<p>2</p>");
    expect(await ask("/coach/1?", coach(1))).toBe("<p>1</p>");
    emit({ type: "coach_updated", coachId: 1 });
    expect(await ask("/coach/1?", coach(1))).toBe("<p>3</p>");
    // Another coach's page stays.
    expect(await ask("/coach/2?", coach(2))).toBe("<p>2</p>");
  });

  it("drops a search's page on any coach's change", async () => {
    const { ask, emit, start } = setUp();
    await start();
    expect(await ask("/find-coaches?zipcode=21201", anyCoach)).toBe("<p>1</p>");
    emit({ type: "availability_updated", coachId: 99 });
    expect(await ask("/find-coaches?zipcode=21201", anyCoach)).toBe("<p>2</p>");
  });

  it("keeps a page no longer than its time, so what changes with time alone shows within a minute", async () => {
    const { ask, start } = setUp({ ttlMs: 30_000 });
    await start();
    vi.useFakeTimers({ toFake: ["performance"] });
    expect(await ask("/landing?", anyCoach)).toBe("<p>1</p>");
    vi.advanceTimersByTime(29_000);
    expect(await ask("/landing?", anyCoach)).toBe("<p>1</p>");
    vi.advanceTimersByTime(2_000);
    expect(await ask("/landing?", anyCoach)).toBe("<p>2</p>");
  });

  it("does not keep a drawing during which its coach changed, nor after a lost connection", async () => {
    const { ask, emit, start, reconnect } = setUp();
    await start();
    expect(await ask("/coach/1?", coach(1), () => emit({ type: "coach_updated", coachId: 1 }))).toBe("<p>1</p>");
    expect(await ask("/coach/1?", coach(1))).toBe("<p>2</p>");
    expect(await ask("/coach/1?", coach(1))).toBe("<p>2</p>");
    reconnect();
    expect(await ask("/coach/1?", coach(1))).toBe("<p>3</p>");
  });

  it("draws a page once for the requests that ask for it at the same time", async () => {
    const { ask, start } = setUp();
    await start();
    expect(await Promise.all([ask("/coach/1?", coach(1)), ask("/coach/1?", coach(1))])).toEqual(["<p>1</p>", "<p>1</p>"]);
  });

  it("drops the least recently visited pages beyond its bound in bytes", async () => {
    const { cache, ask, start } = setUp({ maxBytes: 40 });
    await start();
    await ask("/coach/1?", coach(1));
    await ask("/coach/2?", coach(2));
    await ask("/coach/3?", coach(3));
    expect(cache.size()).toBe(2);
    expect(await ask("/coach/1?", coach(1))).toBe("<p>4</p>");
  });

  it("keeps a page visited again over one drawn before it and not visited since", async () => {
    const { ask, start } = setUp({ maxBytes: 40 });
    await start();
    await ask("/coach/1?", coach(1));
    await ask("/coach/2?", coach(2));
    expect(await ask("/coach/1?", coach(1))).toBe("<p>1</p>");
    await ask("/coach/3?", coach(3));
    expect(await ask("/coach/1?", coach(1))).toBe("<p>1</p>");
    expect(await ask("/coach/2?", coach(2))).toBe("<p>4</p>");
  });
});
