import { defineConfig } from "vitest/config";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import { fileURLToPath } from "node:url";
import { unitReportFile } from "./scripts/check/failure-summary.ts";

// Unit tests run in Node beside the code they test; browser specs live in tests/ (Playwright).
export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  // The catalogs compile as the app's do (src/lib/i18n.ts loads them).
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui({ failOnMissing: true })],
  test: {
    include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // The tests' temporary folders go when the run ends (scripts/check/unit-temp-dir.ts).
    globalSetup: ["scripts/check/unit-temp-dir.ts"],
    // The speech engine tests do real synthesis on a 2-core machine; allow for a busy one.
    testTimeout: 30_000,
    // Four at once on two cores: many server tests wait (a locked database's time limit, a
    // stalled store, a worker's idle stop) rather than compute, and with the default of one per
    // core the suite took 102 s here instead of 46 s.
    maxWorkers: 4,
    hookTimeout: 60_000,
    // In CI a failed test is run once more (as the browser tests are, playwright.config.ts): beside
    // the browser tests, a time limit of a real engine or database was missed in one run of three.
    // A test that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
    // The JSON report lets `npm test` end with the failures' messages (scripts/check/test-all.ts).
    reporters: ["default", "json"],
    outputFile: { json: unitReportFile },
  },
});
