import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_HEAD } from "./static-page-heads";

describe("the default head", () => {
  it("is what index.html carries, so the root and landing page the server heads keep the same title after hydration", () => {
    const html = readFileSync(path.join(import.meta.dirname, "../client/index.html"), "utf8");
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(DEFAULT_PAGE_HEAD.title);
    expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]).toBe(DEFAULT_PAGE_HEAD.description);
  });
});
