/**
 * Talk: the time from a tap on a phrase to its first sound, once the voice is loaded ("warm"), for
 * a Russian and a Kazakh board, in Chromium on the built app. The page itself measures it with
 * User Timing (src/features/talk/speaking/speaker.ts): from the tap's handler to the audio's `playing`
 * event. Each phrase is tapped once, so none comes from the page's cache of recent audio; the
 * cached replay is reported apart.
 */
import type { Page } from "puppeteer-core";
import { percentile, round, launchChromium, storeOnDevice } from "./bench-lib.ts";

export const talkBudgets = { tapToSoundMs: 300 };

type TapFigures = {
  taps: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  replayMs: number;
};

const measureName = "dauys:talk-tap-to-sound";

async function presetPilotAccess(page: Page, url: string) {
  await page.goto(`${url}/no-such-page-for-setup`);
  await storeOnDevice(page, {
    "dauys.pilot-access": { grantedAt: "2026-01-01", reason: "request-sent" },
  });
}

/** Taps the board's phrase number `index` and resolves to the page's tap-to-sound time. */
async function tap(page: Page, index: number): Promise<number> {
  return page.evaluate(
    async (index, name) => {
      performance.clearMeasures(name);
      const buttons = [
        ...document.querySelectorAll<HTMLButtonElement>("section ul > li > button"),
      ].filter((button) => !button.closest("[aria-label='History']"));
      const button = buttons[index % buttons.length]!;
      // The audio element is made on the first tap: listen on the document.
      const playing = new Promise<HTMLAudioElement>((resolve) =>
        document.addEventListener("playing", (event) => resolve(event.target as HTMLAudioElement), {
          once: true,
          capture: true,
        }),
      );
      button.click();
      const audio = await playing;
      // The page records its measure in the same `playing` event.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const entry = performance.getEntriesByName(name).at(-1);
      audio.pause();
      return entry ? entry.duration : NaN;
    },
    index,
    measureName,
  );
}

async function benchLanguage(page: Page, url: string, language: string): Promise<TapFigures> {
  await page.goto(`${url}/talk`);
  // The board is read from IndexedDB once the app has taken over the page.
  await page.waitForSelector("section[aria-busy='false'] select");
  await page.evaluate((language) => {
    const select = [...document.querySelectorAll("select")].find((element) =>
      [...element.options].some((option) => option.value === language),
    )!;
    select.value = language;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }, language);
  // The first tap loads the engine and the voice: not part of the warm figure.
  await tap(page, 0);
  const times: number[] = [];
  for (let index = 1; index <= 15; index++) times.push(await tap(page, index));
  const replayMs = await tap(page, 1);
  return {
    taps: times.length,
    medianMs: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(Math.max(...times)),
    replayMs: round(replayMs),
  };
}

export async function runTalkBench(url: string): Promise<Record<string, TapFigures>> {
  const browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await presetPilotAccess(page, url);
    return { ru: await benchLanguage(page, url, "ru"), kk: await benchLanguage(page, url, "kk") };
  } finally {
    await browser.close();
  }
}

export function talkBudgetProblems(results: Record<string, TapFigures>): string[] {
  return Object.entries(results)
    .filter(([, figures]) => !(figures.p95Ms <= talkBudgets.tapToSoundMs))
    .map(
      ([language, figures]) =>
        `Talk tap-to-sound (${language}, warm) p95 is ${figures.p95Ms} ms (budget ${talkBudgets.tapToSoundMs})`,
    );
}

// `npm run bench:talk`: this figure alone, on the built app.
if (import.meta.main) {
  const { execFileSync } = await import("node:child_process");
  const { startServer } = await import("./bench-lib.ts");
  execFileSync("node", ["scripts/build/ensure-build.ts"], { stdio: "inherit" });
  const server = await startServer(4312);
  try {
    const results = await runTalkBench(server.url);
    console.table(results);
    const problems = talkBudgetProblems(results);
    for (const problem of problems) console.error(problem);
    if (problems.length) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
