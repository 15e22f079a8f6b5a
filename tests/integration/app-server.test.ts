import { Agent, get, type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * The app's HTTP server (http/app-server.ts) makes requests and responses with Express's
 * prototypes from the start, so Express never changes an object's prototype (which kept every
 * request's objects alive through V8's young-generation collections). What a client sees is the
 * same as with Node's own classes.
 */
let t: TestApp;
let baseUrl: string;
const prototypes: { request: boolean; response: boolean }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.listen();
});
afterAll(() => t.close());

describe("the app's HTTP server", () => {
  it("hands Express requests and responses that already have its prototypes", async () => {
    const server = t.server();
    const observe = (req: IncomingMessage, res: ServerResponse) =>
      prototypes.push({
        request: Object.getPrototypeOf(req) === t.app.request,
        response: Object.getPrototypeOf(res) === t.app.response,
      });
    server.prependListener("request", observe);
    try {
      const health = await fetch(`${baseUrl}/api/health`);
      expect(health.status).toBe(200);
      const missing = await fetch(`${baseUrl}/api/no-such-route`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ message: expect.any(String) });
    } finally {
      server.off("request", observe);
    }
    expect(prototypes).toEqual([
      { request: true, response: true },
      { request: true, response: true },
    ]);
  });

  it("answers with Express's helpers and Node's own response behaviour", async () => {
    const res = await fetch(`${baseUrl}/api/health`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("x-powered-by")).toBeNull();
    await expect(res.json()).resolves.toBeTruthy();
  });

  it("keeps an idle connection open past Node's 5 seconds, so a client reusing it is answered", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const health = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = get(`${baseUrl}/api/health`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on("error", reject);
      });
    try {
      expect(await health()).toEqual({ status: 200, reused: false });
      // Node closes an idle connection about 6 s after its 5 s keep-alive timeout began (a second of grace).
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(await health()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);
});
