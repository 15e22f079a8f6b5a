import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The boundaries of STYLE.md "Boundaries" and docs/ARCHITECTURE.md "Dependencies point one way",
// checked on the resolved file of every import (relative, aliased or not), so a new file or folder
// is covered without touching this list. Test files obey them too.
const featuresOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverFeatures = featuresOf("./src/server/features/");
const clientFeatures = featuresOf("./src/client/features/");

const server = "src/server";
const client = "src/client";
// Layers that sit below the features: they know no feature, no route guard, no socket, no job.
const serverUpperLayers = [`${server}/features/**`, `${server}/http/**`, `${server}/realtime/**`, `${server}/jobs/**`];

const zones = [
  // client -> contract <- server
  { target: "src/contract/**", from: [`${client}/**`, `${server}/**`], message: "src/contract imports only zod." },
  { target: `${client}/**`, from: `${server}/**`, message: "The client never imports server code (share it through src/contract)." },
  { target: `${server}/**`, from: `${client}/**`, message: "The server never imports client code (share it through src/contract)." },

  // Server: routes -> service -> repository -> db, with db, adapters and messages below every feature.
  {
    target: [`${server}/db/*.ts`, `${server}/db/!(seed)/**`, `${server}/adapters/**`, `${server}/messages/**`],
    from: serverUpperLayers,
    message: "db, adapters and messages sit below the features: pass what they need in as arguments.",
  },
  {
    // The demo seed creates accounts that sign in like real ones, so it hashes with sign-up's function.
    target: `${server}/db/seed/**`,
    from: serverUpperLayers,
    except: [`**/${server}/features/accounts/passwords.ts`],
    message: "The seed is data below the features (it may only borrow the password hash of accounts).",
  },
  {
    target: `${server}/features/**/*.repository.ts`,
    from: [`${server}/features/**/*.service.ts`, `${server}/features/**/*.routes.ts`, `${server}/jobs/**`],
    message: "A repository reads and writes rows; services call it, never the other way round.",
  },
  {
    target: `${server}/features/**/*.routes.ts`,
    from: [`${server}/features/**/*.repository.ts`, `${server}/db/**`],
    message: "Routes parse and shape; they reach the database through a service.",
  },
  {
    target: `${server}/http/**`,
    from: `${server}/features/**/*.repository.ts`,
    message: "http/ (guards, errors, page assets) reaches a feature through its service, never its repository.",
  },

  // Client: app -> features -> components | lib; features never import each other or a page.
  ...clientFeatures.map((feature) => ({
    target: `${client}/features/${feature}/**`,
    from: clientFeatures.filter((other) => other !== feature).map((other) => `${client}/features/${other}/**`),
    message: "Features never import each other: lift what both need into components/ or lib/, or compose them in app/.",
  })),
  { target: `${client}/features/**`, from: `${client}/app/**`, message: "Features never import the app (pages, router, shell)." },
  {
    target: [`${client}/components/**`, `${client}/lib/**`, `${client}/config/**`],
    from: [`${client}/features/**`, `${client}/app/**`],
    message: "components, lib and config know no feature and no page.",
  },
  {
    target: `${client}/**/!(*.test).{ts,tsx}`,
    from: `${client}/testing/**`,
    message: "src/client/testing is for tests only: it must not reach the bundle.",
  },
];

// A feature calls another feature's service, never its repository (STYLE.md "Boundaries"). Row
// types (`import type`) may cross: they are data shapes, not calls. One block per feature, because the
// rule sees only the import string: "../other/x.repository" and ".../features/other/x.repository".
const noForeignRepository = serverFeatures.map((feature) => ({
  files: [`${server}/features/${feature}/**/*.ts`],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: `(^\\.\\.|/features)/(?!${feature}/)[^/.][^/]*/[^/]+\\.repository(\\.ts)?$`,
            allowTypeImports: true,
            message: "A feature calls another feature's service, never its repository (type imports are fine).",
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "data/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "src/server/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // Type-aware rules read each file's own tsconfig; the JavaScript config files and scripts
        // that no tsconfig includes get TypeScript's default project.
        projectService: {
          allowDefaultProject: ["*.js", "scripts/*.mjs", "bench/*.mjs", "src/client/public/*.js", "src/client/sw.js"],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 20,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { "import-x": importX },
    settings: {
      // no-cycle reads each imported file: TypeScript files are modules it parses, with the same parser.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: ["tsconfig.json", "tsconfig.*.json"], noWarnOnMultipleProjects: true }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      // A promise nobody awaits loses its error (an unhandled rejection ends the process) and its order.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      "import-x/no-restricted-paths": ["error", { zones }],
      // A cycle makes the load order decide what is defined (a value read before its module ran is
      // undefined) and hides which module owns what: lift the shared piece below both instead.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // A value the types say may be missing is checked on the server, where a wrong guess is a 500:
    // narrow it, or name what must be there with `present` (src/server/present.ts) or `returnedRow`
    // (src/server/db/sql.ts).
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/**/*.test.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "error" },
  },
  {
    files: ["src/contract/**/*.ts"],
    ignores: ["src/contract/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^(?!zod$)[^.]", message: "src/contract imports only zod." }] }],
    },
  },
  ...noForeignRepository,
  {
    // Served as it is (the first screen's boot script): the browser's globals.
    files: ["src/client/public/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The service worker (vite-plugin-pwa builds it into /sw.js with Workbox): a worker's globals.
    files: ["src/client/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, "react-hooks": reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@tanstack/react-query",
              importNames: ["useQuery", "useInfiniteQuery"],
              message: "Use useQuery and useInfiniteQuery from src/client/lib/use-query.ts: they draw each new result in a transition.",
            },
            {
              name: "react",
              importNames: ["lazy"],
              message: "Use lazyWithReload from src/client/lib/lazy-with-reload.ts: a chunk gone after a deploy reloads the page once.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "src/client/lib/use-query.ts",
      "src/client/lib/current-user.ts",
      "src/client/lib/lazy-with-reload.ts",
      "src/client/**/*.test.{ts,tsx}",
      "src/client/testing/**",
    ],
    rules: { "no-restricted-imports": "off" },
  },
);
