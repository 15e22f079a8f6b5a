import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountClient } from "@server/http/client-assets";
import { makePlayer } from "@tests/factories/users";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * A build of the client in miniature: its manifest says which chunks each page imports, as Vite
 * writes it (vite.config.ts: build.manifest), and each script sits beside its .br and .gz copies.
 */
const manifest = {
  "index.html": { file: "assets/index-E.js", isEntry: true, imports: ["_react-R.js"] },
  "_react-R.js": { file: "assets/react-R.js", name: "react" },
  "_ui-U.js": { file: "assets/ui-U.js", name: "ui", imports: ["_react-R.js"] },
  "_account-A.js": { file: "assets/account-A.js", name: "account", imports: ["_ui-U.js", "_react-R.js"] },
  "app/routes/landing.tsx": { file: "assets/landing-L.js", isDynamicEntry: true, imports: ["index.html", "_react-R.js"] },
  "app/routes/find-coaches.tsx": { file: "assets/find-coaches-F.js", isDynamicEntry: true, imports: ["index.html", "_ui-U.js"] },
  "app/routes/coach-profile.tsx": { file: "assets/coach-profile-P.js", isDynamicEntry: true, imports: ["_ui-U.js"] },
  "app/routes/stripe-connect.tsx": { file: "assets/stripe-connect-S.js", isDynamicEntry: true, imports: ["_ui-U.js"] },
};
const script = "export const answer = " + JSON.stringify("forty-two ".repeat(400)) + ";\n";

/** The chunks a page's HTML names for the browser to fetch beside the entry, in order. */
const preloadedChunks = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map((m) => m[1]);

describe("the client's files, as a phone on a slow network needs them", () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    t = await startTestApp();
    distDir = mkdtempSync(path.join(tmpdir(), "lacrosse-assets-"));
    mkdirSync(path.join(distDir, ".vite"));
    mkdirSync(path.join(distDir, "assets"));
    writeFileSync(path.join(distDir, ".vite/manifest.json"), JSON.stringify(manifest));
    writeFileSync(
      path.join(distDir, "index.html"),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    for (const chunk of Object.values(manifest)) writeFileSync(path.join(distDir, chunk.file), script);
    writeFileSync(path.join(distDir, "assets/ui-U.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(distDir, "assets/ui-U.js.gz"), gzipSync(script));
    await mountClient(t.app, { dev: false, server: createServer(), distDir });
  });

  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  describe("a page's HTML names the chunks of the page it shows, so they load beside the entry instead of after it", () => {
    it("names a public page's own chunks for a visitor, and nothing the entry already brings", async () => {
      expect(preloadedChunks((await t.agent().get("/landing")).text)).toEqual(["landing-L.js"]);
    });

    it("names nothing of a signed-in-only page for a visitor, who is sent to sign in", async () => {
      // /find-coaches and /coach/{id} are open to visitors now (DESIGN 11); these pages are not.
      expect(preloadedChunks((await t.agent().get("/my-bookings")).text)).toEqual([]);
      expect(preloadedChunks((await t.agent().get("/coach-dashboard")).text)).toEqual([]);
    });

    it("names a signed-in user's page and the shell's account chunk, each once", async () => {
      const { agent } = await makePlayer(t);
      expect(preloadedChunks((await agent.get("/find-coaches?position=Midfield&zipcode=21201")).text)).toEqual([
        "find-coaches-F.js",
        "ui-U.js",
        "account-A.js",
      ]);
    });

    it("matches paths as the router does: the first route that fits, parameters and all", async () => {
      const { agent } = await makePlayer(t);
      expect(preloadedChunks((await agent.get("/coach/stripe-connect")).text)).toEqual(["stripe-connect-S.js", "ui-U.js", "account-A.js"]);
      expect(preloadedChunks((await agent.get("/coach/12")).text)).toEqual(["coach-profile-P.js", "ui-U.js", "account-A.js"]);
      // No page of the app: only the shell's chunk (and what it imports) is named.
      expect(preloadedChunks((await agent.get("/coach/12/extra")).text)).toEqual(["account-A.js", "ui-U.js"]);
      expect(preloadedChunks((await agent.get("/no-such-page")).text)).toEqual(["account-A.js", "ui-U.js"]);
    });
  });

  describe("scripts go out compressed once at build time, at the best level", () => {
    it("sends the brotli copy to a browser that takes it, with the hashed file's long cache", async () => {
      const res = await t.agent().get("/assets/ui-U.js").set("Accept-Encoding", "gzip, deflate, br");
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(Number(res.headers["content-length"])).toBe(brotliCompressSync(script).length);
      expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.text).toBe(script);
    });

    it("sends the gzip copy to a browser without brotli, and the plain file to one that takes neither", async () => {
      const gzipped = await t.agent().get("/assets/ui-U.js").set("Accept-Encoding", "gzip");
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gzipped.text).toBe(script);
      const plain = await t.agent().get("/assets/ui-U.js").set("Accept-Encoding", "identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.text).toBe(script);
    });

    it("still compresses, on the fly, a script the build left without copies", async () => {
      const res = await t.agent().get("/assets/landing-L.js").set("Accept-Encoding", "gzip");
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.text).toBe(script);
    });
  });
});
