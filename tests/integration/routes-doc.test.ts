import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { apiRoutes, routeIndexMarkdown } from "@tests/support/route-list";
import { useTestApp } from "@tests/support/test-app";

/** docs/ROUTES.md is the real app's router, written out: stale means `npm run docs:routes` was not run. */
const root = path.resolve(import.meta.dirname, "../..");
const t = useTestApp();

it("docs/ROUTES.md lists exactly the routes of the app createApp builds", async () => {
  const expected = await routeIndexMarkdown(t.app, root);
  expect(readFileSync(path.join(root, "docs/ROUTES.md"), "utf8"), "docs/ROUTES.md is stale: run `npm run docs:routes`").toBe(expected);
});

it("reads mounts from the router: the money-issues route is under /api/admin, behind the admin guard", () => {
  const paths = apiRoutes(t.app).map((r) => `${r.method} ${r.path}`);
  expect(paths).toContain("GET /api/admin/money-issues");
  expect(paths).not.toContain("GET /api/money-issues");
});
