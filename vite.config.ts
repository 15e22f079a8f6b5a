import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import babel from "@rolldown/plugin-babel";
import react, { reactCompilerPreset } from "@vitejs/plugin-react";
import type { OutputBundle, OutputChunk } from "rolldown";
import { build, defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

/**
 * What the server draws with the client's components, built for Node into dist/ssr each time the
 * client is built, so every build of the client (npm start, the browser tests, Lighthouse) has the
 * matching one: a signed-in user's first screen (src/client/first-screen.tsx, decision 015) and a
 * visitor's public pages, hydrated by the browser (src/client/public-pages.tsx, decision 016).
 * http/client-assets.ts loads both at start. Their packages are bundled in, React's production
 * build among them: React picks its build from NODE_ENV when it is loaded, which the server does
 * not set (config.ts), and its development build drew a coach's page several times slower (bench:ssr).
 */
function serverRenderingForNode(): Plugin {
  return {
    name: "server-rendering-for-node",
    apply: "build",
    async closeBundle() {
      await build({
        configFile: false,
        root: import.meta.dirname,
        mode: "production",
        logLevel: "warn",
        plugins: [react()],
        resolve: { tsconfigPaths: true },
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        ssr: { noExternal: true },
        build: {
          ssr: true,
          outDir: "dist/ssr",
          emptyOutDir: true,
          sourcemap: true,
          rolldownOptions: {
            input: { "first-screen": "src/client/first-screen.tsx", "public-pages": "src/client/public-pages.tsx" },
          },
        },
      });
    },
  };
}

/** What the service worker keeps besides the build's scripts and styles: the public files a page or an installed app asks for (paths in the build). */
const PRECACHED_PUBLIC_FILES = [
  "favicon.svg",
  "manifest.webmanifest",
  "icons/icon-192.png",
  "icons/icon-512.png",
  "icons/maskable-512.png",
  "icons/apple-touch-icon.png",
  "intl-warm-up.js",
  "first-screen-boot.js",
  "sw-register.js",
];

/** Pages the worker keeps for use with no connection (with the not-found and access pages the router may show). */
const OFFLINE_PAGES = /src\/client\/app\/routes\/(schedule|not-found|unauthorized)\.tsx$/;

/**
 * The scripts and styles the app needs to open the schedule with no connection: what the entry and
 * those pages import, statically or lazily (the signed-in shell, its badge), without the other
 * pages' chunks, which a phone fetches when it opens them (their names are immutable, so the
 * browser's cache keeps them anyway). Every style sheet, as they are few and small.
 */
function offlineFiles(bundle: OutputBundle): string[] {
  const chunks = new Map<string, OutputChunk>();
  for (const file of Object.values(bundle)) if (file.type === "chunk") chunks.set(file.fileName, file);
  const isOtherPage = (chunk: OutputChunk) =>
    chunk.facadeModuleId !== null &&
    /src\/client\/app\/routes\/[^/]+\.tsx$/.test(chunk.facadeModuleId) &&
    !OFFLINE_PAGES.test(chunk.facadeModuleId);
  const kept = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || kept.has(fileName) || isOtherPage(chunk)) return;
    kept.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) kept.add(css);
    [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
  };
  for (const chunk of chunks.values())
    if (chunk.isEntry || (chunk.facadeModuleId && OFFLINE_PAGES.test(chunk.facadeModuleId))) visit(chunk.fileName);
  for (const file of Object.values(bundle)) if (file.fileName.endsWith(".css")) kept.add(file.fileName);
  return [...kept].filter((f) => /^assets\/.+\.(js|css)$/.test(f));
}

/** The offline set of this build (offlineFiles), read by the service worker's manifest below. */
let offlineAssets: Set<string> | undefined;

/** Notes which of the build's scripts and styles the service worker keeps (offlineFiles). */
function offlineAssetList(): Plugin {
  return {
    name: "offline-asset-list",
    apply: "build",
    generateBundle(_options, bundle) {
      offlineAssets = new Set(offlineFiles(bundle));
    },
  };
}

/**
 * /sw.js (DESIGN 12, In the pocket): src/client/sw.js bundled with Workbox by vite-plugin-pwa, with
 * the precache list (self.__WB_MANIFEST) of this build's offline scripts and styles and the public
 * files, each public file with a revision hashed from its contents (the scripts' and styles' names
 * carry theirs). A deploy that changes any of them changes the worker's bytes, so browsers install
 * it and offer "Reload". Our own manifest and registration (public/manifest.webmanifest,
 * public/sw-register.js) stay: the plugin writes and injects neither.
 */
const serviceWorker = VitePWA({
  strategies: "injectManifest",
  srcDir: ".",
  filename: "sw.js",
  manifest: false,
  injectRegister: false,
  includeManifestIcons: false,
  injectManifest: {
    // A classic script, as public/sw-register.js registers it.
    rollupFormat: "iife",
    globPatterns: ["assets/*.{js,css}", ...PRECACHED_PUBLIC_FILES],
    manifestTransforms: [
      (entries) => {
        if (!offlineAssets) throw new Error("The service worker's file list was not made (offline-asset-list did not run).");
        const kept = offlineAssets;
        return { manifest: entries.filter((entry) => !entry.url.startsWith("assets/") || kept.has(entry.url)), warnings: [] };
      },
    ],
  },
});

