/**
 * Switch access: the time to the first highlight when scanning starts, in Chromium on the built
 * app. Twice: opening Talk with scanning already on (from the page's navigation to the highlight
 * drawn), and turning it on in Talk's settings (from the tap on "One switch" to the highlight
 * drawn, which includes fetching the scanning code the first time). The page marks the first
 * highlight it draws with User Timing (src/features/talk/scanning/scan-highlight.ts).
 */
import type { Page } from "puppeteer-core";
import { percentile, round, launchChromium, storeOnDevice } from "./bench-lib.ts";

export const scanningBudgets = { firstHighlightMs: 1000 };

const markName = "dauys:scan-first-highlight";
const runs = 5;

type Figures = { runs: number; firstMs: number; medianMs: number; maxMs: number };

const scanning = (mode: string) => ({ language: "en", scanning: { mode, intervalMs: 1500 } });

/** Talk opened with scanning on: navigation start to the first highlight. */
async function openedWithScanning(page: Page, url: string): Promise<number> {
  await storeOnDevice(page, { "dauys.talk-settings": scanning("one-switch") });
  await page.goto(`${url}/talk`);
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, {}, markName);
  return page.evaluate((name) => performance.getEntriesByName(name)[0]!.startTime, markName);
}

/** Scanning turned on in the settings: the tap to the first highlight. */
async function turnedOn(page: Page, url: string): Promise<number> {
  await storeOnDevice(page, { "dauys.talk-settings": scanning("off") });
  await page.goto(`${url}/talk`);
  await page.waitForSelector("section[aria-busy='false'] select");
  // The settings panel comes when the reader nears it.
  const radio = "input[type='radio'][value='one-switch']";
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForSelector(radio);
  return page.evaluate(
    (radio, name) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        new PerformanceObserver((list, observer) => {
          const mark = list.getEntriesByName(name)[0];
          if (!mark) return;
          observer.disconnect();
          resolve(mark.startTime - start);
        }).observe({ entryTypes: ["mark"] });
        document.querySelector<HTMLInputElement>(radio)!.click();
      }),
    radio,
    markName,
  );
}

async function repeat(measure: () => Promise<number>): Promise<Figures> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await measure());
  return {
    runs,
    firstMs: round(times[0]!),
    medianMs: round(percentile(times, 50)),
    maxMs: round(Math.max(...times)),
  };
}

export async function runScanningBench(url: string): Promise<Record<string, Figures>> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
    await page.goto(`${url}/no-such-page-for-setup`);
    await storeOnDevice(page, {
      "dauys.pilot-access": { grantedAt: "2026-01-01", reason: "request-sent" },
    });
    return {
      turnedOn: await repeat(() => turnedOn(page, url)),
      openedWithScanning: await repeat(() => openedWithScanning(page, url)),
    };
  } finally {
    await browser.close();
  }
}

export function scanningBudgetProblems(results: Record<string, Figures>): string[] {
  const figures = results.turnedOn;
  return figures && !(figures.medianMs <= scanningBudgets.firstHighlightMs)
    ? [
        `Switch access, tap to first highlight: median ${figures.medianMs} ms (budget ${scanningBudgets.firstHighlightMs})`,
      ]
    : [];
}

// `npm run bench:scanning`: this figure alone, on the built app.
if (import.meta.main) {
  const { execFileSync } = await import("node:child_process");
  const { startServer } = await import("./bench-lib.ts");
  execFileSync("node", ["scripts/build/ensure-build.ts"], { stdio: "inherit" });
  const server = await startServer(4315);
  try {
    const results = await runScanningBench(server.url);
    console.table(results);
    const problems = scanningBudgetProblems(results);
    for (const problem of problems) console.error(problem);
    if (problems.length) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
