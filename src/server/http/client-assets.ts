import { existsSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type Express } from "express";

/**
 * The repository's root: the nearest folder above this module with a package.json. The same from
 * the sources (src/server/http) and from the compiled bundle (dist/server), and whatever the
 * working directory the process was started in.
 */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const clientDistDir = path.join(projectRoot(), "dist/client");

/**
 * index.html with the signed-in user (or null) as GET /api/auth/user would answer, in a JSON data
 * block that src/client/lib/current-user.ts reads at start: the first screen then shows the right
 * shell at once instead of waiting for that call. A data block never runs (the CSP allows no
 * inline script), and "<" is escaped so a name cannot close the element.
 */
export function withPageUser(html: string, user: unknown): string {
  const json = JSON.stringify(user ?? null).replace(/</g, "\\u003c");
  return html.replace("</head>", `<script id="page-user" type="application/json">${json}</script></head>`);
}

/**
 * Serves the React app on the same port as the API: through Vite's middleware with hot reload in
 * development, from the built files otherwise. Unknown non-API paths get index.html (client routing).
 */
export async function mountClient(app: Express, options: { dev: boolean; server: Server; distDir?: string }): Promise<void> {
  if (options.dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({
      server: { middlewareMode: true, hmr: { server: options.server } },
      appType: "spa",
    });
    app.use(vite.middlewares);
    return;
  }
  // distDir: tests serve a page of their own.
  const distDir = options.distDir ?? clientDistDir;
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) {
    throw new Error(`The client is not built (${indexFile} is missing): run npm run build, or npm start which builds it.`);
  }
  app.use("/assets", express.static(path.join(distDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(distDir, { index: false, maxAge: "1h" }));
  const indexHtml = readFileSync(indexFile, "utf8");
  app.get(/^(?!\/api\/|\/ws\/).*/, async (_req, res) => {
    const pageUser = res.locals.pageUser as (() => Promise<unknown>) | undefined;
    // The page differs by session: never kept by a shared cache, revalidated by the browser (ETag).
    res.setHeader("Cache-Control", "private, no-cache");
    res.setHeader("Vary", "Cookie");
    res.type("html").send(pageUser ? withPageUser(indexHtml, await pageUser()) : indexHtml);
  });
}
