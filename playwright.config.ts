import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { browserReportFile } from "./scripts/check/failure-summary.ts";

// Chromium: CHROMIUM_PATH if set, else Debian's /usr/bin/chromium, else Playwright's own
// download (`npx playwright install chromium`) on machines that allow it.
export const chromiumPath =
  process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

const port = Number(process.env.TEST_PORT || 4173);
export const baseURL = `http://localhost:${port}`;
/** The browser's flags in every test; the My voice specs add a microphone file to them. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // A real (fake-device) microphone path: getUserMedia is granted without a prompt and
  // records a test tone, so the Recognition page's microphone check runs as in a browser.
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
];
export const dataDir = join(tmpdir(), `dauys-e2e-${port}`);
/** The staff inbox's password in the browser tests, and its hash (`npm run staff:hash`). */
export const staffTestPassword = "staff-test-password-2026";
const staffTestPasswordHash =
  "scrypt$32768$8$1$26kOqzgTGtSwjM_qQYW-9w$BakGT2yXnDjtrp45ZK12dEKUwgRQvflCHN-9MeWzm5w";

const desktop = { ...devices["Desktop Chrome"], channel: undefined };
/** My voice's specs: each plays its takes through Chromium's fake microphone, in real time. */
const voiceSpecs = /my-voice[\w-]*\.spec\.ts$/;

export default defineConfig({
  testDir: "./tests",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  // Set by hand, as in CI (Playwright's default, half the cores, gave one on these 2-core
  // machines). Three in all: two for most tests (a third there was no quicker, 10.5 min against
  // 10.7: they keep both cores about 80% busy), and one for My voice's (the "voice" project),
  // which speak into a fake microphone in real time: four minutes mostly spent waiting, which
  // held both of the two workers at once.
  workers: 3,
  // In CI a failed test is run once more, and one that passes then is listed as flaky. On these
  // 2-core machines, with the unit tests then running beside, most runs lost a different one or two
  // of 240 tests to the load, and a red run lands nothing. A test that fails twice still fails the
  // run, and the flaky ones are worth reading: one was a real fault (kiosk code lost offline).
  retries: process.env.CI ? 1 : 0,
  // A time limit, not a speed test: on a CI machine half as fast as usual, long tests (a form
  // checked with axe, reloaded and sent; dozens of Tab presses) ran past 30 s on both tries.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // The JSON report lets `npm test` end with the failures' messages (scripts/check/test-all.ts).
  reporter: [["list"], ["json", { outputFile: browserReportFile }]],
  use: {
    baseURL,
    trace: "off",
    // Pages are scanned and clicked without a service worker: its "ready offline" notice would
    // appear at unpredictable times. The PWA spec turns it back on for itself.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: "voice", use: desktop, testMatch: voiceSpecs, workers: 1 },
    { name: "desktop", use: desktop, testIgnore: voiceSpecs, grepInvert: /@alone/, workers: 2 },
    // Tests tagged @alone watch how a page behaves over time (frames drawn on an idle page): they
    // run after the others, with the machine to themselves, so another worker's test does not
    // slow the page's idle-time work into the second they count.
    { name: "alone", use: desktop, grep: /@alone/, dependencies: ["voice", "desktop"] },
  ],
  webServer: {
    command: `node scripts/build/ensure-build.ts && node server/server.ts`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: "100000",
      STAFF_PASSWORD_HASH: staffTestPasswordHash,
      // The inbox runs only with a random session secret too (server/staff/session.ts).
      STAFF_SESSION_SECRET: "MjW36EtF1niAAPlxkU7y5i5CfUUsiQGOgGgcBfsB4fI=",
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    },
  },
});
