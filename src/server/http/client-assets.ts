import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import express, { type Express } from "express";

export const clientDistDir = path.resolve("dist/client");

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
