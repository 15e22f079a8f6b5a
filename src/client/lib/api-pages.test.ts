// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { answer, mockApi } from "@client/testing/render-page";
import { ApiError } from "./api-client";
import { apiGetAllPages } from "./api-pages";

afterEach(() => vi.unstubAllGlobals());

/** A page of the list, naming the next page's cursor like the server (decision 012). */
const page = (ids: number[], next?: string) =>
  new Response(JSON.stringify(ids.map((id) => ({ id }))), {
    status: 200,
    headers: { "Content-Type": "application/json", ...(next ? { "X-Next-Cursor": next } : {}) },
  });

describe("apiGetAllPages", () => {
  it("reads the first page as before, then each page X-Next-Cursor names, until one names none", async () => {
    const calls = mockApi({
      "GET /api/time-slots/7": ({ search }) => {
        const cursor = new URLSearchParams(search).get("cursor");
        if (cursor === null) return page([1, 2], "2");
        if (cursor === "2") return page([3, 4], "4");
        return page([5]);
      },
    });
    expect(await apiGetAllPages<{ id: number }>("/api/time-slots/7?includeBookingCounts=true")).toEqual(
      [1, 2, 3, 4, 5].map((id) => ({ id })),
    );
    expect(calls.map((c) => c.search)).toEqual([
      "?includeBookingCounts=true",
      "?includeBookingCounts=true&cursor=2",
      "?includeBookingCounts=true&cursor=4",
    ]);
  });

  it("asks once when the list fits one page, and fails like any request when a page fails", async () => {
    const calls = mockApi({ "GET /api/bookings/student": () => page([9]) });
    expect(await apiGetAllPages("/api/bookings/student")).toEqual([{ id: 9 }]);
    expect(calls).toHaveLength(1);

    mockApi({
      "GET /api/bookings/coach": ({ search }) =>
        search ? answer(400, { message: "cursor must be the X-Next-Cursor of the previous page of this list" }) : page([1], "1"),
    });
    await expect(apiGetAllPages("/api/bookings/coach")).rejects.toEqual(
      new ApiError(400, "cursor must be the X-Next-Cursor of the previous page of this list"),
    );
  });
});
