/**
 * The pages' figures: initial JavaScript per route, the precache, Lighthouse (mobile, median of
 * five runs) with LCP and TBT, and the longest task while each route starts (unthrottled, in
 * Chromium), for every page of src/shared/pages.ts, against issue 22's budgets.
 * `npm run bench` includes it; `npm run bench:pages` runs it alone.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import puppeteer from "puppeteer-core";
import { pagePaths } from "../../src/shared/pages.ts";
import { chromiumArgs, chromiumPath, round } from "./bench-lib.ts";
import { initialJsPerRoute, precacheSize } from "./bundle-sizes.ts";
import { startFloorProxy } from "./bench-floor.ts";
import {
  serveThumbnails,
  standInThumbnail,
  thumbnailOrigin,
  thumbnailSource,
} from "./bench-thumbnails.ts";

export const pageBudgets = {
  homeInitialJsGzipKb: 140,
  routeInitialJsGzipKb: 170,
  precacheMb: 1.5,
  /** Median of the runs, and the least any single run may score. */
  lighthousePerformance: 97,
  lighthousePerformanceEveryRun: 95,
  lighthouseOthers: 100,
  lcpMs: 1800,
  tbtMs: 50,
  longestStartupTaskMs: 50,
};

/**
 * Lighthouse's own advice for its variability (docs/variability.md): run it several times and
 * report the median run, the one `computeMedianRun` picks by FCP and TTI. Every run's
 * performance score is kept too, so the spread is in the results.
 */
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** Runs per route of the pages without the app's scripts (bench-floor.ts); 0 leaves them out. */
const floorRuns = Number(process.env.BENCH_FLOOR_RUNS ?? 3);

type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  performanceRuns: number[];
};

export async function lighthouseScores(
  url: string,
  thumbnails: "youtube" | "stand-in",
  { runs: runCount = lighthouseRuns, reportFailingAudits = true } = {},
) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const jpeg = thumbnails === "stand-in" ? await standInThumbnail(browser) : null;
  const results: Record<string, LighthouseFigures> = {};
  // A run whose trace recording failed (NO_NAVSTART and the like) says "run Lighthouse again".
  const runOnce = async (route: string) => {
    for (let attempt = 1; ; attempt++) {
      // A fresh tab each run, as Lighthouse opens when it is given only the browser's port.
      const page = await browser.newPage();
      if (jpeg) await serveThumbnails(page, jpeg);
      const run = await lighthouse(
        `${url}${route}`,
        {
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        },
        undefined,
        page,
      ).finally(() => page.close());
      if (!run) throw new Error(`Lighthouse returned nothing for ${route}`);
      const error = run.lhr.runtimeError;
      if (!error) return run.lhr;
      if (attempt === 3) throw new Error(`Lighthouse failed on ${route}: ${error.message}`);
      console.log(`Lighthouse ${route}: ${error.code}, running it again`);
    }
  };
  try {
    // One run before the measured ones, not counted: the first page a fresh browser loads also
    // pays for the browser's own start-up (its GPU process, caches), which no route owns.
    await runOnce(pagePaths[0]!);
    for (const route of pagePaths) {
      const runs = [];
      for (let index = 0; index < runCount; index++) runs.push(await runOnce(route));
      const { categories, audits }: Result = computeMedianRun(runs);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      results[route] = {
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
        tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? NaN),
        cls: round(audits["cumulative-layout-shift"]?.numericValue ?? NaN, 3),
        performanceRuns: runs.map((run) =>
          Math.round((run.categories.performance?.score ?? 0) * 100),
        ),
      };
      if (!reportFailingAudits) continue;
      const failing = Object.values(audits).filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary",
      );
      // What each failing audit found (a console error's text and source, an element…), so the
      // reason is in the output: on a machine without internet, for example, the Recovery
      // page's YouTube thumbnails fail to load and the browser logs each failure.
      for (const audit of failing) {
        const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items;
        const found = (items ?? [])
          .slice(0, 5)
          .map((item) =>
            [
              item.description,
              item.url,
              (item.sourceLocation as { url?: string } | undefined)?.url,
              (item.node as { snippet?: string } | undefined)?.snippet,
            ]
              .filter((part) => typeof part === "string" && part)
              .join(" "),
          );
        console.log(`Lighthouse ${route}: ${audit.id} fails`, found);
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return results;
}

/**
 * The longest task on the main thread from navigation until the route has settled (3 s without
 * network activity), unthrottled: what a user's first tap could wait for. Each route is loaded
 * in a fresh tab with an empty cache, five times; the median of the five longest is reported.
 */
export async function longestStartupTasks(url: string): Promise<Record<string, number>> {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
  });
  const results: Record<string, number> = {};
  try {
    for (const route of pagePaths) {
      const longest: number[] = [];
      for (let run = 0; run < 5; run++) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await page.evaluateOnNewDocument(() => {
          const durations: number[] = [];
          (window as unknown as { longTasks: number[] }).longTasks = durations;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) durations.push(entry.duration);
          }).observe({ type: "longtask", buffered: true });
        });
        await page.goto(`${url}${route}`, { waitUntil: "networkidle0" });
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const tasks = await page.evaluate(
          () => (window as unknown as { longTasks: number[] }).longTasks,
        );
        longest.push(Math.max(0, ...tasks));
        await context.close();
      }
      longest.sort((a, b) => a - b);
      results[route] = Math.round(longest[2]!);
    }
  } finally {
    await browser.close();
  }
  return results;
}

