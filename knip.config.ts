import type { KnipConfig } from "knip";

// `npm run knip` (the last step of `npm run lint`): unused files, exports and dependencies.
// Knip's plugins add the rest of the entries themselves: src/server/main.ts (package.json "dev"),
// src/client/main.tsx (index.html through Vite), every test file (Vitest, Playwright) and the config
// files (ESLint, Vite, Vitest, Playwright, Drizzle, Prettier). A thing only tests use is kept: tests are real users.
const config: KnipConfig = {
  // Started by name from package.json, the Dockerfile or a test, not imported; the service worker,
  // which vite-plugin-pwa bundles (vite.config.ts) and the browser loads as /sw.js.
  entry: ["src/server/scripts/*.ts", "scripts/*.{ts,mjs}", "bench/*.{ts,mjs}", "src/client/sw.js"],
  // The CSS counts: styles.css is what imports tailwindcss.
  project: ["src/**/*.{ts,tsx,css}", "scripts/**/*.{ts,mjs}", "bench/**/*.{ts,mjs}", "tests/**/*.ts", "*.{ts,js}"],
  // Dead code is what nothing uses; an export that its own file uses is not dead, only wider than needed.
  ignoreExportsUsedInFile: true,
};

export default config;
