import { existsSync } from "node:fs";
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
 * Serves the React app on the same port as the API: through Vite's middleware with hot reload in
 * development, from the built files otherwise. Unknown non-API paths get index.html (client routing).
 */
export async function mountClient(app: Express, options: { dev: boolean; server: Server }): Promise<void> {
  if (options.dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({
      server: { middlewareMode: true, hmr: { server: options.server } },
      appType: "spa",
    });
    app.use(vite.middlewares);
    return;
  }
  const indexFile = path.join(clientDistDir, "index.html");
  if (!existsSync(indexFile)) {
    throw new Error(`The client is not built (${indexFile} is missing): run npm run build, or npm start which builds it.`);
  }
  app.use("/assets", express.static(path.join(clientDistDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(clientDistDir, { index: false, maxAge: "1h" }));
  app.get(/^(?!\/api\/|\/ws\/).*/, (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(indexFile);
  });
}