export default defineConfig({
  root: "src/client",
  plugins: [
    react(),
    // React Compiler, only for the components marked "use memo": their results are memoised at build
    // time, so an answer to one of their reads re-renders only what reads it. The coach dashboard
    // re-rendered every section, chart and list for each answer to its reads, its largest
    // blocking time on a phone. Everywhere, it put 3-13 KB on every page's first screen (over the
    // landing page's 100 KB; docs/performance-log.md).
    babel({ presets: [reactCompilerPreset({ compilationMode: "annotation" })] }),
    tailwindcss(),
    serverRenderingForNode(),
    offlineAssetList(),
    serviceWorker,
    // Each script, style sheet and image is compressed once, at the highest levels, beside the file
    // (.br, .gz); the server sends those (http/client-assets.ts) instead of compressing every
    // answer on the fly at the low level that leaves it time to answer quickly.
    compression({
      include: /\.(js|css|svg)$/,
      algorithms: [
        defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm("gzip", { level: 9 }),
      ],
      logLevel: "silent",
    }),
  ],
  // The path aliases (@client/*, @contract/*) of tsconfig.base.json.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: true,
    // scripts/check-bundle-budget.mjs reads which chunks each page needs from it.
    manifest: true,
    modulePreload: {
      // Every browser the product supports knows <link rel="modulepreload"> (Safari since 17).
      polyfill: false,
      // A page loaded later preloads the chunks it imports, in parallel with its own, except those
      // the entry imported at start (React, Query, the router): they are in the browser already,
      // and naming them in every page's list made the first screen's script longer.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "js" ? deps.filter((dep) => !/\/(react|query|router|rolldown-runtime)-[\w-]+\.js$/.test(dep)) : deps,
    },
    rolldownOptions: {
      output: {
        // Libraries in their own chunks, named for what they hold: a deploy that changes only the
        // app's code leaves their hashes, and the browser's copies, as they were. zod and the form
        // library are used only by pages and dialogs that load later, never by the first screen.
        //
        // Left to itself the bundler gives every set of pages that share a module a chunk of its
        // own: a coach profile needed 21 files besides the entry, most under 1 KB, and on a phone
        // each costs a round trip. So the design system's small parts ("ui"), the icons and the
        // search's shared modules used by two pages or more each make one chunk. Only the modules a
        // test names are moved (not what they import), so the entry keeps what it had.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // React Query with the client's one wrapper of it (lib/use-query.ts), which every page with
            // data loads: in a file of its own it was one more round trip on each of them.
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]|src[\\/]client[\\/]lib[\\/]use-query\.ts/, priority: 20 },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            {
              // The form library with the client's one convention on top of it (lib/form-errors.ts):
              // the pages and dialogs with a form load both, so they travel as one file.
              name: "forms",
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]|src[\\/]client[\\/]lib[\\/]form-errors\.ts/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
            { name: "router", test: /node_modules[\\/]wouter[\\/]/, priority: 20 },
            {
              name: "ui",
              test: new RegExp(
                [
                  /src[\\/]client[\\/]components[\\/]ui[\\/](badge|button|card|checkbox|input|label|form-field|link-buttons|page-title|spinner|star-rating|textarea)\.tsx/,
                  /src[\\/]client[\\/]lib[\\/](cn|class-merge-config|just-fetched|toast-failure|when)\.ts/,
                  /src[\\/]contract[\\/]((coach|search|review)-basics|names)\.ts/,
                  /node_modules[\\/](clsx|tailwind-merge|class-variance-authority)[\\/]/,
                  /node_modules[\\/]@radix-ui[\\/]react-(compose-refs|slot|label|primitive)[\\/]/,
                ]
                  .map((part) => part.source)
                  .join("|"),
              ),
              priority: 10,
              includeDependenciesRecursively: false,
            },
            {
              // What the shell shows a signed-in user (sign out, resend the verification e-mail),
              // the reading of every page of a signed-in user's lists (api-pages.ts), and the design
              // system's parts only signed-in pages draw (a page header with its actions, a person's
              // avatar), so that no visitor's first screen carries them: lazy for visitors, named in a
              // signed-in user's HTML (http/client-assets.ts).
              name: "account",
              test: /src[\\/]client[\\/](app[\\/]app-shell\.tsx|components[\\/]ui[\\/](avatar|page-header)\.tsx|features[\\/]accounts[\\/](api[\\/](auth-mutations|email-verification|keys)\.ts|components[\\/](sign-out-button|resend-verification-button|verify-email-notice)\.tsx)|lib[\\/](handle-unauthorized|api-pages)\.ts)|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](log-out|mail-warning|menu|x)\.js/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            {
              name: "icons",
              // The icons pages share, with lucide's few lines that draw them (no longer in the entry,
              // whose shells now draw none).
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](icons[\\/]|createLucideIcon|Icon|defaultAttributes|shared[\\/])/,
              minShareCount: 2,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            {
              // The public pages' heads and place paths (DESIGN.md 12): one file for the pages that
              // draw a coach or a place (profile, booking, place), not one per set of pages sharing a part.
              name: "page-heads",
              test: /src[\\/]contract[\\/](page-titles|place-pages)\.ts/,
              minShareCount: 2,
              priority: 6,
              includeDependenciesRecursively: false,
            },
            {
              name: "search",
              // With the hook that sets a public page's head after hydration (DESIGN.md 12): the pages
              // that set one (find coaches, a coach, booking, a place) all load this chunk.
              test: /src[\\/]client[\\/]features[\\/](search|reviews)[\\/]|src[\\/]client[\\/]lib[\\/]document-head\.ts/,
              minShareCount: 2,
              priority: 5,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
