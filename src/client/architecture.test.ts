import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// STYLE.md "Boundaries": app -> features -> components | lib; features never import each other;
// components and lib know no feature and no page. ESLint guards client/server; this guards the rest.
const clientRoot = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Relative imports and the @client/* alias (tsconfig.base.json), as absolute paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/from "(\.[^"]+|@client\/[^"]+)"/g)].map((m) => {
    const target = m[1] ?? "";
    return target.startsWith("@client/")
      ? path.join(clientRoot, target.slice("@client/".length))
      : path.resolve(path.dirname(file), target);
  });
}

/** "features/bookings/api/x.ts" -> ["features", "bookings"]; "lib/api-client.ts" -> ["lib"]. */
function area(file: string): string[] {
  return path.relative(clientRoot, file).split(path.sep);
}

describe("client boundaries", () => {
  const files = sourceFiles(clientRoot);

  it("a feature never imports another feature or a page", () => {
    const crossings = files.flatMap((file) => {
      const [top, feature] = area(file);
      if (top !== "features") return [];
      return importsOf(file)
        .filter((target) => {
          const [targetTop, targetFeature] = area(target);
          return targetTop === "app" || (targetTop === "features" && targetFeature !== feature);
        })
        .map((target) => `${path.relative(clientRoot, file)} -> ${path.relative(clientRoot, target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it("components and lib import no feature and no page", () => {
    const crossings = files.flatMap((file) => {
      const [top] = area(file);
      if (top !== "components" && top !== "lib") return [];
      return importsOf(file)
        .filter((target) => ["features", "app"].includes(area(target)[0] ?? ""))
        .map((target) => `${path.relative(clientRoot, file)} -> ${path.relative(clientRoot, target)}`);
    });
    expect(crossings).toEqual([]);
  });
});

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
      .flatMap((file) => [...readFileSync(file, "utf8").matchAll(/"(\/api\/[^"]+)", form\)/g)].map((m) => m[1]));
    expect(new Set(multipart)).toEqual(new Set(["/api/upload", "/api/upload/profile-image"]));
  });
});
