import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/support/postgres-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: [
            "./tests/support/postgres-global-setup.ts",
            "./tests/support/build-global-setup.ts",
            "./tests/support/browser-global-setup.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and browser; two at a time is what two cores can carry.
          maxWorkers: 2,
          // A poll waits for what a person would see happen, which a busy machine may take seconds to
          // show; the default second is a bound for unit tests, not for a browser and a server.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
