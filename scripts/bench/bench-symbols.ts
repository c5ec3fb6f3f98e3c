/**
 * Symbols on Talk's board: what they add to the install precache (only the starter boards'
 * symbols are in it), and how long the board takes to draw 60 symbol buttons on a CPU slowed
 * four times (a low-end phone), in Chromium on the built app: from the choice of the board's
 * language to the next paint with all 60 buttons, and to all 60 pictures shown.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "puppeteer-core";
import { kb, percentile, round, launchChromium, storeOnDevice } from "./bench-lib.ts";
import { symbolIndexFor } from "../build/openmoji-symbols.ts";
import { openMojiFolder } from "../../src/shared/openmoji.ts";

export const symbolBudgets = { precacheGrowthKb: 150, boardRenderMs: 600 };

const dist = "dist";
const buttonCount = 60;
const cpuSlowdown = 4;
const runs = 7;

/** The precache entries that are symbols, against the whole precache, and what loads on demand. */
export function symbolPrecache() {
  const worker = readFileSync(join(dist, "service-worker.js"), "utf8");
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
  const size = (list: string[]) =>
    list.reduce(
      (sum, url) => {
        const bytes = readFileSync(join(dist, url));
        return { raw: sum.raw + bytes.byteLength, gzip: sum.gzip + gzipSync(bytes).byteLength };
      },
      { raw: 0, gzip: 0 },
    );
  const symbols = urls.filter((url) => url.startsWith(openMojiFolder));
  const all = size(urls);
  const added = size(symbols);
  const folder = join(dist, openMojiFolder);
  const onDemand = readdirSync(folder).reduce(
    (sum, file) => sum + statSync(join(folder, file)).size,
    0,
  );
  return {
    precacheEntries: urls.length,
    precacheRawKb: kb(all.raw),
    symbolEntries: symbols.length,
    growthRawKb: kb(added.raw),
    growthGzipKb: kb(added.gzip),
    onDemandSymbols: readdirSync(folder).length,
    onDemandRawMb: round(onDemand / 1e6, 2),
  };
}

/** A Kazakh board of 60 phrases, each with its own symbol (most of them not precached). */
function boardOf60() {
  return symbolIndexFor("kk")
    .slice(0, buttonCount)
    .map(([code, name], index) => ({
      id: `bench-${index}`,
      text: name,
      category: "mine",
      favourite: false,
      symbol: { set: "openmoji", code },
    }));
}

async function preset(page: Page, url: string) {
  await page.goto(`${url}/no-such-page-for-setup`);
  await storeOnDevice(page, {
    "dauys.pilot-access": { grantedAt: "2026-01-01", reason: "request-sent" },
    "dauys.talk-boards": { kk: boardOf60() },
    "dauys.talk-settings": { language: "en" },
  });
}

/** Chooses `language` for the board; resolves to [ms to the paint with its buttons, ms to all pictures shown]. */
function drawBoard(page: Page, language: string, count: number): Promise<[number, number]> {
  return page.evaluate(
    async (language, count) => {
      const select = [...document.querySelectorAll("select")].find((element) =>
        [...element.options].some((option) => option.value === language),
      )!;
      const board = () =>
        document.querySelectorAll(`div[lang='${language}'] li > button`).length >= count;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const start = performance.now();
      select.value = language;
      select.dispatchEvent(new Event("change", { bubbles: true }));
      while (!board()) await frame();
      // The frame after the one that found the buttons: they have been painted.
      await frame();
      const painted = performance.now() - start;
      const images = () => [
        ...document.querySelectorAll<HTMLImageElement>(`div[lang='${language}'] li > button img`),
      ];
      while (images().length < count || !images().every((image) => image.complete)) await frame();
      return [painted, performance.now() - start] as [number, number];
    },
    language,
    count,
  );
}

export async function runSymbolsBench(url: string) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true });
    await preset(page, url);
    await page.goto(`${url}/talk`);
    await page.waitForSelector("section[aria-busy='false'] select");
    // The first showing fetches the symbols; the runs measure drawing, with the pictures cached.
    await drawBoard(page, "kk", buttonCount);
    const session = await page.createCDPSession();
    await session.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    const paints: number[] = [];
    const pictures: number[] = [];
    for (let run = 0; run < runs; run++) {
      await drawBoard(page, "en", 26);
      const [painted, shown] = await drawBoard(page, "kk", buttonCount);
      paints.push(painted);
      pictures.push(shown);
    }
    return {
      precache: symbolPrecache(),
      board: {
        buttons: buttonCount,
        cpuSlowdown,
        runs,
        renderMedianMs: round(percentile(paints, 50)),
        renderMaxMs: round(Math.max(...paints)),
        picturesShownMedianMs: round(percentile(pictures, 50)),
      },
    };
  } finally {
    await browser.close();
  }
}

export type SymbolsFigures = Awaited<ReturnType<typeof runSymbolsBench>>;

export function printSymbolsFigures(figures: SymbolsFigures) {
  console.log("Symbols: install precache growth, and 60 symbol buttons drawn at 4x CPU slowdown:");
  console.table({ ...figures.precache, ...figures.board });
}

export function symbolsBudgetProblems(figures: SymbolsFigures): string[] {
  const problems: string[] = [];
  if (!(figures.precache.growthRawKb <= symbolBudgets.precacheGrowthKb)) {
    problems.push(
      `symbols add ${figures.precache.growthRawKb} kB to the precache (budget ${symbolBudgets.precacheGrowthKb})`,
    );
  }
  if (!(figures.board.renderMedianMs <= symbolBudgets.boardRenderMs)) {
    problems.push(
      `60 symbol buttons take ${figures.board.renderMedianMs} ms to draw at 4x slowdown (budget ${symbolBudgets.boardRenderMs})`,
    );
  }
  return problems;
}

// `npm run bench:symbols`: these figures alone, on the built app (BENCH_PORT, default 4315).
if (import.meta.main) {
  const { execFileSync } = await import("node:child_process");
  const { startServer } = await import("./bench-lib.ts");
  execFileSync("node", ["scripts/build/ensure-build.ts"], { stdio: "inherit" });
  const server = await startServer(Number(process.env.BENCH_PORT || 4315));
  try {
    const figures = await runSymbolsBench(server.url);
    printSymbolsFigures(figures);
    const problems = symbolsBudgetProblems(figures);
    for (const problem of problems) console.error(problem);
    if (problems.length) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
