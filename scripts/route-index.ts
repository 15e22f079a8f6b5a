// Writes docs/ROUTES.md from the router stack of the real app (createApp on a fresh in-memory
// database): every API route and the file that handles it. `npm run docs:routes` rewrites it;
// tests/integration/routes-doc.test.ts fails when it is stale.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { routeIndexMarkdown } from "../tests/support/route-list";
import { startTestApp } from "../tests/support/test-app";

const root = path.resolve(import.meta.dirname, "..");
const t = await startTestApp();
try {
  writeFileSync(path.join(root, "docs/ROUTES.md"), await routeIndexMarkdown(t.app, root));
  console.log("docs/ROUTES.md written");
} finally {
  await t.close();
}
