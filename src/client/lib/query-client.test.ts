// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, getActiveToast } from "../components/ui/toast";
import { ApiError } from "./api-client";
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from "./handle-unauthorized";
import { createQueryClient } from "./query-client";

/** player-side 8 in one place: every 401 of a query or mutation, unless the call owns its 401. */
describe("the query client's 401 handling", () => {
  let assigned: string[];

  beforeEach(() => {
    assigned = [];
    vi.useFakeTimers();
    vi.stubGlobal("location", {
      set href(url: string) {
        assigned.push(url);
      },
    });
    dismissToast();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const settle = async () => {
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_DELAY_MS);
  };

  it("says the user is logged out and sends a query's 401 to /api/login after 0.5 s", async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ["x"], queryFn: () => Promise.reject(new ApiError(401, "Unauthorized")) }).catch(() => undefined);
    await settle();
    expect(getActiveToast()).toMatchObject({ title: "Unauthorized", description: "You are logged out. Logging in again..." });
    expect(assigned).toEqual(["/api/login"]);
  });

  it("handles a mutation's 401 too, and sends it where the mutation's meta says", async () => {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(401, "Unauthorized")),
      meta: { loginUrl: "/login" },
    });
    await mutation.execute(undefined).catch(() => undefined);
    await settle();
    expect(assigned).toEqual(["/login"]);
  });

  it("leaves alone a 401 that is the call's own answer, and any other error", async () => {
    const client = createQueryClient();
    const signIn = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(401, "Invalid email or password")),
      meta: { unauthorizedIsAnswer: true },
    });
    await signIn.execute(undefined).catch(() => undefined);
    await client.fetchQuery({ queryKey: ["y"], queryFn: () => Promise.reject(new ApiError(403, "Access denied")) }).catch(() => undefined);
    await settle();
    expect(getActiveToast()?.open ?? false).toBe(false);
    expect(assigned).toEqual([]);
  });
});
