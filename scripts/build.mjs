// `npm run build`: the client (Vite) into dist/client and the server (esbuild) into dist/server, so
// that production runs plain JavaScript. `node scripts/build.mjs client` or `... server` builds one.
// npm start runs this in a child process: Vite sets NODE_ENV=production in the process it builds in,
// which must not leak into the server.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const requested = process.argv.slice(2);
const parts = requested.length > 0 ? requested : ["client", "server"];
const unknown = parts.filter((p) => p !== "client" && p !== "server");
if (unknown.length > 0) {
  console.error(`Unknown build part: ${unknown.join(", ")} (expected client and/or server)`);
  process.exit(1);
}

/** The compiled server's entry points; each becomes dist/server/<name>.js beside the migrations. */
const serverEntries = ["src/server/main.ts", "src/server/scripts/make-admin.ts", "src/server/scripts/reconcile.ts"];

if (parts.includes("client")) {
  const { build } = await import("vite");
  await build({ root: path.join(root, "src/client"), configFile: path.join(root, "vite.config.ts"), logLevel: "warn", mode: "production" });
}

if (parts.includes("server")) {
  const { build } = await import("esbuild");
  const outdir = path.join(root, "dist/server");
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // The server's own config: its path aliases (from tsconfig.base.json) resolve in the bundle.
    tsconfig: path.join(root, "tsconfig.server.json"),
    entryPoints: serverEntries,
    outdir,
    entryNames: "[name]",
    bundle: true,
    // Packages stay in node_modules: native modules (argon2, sharp), PGlite's wasm and the zip table load from there.
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
  });
  // Every entry point is a single file in dist/server, so each finds the migrations beside itself.
  cpSync(path.join(root, "src/server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
}
