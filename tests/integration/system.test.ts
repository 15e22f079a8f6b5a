import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, useTestApp } from "@tests/support/test-app";

const t = useTestApp();

describe("system", () => {
  it("answers health checks", async () => {
    const res = await t.agent().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers an unknown API path with 404 and a message", async () => {
    const res = await t.agent().get("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No route/);
  });

  it("answers malformed JSON with 400, never 500", async () => {
    const res = await t.agent().post("/api/test/clock").set("Content-Type", "application/json").send("{bad json");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Request body is not valid JSON");
  });

  it("moves the test clock forward and reports it", async () => {
    const before = await t.agent().get("/api/test/clock");
    const moved = await t.agent().post("/api/test/clock").send({ advanceMinutes: 90 });
    expect(moved.status).toBe(200);
    const delta = Date.parse(moved.body.now) - Date.parse(before.body.now);
    expect(delta).toBeGreaterThanOrEqual(90 * 60_000);
    expect(delta).toBeLessThan(91 * 60_000);
  });

  it("answers a signed-out call with exactly 401 {message: Unauthorized}", async () => {
    const res = await t.agent().get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
  });

  it("refuses a negative clock move with a clear message", async () => {
    const res = await t.agent().post("/api/test/clock").send({ advanceMinutes: -5 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("advanceMinutes must not be negative");
  });
});

describe("test clock when disabled", () => {
  // Started in a hook: a second app's start-up (a database and its migrations) gets the hook's time on a busy machine.
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp({ ENABLE_TEST_CLOCK: "false" });
  });
  afterAll(async () => {
    await other.close();
  });

  it("does not exist", async () => {
    const res = await other.agent().post("/api/test/clock").send({ advanceMinutes: 5 });
    expect(res.status).toBe(404);
  });
});