export type PageFigures = {
  bundle: ReturnType<typeof initialJsPerRoute>;
  precache: ReturnType<typeof precacheSize>;
  lighthouse: Awaited<ReturnType<typeof lighthouseScores>>;
  /** The same pages without the app's scripts (bench-floor.ts), or null when not measured. */
  lighthouseWithoutApp: Awaited<ReturnType<typeof lighthouseScores>> | null;
  longestStartupTaskMs: Record<string, number>;
  lessonThumbnails: "youtube" | "stand-in";
};

export async function runPagesBench(url: string): Promise<PageFigures> {
  const bundle = initialJsPerRoute();
  const precache = precacheSize();
  const lessonThumbnails = await thumbnailSource();
  const lighthouseResults = await lighthouseScores(url, lessonThumbnails);
  let lighthouseWithoutApp = null;
  if (floorRuns > 0) {
    const floor = await startFloorProxy(url);
    try {
      lighthouseWithoutApp = await lighthouseScores(floor.url, lessonThumbnails, {
        runs: floorRuns,
        reportFailingAudits: false,
      });
    } finally {
      await floor.stop();
    }
  }
  const longestStartupTaskMs = await longestStartupTasks(url);
  return {
    bundle,
    precache,
    lighthouse: lighthouseResults,
    lighthouseWithoutApp,
    longestStartupTaskMs,
    lessonThumbnails,
  };
}

export function printPageFigures(figures: PageFigures) {
  console.log("Initial JS per route (kB gzip):");
  console.table(figures.bundle.perRoute);
  console.log(`Total JS: ${figures.bundle.totalJsGzipKb} kB gzip`);
  console.log("Precache:", figures.precache);
  console.log(
    figures.lessonThumbnails === "youtube"
      ? "Lighthouse (mobile, median of the runs), lesson thumbnails from YouTube:"
      : `Lighthouse (mobile, median of the runs); ${new URL(thumbnailOrigin).hostname} cannot be reached from this machine, so a stand-in answered for it with 480×360 JPEGs:`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(figures.lighthouse).map(([route, scores]) => [
        route,
        { ...scores, performanceRuns: scores.performanceRuns.join(" ") },
      ]),
    ),
  );
  if (figures.lighthouseWithoutApp) {
    console.log(
      "The same pages without the app's scripts (Lighthouse, median of the runs): what the page " +
        "alone costs, its navigation, headers, markup and styles, before any of the app runs:",
    );
    console.table(
      Object.fromEntries(
        Object.entries(figures.lighthouseWithoutApp).map(([route, scores]) => [
          route,
          {
            performance: scores.performance,
            lcpMs: scores.lcpMs,
            tbtMs: scores.tbtMs,
            performanceRuns: scores.performanceRuns.join(" "),
          },
        ]),
      ),
    );
  }
  console.log("Longest start-up task per route, unthrottled (ms, median of 5):");
  console.table(figures.longestStartupTaskMs);
}

export function pageBudgetProblems(figures: PageFigures): string[] {
  const broken: string[] = [];
  const b = pageBudgets;
  for (const [route, size] of Object.entries(figures.bundle.perRoute)) {
    const budget = route === "/" ? b.homeInitialJsGzipKb : b.routeInitialJsGzipKb;
    if (size > budget) broken.push(`initial JS of ${route} is ${size} kB gzip (budget ${budget})`);
  }
  if (figures.precache.rawMb > b.precacheMb)
    broken.push(`precache is ${figures.precache.rawMb} MB (budget ${b.precacheMb})`);
  for (const [route, scores] of Object.entries(figures.lighthouse)) {
    if (scores.performance < b.lighthousePerformance)
      broken.push(`Lighthouse performance on ${route} is ${scores.performance} (median)`);
    const worst = Math.min(...scores.performanceRuns);
    if (worst < b.lighthousePerformanceEveryRun)
      broken.push(`Lighthouse performance on ${route} fell to ${worst} in one run`);
    if (scores.lcpMs > b.lcpMs) broken.push(`LCP on ${route} is ${scores.lcpMs} ms`);
    if (scores.tbtMs > b.tbtMs) broken.push(`TBT on ${route} is ${scores.tbtMs} ms`);
    for (const category of ["accessibility", "bestPractices", "seo"] as const) {
      if (scores[category] < b.lighthouseOthers)
        broken.push(`Lighthouse ${category} on ${route} is ${scores[category]}`);
    }
  }
  for (const [route, ms] of Object.entries(figures.longestStartupTaskMs)) {
    if (ms > b.longestStartupTaskMs) broken.push(`longest start-up task on ${route} is ${ms} ms`);
  }
  return broken;
}

// `npm run bench:pages`: these figures alone, on the built app.
if (import.meta.main) {
  const { execFileSync } = await import("node:child_process");
  const { startServer } = await import("./bench-lib.ts");
  execFileSync("node", ["scripts/build/ensure-build.ts"], { stdio: "inherit" });
  const server = await startServer(4314);
  try {
    const figures = await runPagesBench(server.url);
    printPageFigures(figures);
    const problems = pageBudgetProblems(figures);
    for (const problem of problems) console.error(problem);
    if (problems.length) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
