import { defineConfig } from "vitest/config";

export default defineConfig({
  // The path aliases of tsconfig.base.json; each project takes them over with `extends: true`.
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          // Several tests start a second app (a database and its migrations) in their body; in CI the
          // PostgreSQL pass runs beside the Node 24 pass on two cores, where that start alone took 30 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Whole processes: the production start, two servers behind nginx, fault injection.
        // PostgreSQL only where several processes share a database (TEST_DATABASE_URL).
        test: {
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
