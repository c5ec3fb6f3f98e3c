import { chromium, expect, type BrowserContext, type Page } from "@playwright/test";
import { baseURL, chromiumArgs, chromiumPath } from "../playwright.config.ts";
import { settle } from "./fixtures.ts";

/**
 * My voice's browser tests: Chromium's fake microphone plays a WAV file once (`%noloop`) each
 * time the microphone opens, so each step runs in a browser started with the file it needs, on
 * one profile (the user's IndexedDB) that lasts the whole test.
 */
/**
 * Seconds of quiet to start every fake-microphone file with. Chromium starts playing the file when
 * the page opens the microphone, before the page's audio worklet listens; on a loaded machine that
 * took over a second once, and the first take of three was lost.
 */
export const leadInSeconds = 3;

/**
 * Seconds of quiet after each teaching take in a file: more than the 3 s that ends a teaching take
 * (TEACHING_LIMITS), so each take is kept by itself.
 */
export const teachingGapSeconds = 4;

export async function withMicrophone(
  profile: string,
  file: string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
  serviceWorkers: "allow" | "block" = "block",
) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    baseURL,
    viewport: { width: 1280, height: 900 },
    serviceWorkers,
    args: [
      ...chromiumArgs,
      // The phrase is said without a tap: the test watches the audio element play.
      "--autoplay-policy=no-user-gesture-required",
      `--use-file-for-fake-audio-capture=${file}%noloop`,
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await run(page, context);
    // The next launch on this profile reads what this one saved: closing the browser while a
    // write is still on its way can lose it (a phrase added here was missing there, on a loaded
    // machine), so the page's writes land first.
    await settle(page);
  } finally {
    await context.close();
  }
}

/** Opens Talk and waits until its board has the stored phrases. */
export async function openTalk(page: Page) {
  await page.goto("/talk");
  await settle(page);
  await expect(page.getByRole("region", { name: "Phrase board" })).toHaveAttribute(
    "aria-busy",
    "false",
  );
}
