import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountClient } from "@server/http/client-assets";
import { makePlayer } from "@tests/factories/users";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/** The user a page carries in its HTML (withPageUser), as the browser's first screen reads it. */
function pageUserOf(html: string): unknown {
  const match = /<script id="page-user" type="application\/json">(.*?)<\/script><\/head>/s.exec(html);
  if (!match) throw new Error(`no page-user block in ${html}`);
  return JSON.parse(match[1]!);
}

describe("pages carry the signed-in user, so the first screen does not wait for GET /api/auth/user", () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    t = await startTestApp();
    distDir = mkdtempSync(path.join(tmpdir(), "lacrosse-page-"));
    writeFileSync(
      path.join(distDir, "index.html"),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    await mountClient(t.app, { dev: false, server: createServer(), distDir });
  });

  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("is null for a visitor, on any client route", async () => {
    for (const route of ["/", "/landing", "/coach/12"]) {
      const res = await t.agent().get(route);
      // No coach 12 here: its page answers 404 (DESIGN.md 12), still the app's HTML.
      expect(res.status).toBe(route === "/coach/12" ? 404 : 200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(pageUserOf(res.text)).toBeNull();
    }
  });

  it("is exactly what GET /api/auth/user answers for the session, and no shared cache keeps it", async () => {
    const { agent } = await makePlayer(t, { firstName: "Casey" });
    const res = await agent.get("/find-coaches");
    expect(pageUserOf(res.text)).toEqual((await agent.get("/api/auth/user")).body);
    // Issue 28: a page that embeds the signed-in user is never stored, not even by the browser.
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.vary).toMatch(/Cookie/);
    expect((await t.agent().get("/find-coaches")).headers["cache-control"]).toBe("private, no-cache");
  });

  it("is null again once the session has ended", async () => {
    const { agent } = await makePlayer(t);
    await agent.post("/api/auth/logout").expect(200);
    expect(pageUserOf((await agent.get("/")).text)).toBeNull();
  });

  it("cannot be closed early by a name that holds markup", async () => {
    const { agent } = await makePlayer(t, { firstName: "</script><script>alert(1)</script>" });
    const html = (await agent.get("/")).text;
    expect(html).not.toContain("<script>alert(1)");
    expect(pageUserOf(html)).toMatchObject({ firstName: "</script><script>alert(1)</script>" });
  });
});
