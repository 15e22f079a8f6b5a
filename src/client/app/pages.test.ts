import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageRoutes } from "@contract/pages";
import { paths } from "@client/config/paths";

/**
 * contract/pages.ts is read by both sides: the router loads the module it names for a path, and the
 * server names that module's chunks in the path's HTML. A page missing from it, or a module name
 * that is not a file, would quietly load late or not be named at all.
 */
describe("the page table shared by the router and the server", () => {
  const routeFiles = readdirSync(path.join(import.meta.dirname, "routes"))
    .filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
    .map((file) => file.replace(/\.tsx$/, ""));

  it("names each page module after a file in app/routes, and every such file but the two fallbacks", () => {
    const modules = pageRoutes.map((route) => route.module);
    expect(new Set(modules).size).toBe(modules.length);
    expect([...modules].sort()).toEqual(routeFiles.filter((file) => file !== "not-found" && file !== "unauthorized").sort());
  });

  it("has every path of the app but the root, whose page depends on who is signed in", () => {
    const tablePaths = pageRoutes.map((route) => route.path);
    const appPaths = Object.entries(paths).map(([, value]) => (typeof value === "string" ? value : value(":id")));
    for (const appPath of appPaths.filter((p) => p !== paths.root)) {
      expect(
        tablePaths.some((pattern) => pattern.replace(/:\w+\??$/, ":id") === appPath || pattern === appPath),
        appPath,
      ).toBe(true);
    }
  });

  it("tries the stripe-connect page before a coach's profile, as the router's switch does", () => {
    const index = (p: string) => pageRoutes.findIndex((route) => route.path === p);
    expect(index("/coach/stripe-connect")).toBeLessThan(index("/coach/:id"));
  });
});
