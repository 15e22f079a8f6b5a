import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The import boundaries (STYLE.md "Boundaries") are ESLint's import-x/no-restricted-paths zones in
// eslint.config.js; what is left here is what an import graph cannot show: how the client talks to the API.
const clientRoot = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("client requests", () => {
  // Issue 13: the API refuses form-encoded bodies (login CSRF), so the client must never send one;
  // only the two upload calls send multipart, everything else JSON through api-client.
  it("never posts a form-encoded body or an HTML form to the API", () => {
    const offenders = sourceFiles(clientRoot)
      .filter((file) => !file.endsWith(".test.ts"))
      .filter((file) => /x-www-form-urlencoded|body:\s*new URLSearchParams|<form[^>]*\baction=/i.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(clientRoot, file));
    expect(offenders).toEqual([]);
  });

  it("sends multipart only to the upload routes", () => {
    const multipart = sourceFiles(clientRoot)
      .filter((file) => !file.endsWith(".test.ts") && /new FormData\(/.test(readFileSync(file, "utf8")))
      .flatMap((file) => [...readFileSync(file, "utf8").matchAll(/["`](\/api\/[^"`]+)["`], form\)/g)].map((m) => m[1]));
    expect(new Set(multipart)).toEqual(new Set(["/api/upload", "/api/upload/profile-image", "/api/coach/credentials/${id}/document"]));
  });
});
