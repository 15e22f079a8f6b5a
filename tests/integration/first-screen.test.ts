import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountClient } from "@server/http/client-assets";
import { makeCoach } from "@tests/factories/coaches";
import { makePlayer } from "@tests/factories/users";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * A build in miniature: index.html as Vite writes it (the entry as a module script, its imports as
 * module preloads, the style sheet), a manifest, and beside the client's folder the first-screen
 * renderer the build makes for Node, here one that writes down what it was asked to draw (or fails,
 * for the path that says so).
 */
const indexHtml =
  '<!doctype html><html><head><title>x</title><script type="module" crossorigin src="/assets/index-E.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-R.js"><link rel="stylesheet" crossorigin href="/assets/index-C.css">' +
  '</head><body><div id="root"></div></body></html>';
const manifest = {
  "index.html": { file: "assets/index-E.js", isEntry: true, imports: ["_react-R.js"] },
  "_react-R.js": { file: "assets/react-R.js", name: "react" },
  "_account-A.js": { file: "assets/account-A.js", name: "account", imports: ["_react-R.js"] },
  "app/routes/my-bookings.tsx": { file: "assets/my-bookings-B.js", isDynamicEntry: true, imports: ["_react-R.js"] },
};
const renderer = `export const renderFirstScreen = (user, path, page) => {
  if (path === "/broken") throw new Error("cannot draw");
  return "<p data-drawn>" + [page.layout, page.module, path, user.firstName, user.userType, user.emailVerified].join("|") + "</p>";
};
`;

const firstScreenOf = (html: string) => /<div id="first-screen" inert>(.*?)<\/div><div id="root" hidden><\/div>/.exec(html)?.[1];
const bootOf = (html: string) =>
  /<script defer src="\/first-screen-boot.js" data-entry="([^"]*)" data-preload="([^"]*)"><\/script>/.exec(html);

describe("a signed-in page's first screen comes drawn in its HTML, before any script", () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    t = await startTestApp();
    root = mkdtempSync(path.join(tmpdir(), "lacrosse-first-screen-"));
    const distDir = path.join(root, "client");
    mkdirSync(path.join(distDir, ".vite"), { recursive: true });
    mkdirSync(path.join(root, "ssr"));
    writeFileSync(path.join(distDir, "index.html"), indexHtml);
    writeFileSync(path.join(distDir, ".vite/manifest.json"), JSON.stringify(manifest));
    writeFileSync(path.join(root, "ssr/first-screen.js"), renderer);
    await mountClient(t.app, { dev: false, server: createServer(), distDir });
  });

  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("draws the shell for the signed-in user and the path, and hides the app's root until the app has drawn its own", async () => {
    const { agent } = await makePlayer(t, { firstName: "Casey" });
    const html = (await agent.get("/my-bookings").expect(200)).text;
    expect(firstScreenOf(html)).toBe("<p data-drawn>shell|my-bookings|/my-bookings|Casey|player|false</p>");
    expect(html.match(/id="root"/g)).toHaveLength(1);
  });

  it("draws a bare page (a wizard) without the shell", async () => {
    const { agent } = await makeCoach(t);
    expect(firstScreenOf((await agent.get("/coach-onboarding")).text)).toBe(
      `<p data-drawn>bare|coach-onboarding|/coach-onboarding|${(await agent.get("/api/auth/user")).body.firstName}|coach|false</p>`,
    );
  });

  it("leaves the root's page to the renderer (it depends on the user), and names no page this user's role may not see", async () => {
    const { agent } = await makePlayer(t, { firstName: "Casey" });
    expect(firstScreenOf((await agent.get("/")).text)).toBe("<p data-drawn>shell||/|Casey|player|false</p>");
    expect(firstScreenOf((await agent.get("/coach-onboarding")).text)).toBe("<p data-drawn>bare||/coach-onboarding|Casey|player|false</p>");
  });

  it("asks for the app's scripts only after that first paint: the entry and every module the page needs, named for the boot script", async () => {
    const { agent } = await makePlayer(t);
    const html = (await agent.get("/my-bookings")).text;
    const boot = bootOf(html);
    expect(boot?.[1]).toBe("/assets/index-E.js");
    expect(boot?.[2]?.split(" ")).toEqual(["/assets/react-R.js", "/assets/my-bookings-B.js", "/assets/account-A.js"]);
    // Nothing else asks for a script before the first paint; the style sheet still comes at once.
    expect(html).not.toMatch(/modulepreload|type="module"/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
  });

  it("leaves a visitor's page as the build wrote it, and /login, which sends a signed-in user on", async () => {
    const visitor = (await t.agent().get("/landing")).text;
    expect(firstScreenOf(visitor)).toBeUndefined();
    expect(visitor).toContain(
      '<script type="module" crossorigin src="/assets/index-E.js"></script><link rel="modulepreload" crossorigin href="/assets/react-R.js">',
    );
    expect(visitor).toContain('<div id="root"></div>');
    const { agent } = await makePlayer(t);
    const login = (await agent.get("/login")).text;
    expect(firstScreenOf(login)).toBeUndefined();
    expect(login).toContain('<script type="module" crossorigin src="/assets/index-E.js">');
  });

  it("still sends the page, as the build wrote it, when the first screen cannot be drawn", async () => {
    const { agent } = await makePlayer(t);
    // A path of no page: the app's HTML answers it with a true 404 (DESIGN.md 12), drawn by the app.
    const res = await agent.get("/broken").expect(404);
    expect(firstScreenOf(res.text)).toBeUndefined();
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).toContain('<script type="module" crossorigin src="/assets/index-E.js">');
  });
});
