import { chromium, expect, type BrowserContext, type Page } from "@playwright/test";
import { baseURL, chromiumArgs, chromiumPath } from "../playwright.config.ts";
import { appStarted, settle } from "./fixtures.ts";

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

/**
 * How long a test waits for teaching to end ("Done."): the three takes are about 20 s of audio
 * played in real time (25 s with pauses inside), and on a loaded 2-core machine the browser's
 * start and each take's check add seconds more. CI once ran past 30 s there.
 */
export const teachingWaitMs = 60_000;

export async function withMicrophone(
  profile: string,
  file: string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
  {
    serviceWorkers = "block",
    microphone = "allowed",
  }: {
    serviceWorkers?: "allow" | "block";
    /**
     * "refused": the browser refuses the microphone (as when the user said no), until the test
     * grants it (`context.grantPermissions`).
     */
    microphone?: "allowed" | "refused";
  } = {},
) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    baseURL,
    viewport: { width: 1280, height: 900 },
    serviceWorkers,
    args: [
      ...chromiumArgs.filter(
        (arg) => microphone === "allowed" || arg !== "--use-fake-ui-for-media-stream",
      ),
      // The phrase is said without a tap: the test watches the audio element play.
      "--autoplay-policy=no-user-gesture-required",
      `--use-file-for-fake-audio-capture=${file}%noloop`,
    ],
  });
  // What the page itself reported, told with a failure: CI shows only the end of its output.
  const reported: string[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on("crash", () => reported.push("the page crashed"));
    page.on("pageerror", (error) => reported.push(`uncaught: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") reported.push(`console error: ${message.text()}`);
    });
    await run(page, context);
    // The next launch on this profile reads what this one saved: closing the browser while a
    // write is still on its way can lose it (a phrase added here was missing there, on a loaded
    // machine), so the page's writes land first.
    await settle(page);
  } catch (error) {
    // What the page was telling the user (My voice's answer, the teaching dialog's progress):
    // without it a failed wait says only what did not appear.
    const page = context.pages()[0];
    const texts = (role: "status" | "alert") =>
      page
        ? page
            .getByRole(role)
            .allInnerTexts()
            .then((all) => all.map((text) => text.trim()).filter(Boolean))
            .catch(() => [])
        : Promise.resolve([]);
    // Alerts too: a phrase that could not be said says why in one.
    const shown = [...(await texts("status")), ...(await texts("alert"))];
    if (shown.length > 0) reported.unshift(`it showed: ${shown.join(" | ")}`);
    // Right under the first line: `npm test` ends with the first lines of each failure.
    if (error instanceof Error && reported.length > 0) {
      const [first, ...rest] = error.message.split("\n");
      const said = reported.join("; ").slice(0, 400);
      error.message = [first, `The page reported: ${said}`, ...rest].join("\n");
    }
    throw error;
  } finally {
    await context.close();
  }
}

/** Opens Talk and waits until its board has the stored phrases. */
export async function openTalk(page: Page) {
  await page.goto("/talk");
  // A browser just started, with nothing compiled yet, on a machine whose cores the other tests
  // keep busy: appStarted's wait is the longest the tests give.
  await appStarted(page);
  await settle(page);
  await expect(page.getByRole("region", { name: "Phrase board" })).toHaveAttribute(
    "aria-busy",
    "false",
  );
}
