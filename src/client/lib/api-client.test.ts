// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiGetWithHeaders, apiRequest } from "./api-client";

afterEach(() => vi.unstubAllGlobals());

const ok = () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "Content-Type": "application/json" } });

describe("when a request is sent", () => {
  it("sends a read on the main thread's next turn, not in the task that asked for it", async () => {
    const fetch = vi.fn(async (_url: string) => ok());
    vi.stubGlobal("fetch", fetch);
    const read = apiGet("/api/bookings/student");
    const page = apiGetWithHeaders("/api/search?zipcode=21201");
    expect(fetch).not.toHaveBeenCalled();
    expect(await read).toEqual({ ok: true });
    expect((await page).data).toEqual({ ok: true });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/bookings/student", "/api/search?zipcode=21201"]);
  });

  it("sends a change at once, in the task that asked for it", async () => {
    const fetch = vi.fn(async (_url: string) => ok());
    vi.stubGlobal("fetch", fetch);
    const change = apiRequest("POST", "/api/bookings", { timeSlotId: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await change).toEqual({ ok: true });
  });
});
