import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * docs/DESIGN.md and docs/spec/ are copies of the shared design and specification, kept in the
 * repository so a clone has the contracts it is built to. Where the shared folder sits beside the
 * checkout (every developer's machine and CI), the copies must be equal to it: copy them over when
 * the shared documents change (`cp ../shared/DESIGN.md docs/ && cp ../shared/spec/*.md docs/spec/`).
 */
const root = new URL("../", import.meta.url);
const shared = new URL("../shared/", root);
const copies = ["DESIGN.md", "spec/player-side.md", "spec/coach-side.md"];

describe.skipIf(!existsSync(shared))("docs/ copies of the shared design and spec", () => {
  it.each(copies)("docs/%s equals ../shared/%s", (file) => {
    expect(readFileSync(new URL(`docs/${file}`, root), "utf8")).toBe(readFileSync(new URL(file, shared), "utf8"));
  });
});
