import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Download, type Locator, type Page } from "@playwright/test";
import { FEATURES_FORMAT } from "../src/shared/phrase-recogniser/features.ts";
import {
  brokenWords,
  cameraPhoto,
  drawLaterParts,
  dropConnectionOn,
  expectNoAxeViolations,
  findSmallTargets,
  findSpilledText,
  plainHttpPage,
  presetLanguage,
  presetPilotAccess,
  presetStoredValue,
  settle,
  storedValue,
  switchLanguage,
  visitUntilControlled,
} from "./fixtures.ts";

/*
 * The Talk screen, with the real on-device engine (eSpeak NG in its worker), IndexedDB and
 * server. "Plays" means the page's <audio> element really runs through a decoded, non-silent
 * signal, not only that a button changed.
 */

/** Opens Talk once the app has taken over the page and read the board from IndexedDB. */
async function openTalk(page: Page) {
  await presetPilotAccess(page);
  await page.goto("/talk");
  await expect(page.getByRole("heading", { level: 1, name: "Talk" })).toBeVisible();
  await settle(page);
  await expect(board(page)).toHaveAttribute("aria-busy", "false");
  await listenToTalkAudio(page);
}

/**
 * Three taught examples as My voice stores them. Their values do not matter where they are used:
 * nothing is answered, the phrase only counts as taught.
 */
const taughtExamples = () => {
  const features = { format: FEATURES_FORMAT, method: "normalised", dims: 2, voicedMs: 900 };
  return [1, 2, 3].map((addedAt) => ({
    features: { ...features, frames: "AAAAAAAAgD8=" },
    origin: "taught",
    addedAt,
  }));
};

/** A board of two phrases, both taught to My voice. */
async function presetTwoTaughtPhrases(page: Page) {
  await presetStoredValue(page, "dauys.talk-boards", {
    en: [
      { id: "thirsty", text: "I am thirsty.", category: "needs", favourite: false },
      { id: "nurse", text: "Call the nurse.", category: "needs", favourite: false },
    ],
  });
  await presetStoredValue(page, "dauys.voice-examples", {
    en: { thirsty: taughtExamples(), nurse: taughtExamples() },
  });
}

/** How many examples My voice has stored for each English phrase. */
async function storedExampleCounts(page: Page) {
  const stored = (await storedValue(page, "dauys.voice-examples")) as {
    en?: Record<string, unknown[]>;
  } | null;
  return Object.fromEntries(
    Object.entries(stored?.en ?? {}).map(([id, list]) => [id, list.length]),
  );
}

/** Types `text`, says it with Enter, and presses its Pin in the history. */
async function sayAndPin(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Type what you want to say" });
  await box.fill(text);
  await box.press("Enter");
  await historyRegion(page)
    .getByRole("button", { name: `Pin to the board: ${text}` })
    .click();
}

/** A board of the user's own phrases, "Phrase number 1" on (300 is a full board). */
const numberedPhrases = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: `p${index}`,
    text: `Phrase number ${index + 1}`,
    category: "mine",
    favourite: false,
  }));

/** What Talk says when a phrase cannot be said because its voice has never come to the device. */
const voiceNotHere =
  "The voice for this language is not on this device yet. Connect to the internet once to load it; after that it works offline.";
const board = (page: Page) => page.getByRole("region", { name: "Phrase board" });
const historyRegion = (page: Page) => page.getByRole("region", { name: "History" });
const phraseGroup = (page: Page, name: string) =>
  board(page).getByRole("region", { name, exact: true });

/** The installed app beside a browser tab: the same device storage, a second page on Talk. */
async function openSecondTab(page: Page) {
  const other = await page.context().newPage();
  await other.goto("/talk");
  await settle(other);
  await expect(board(other)).toHaveAttribute("aria-busy", "false");
  return other;
}

/** Adds a phrase to the board of `tab` (which stays in edit mode). */
async function addPhraseIn(tab: Page, text: string) {
  await tab.getByRole("button", { name: "Edit the board" }).click();
  await board(tab).getByRole("button", { name: "Add a phrase" }).click();
  const dialog = tab.getByRole("dialog", { name: "Add a phrase" });
  await dialog.getByRole("textbox", { name: "Phrase" }).fill(text);
  await dialog.getByRole("button", { name: "Save the phrase" }).click();
}

/**
 * Listens to what the Talk screen's <audio> element really plays: the element's own output,
 * captured as a stream and measured by a Web Audio analyser, so silence or a broken file shows
 * as a peak of 0. The peak (0 to 1) is kept in `window.talkPeak`.
 */
async function listenToTalkAudio(page: Page) {
  await page.evaluate(() => {
    const state = window as unknown as { talkPeak: number };
    state.talkPeak = 0;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    const samples = new Float32Array(analyser.fftSize);
    const attach = (audio: HTMLAudioElement) => {
      const stream = (audio as HTMLAudioElement & { captureStream(): MediaStream }).captureStream();
      const connect = () => {
        if (stream.getAudioTracks().length)
          context.createMediaStreamSource(stream).connect(analyser);
        else stream.addEventListener("addtrack", connect, { once: true });
      };
      connect();
    };
    const found = document.querySelector<HTMLAudioElement>("audio[data-talk-audio]");
    if (found) attach(found);
    else {
      const observer = new MutationObserver(() => {
        const audio = document.querySelector<HTMLAudioElement>("audio[data-talk-audio]");
        if (!audio) return;
        observer.disconnect();
        attach(audio);
      });
      observer.observe(document.body, { childList: true });
    }
    setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      for (const sample of samples) state.talkPeak = Math.max(state.talkPeak, Math.abs(sample));
    }, 10);
  });
}

/** Waits until the page's audio has played a real, audible signal. */
async function expectAudioPlaying(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { talkPeak: number }).talkPeak), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0.05);
  const duration = await page
    .locator("audio[data-talk-audio]")
    .evaluate((element: HTMLAudioElement) => element.duration);
  expect(duration).toBeGreaterThan(0.3);
}

/** A history entry's own button: its name is the text said, then the time. */
const entryButton = (page: Page, text: string) =>
  historyRegion(page).getByRole("button", {
    name: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  });

/**
 * Talk on a phone, with what keeps the board under the finger as what was said appears above it
 * (it comes just after the page is drawn, before a hand can tap).
 */
async function openTalkOnPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const keeping = page.waitForResponse(/\/keep-pressed-in-place-[^/]*\.js$/);
  await openTalk(page);
  await keeping;
}

async function firstPhrase(
  page: Page,
  group = "Needs",
): Promise<{ button: Locator; text: string }> {
  const button = phraseGroup(page, group).getByRole("button").first();
  return { button, text: (await button.innerText()).trim() };
}

test.describe("Talk", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a tap on a phrase says it aloud, shows it large and keeps it in the history", async ({
    page,
  }) => {
    await openTalk(page);
    const { button, text } = await firstPhrase(page);
    await button.click();
    // Said to screen readers while it plays: checked first, as a short phrase is soon over.
    await expect(page.getByRole("status").filter({ hasText: `Saying: ${text}` })).toBeAttached();
    await expectAudioPlaying(page);
    const said = page.getByRole("region", { name: "Said last" });
    await expect(said.getByText(text, { exact: true })).toBeVisible();
    await expect(entryButton(page, text)).toBeVisible();
    await expect
      .poll(() => storedValue(page, "dauys.talk-history"))
      .toMatchObject([{ text, language: "en" }]);
  });

  test("on a clinic's server reached over plain http, a phrase and its photo are added, said, and kept in the history", async () => {
    test.slow();
    // Not localhost, so not a secure context: the page has no crypto.randomUUID, as on a
    // clinic's own network reached by the server's name or address.
    const { browser, page } = await plainHttpPage();
    try {
      await openTalk(page);
      expect(await page.evaluate(() => [isSecureContext, typeof crypto.randomUUID])).toEqual([
        false,
        "undefined",
      ]);

      await board(page).getByRole("button", { name: "Edit the board" }).click();
      await board(page).getByRole("button", { name: "Add a phrase" }).click();
      const dialog = page.getByRole("dialog", { name: "Add a phrase" });
      await dialog.getByRole("textbox", { name: "Phrase" }).fill("My cat Barsik");
      const chooser = page.waitForEvent("filechooser");
      await dialog.getByRole("button", { name: "Choose a photo" }).click();
      await (await chooser).setFiles(await cameraPhoto(page));
      await expect(
        dialog.getByRole("status").filter({ hasText: "The photo is the phrase's picture now." }),
      ).toBeVisible();
      await dialog.getByRole("button", { name: "Save the phrase" }).click();
      await expect(dialog).toHaveCount(0);
      await board(page).getByRole("button", { name: "Done editing" }).click();
      const phrase = board(page).getByRole("button", { name: "My cat Barsik", exact: true });
      await expect
        .poll(() =>
          phrase
            .locator("img")
            .evaluateAll(
              (images) =>
                images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length,
            ),
        )
        .toBe(1);

      await phrase.click();
      await expectAudioPlaying(page);
      await expect(entryButton(page, "My cat Barsik")).toBeVisible();
      await expect(page.getByText("This could not be said aloud. Please try again.")).toHaveCount(
        0,
      );
      const history = (await storedValue(page, "dauys.talk-history")) as { id: string }[];
      expect(history).toMatchObject([{ text: "My cat Barsik", language: "en" }]);
      expect(history[0]!.id).not.toBe("");
    } finally {
      await browser.close();
    }
  });

  test("a voice download that stalls ends in a message, and the next tap says the phrase", async ({
    page,
  }) => {
    // Talk's own engine. The connection hangs on the first download of the voice without going
    // offline; later ones come.
    let asked = 0;
    await page.route("**/voice-pack/**", (route) => {
      asked += 1;
      return asked === 1 ? new Promise<void>(() => undefined) : route.continue();
    });
    await openTalk(page);
    const { button, text } = await firstPhrase(page);
    await button.click();
    // What the user can do about it: the voice has not come, and a connection brings it.
    const failed = page.getByRole("alert").filter({ hasText: "The voice for this language" });
    await expect(failed).toHaveText(voiceNotHere, { timeout: 40_000 });
    await button.click();
    await expectAudioPlaying(page);
    await expect(
      page.getByRole("region", { name: "Said last" }).getByText(text, { exact: true }),
    ).toBeVisible();
    await expect(failed).toHaveCount(0);
  });

  test("on a Wi-Fi without internet, a voice never saved is said to be missing, not a failure to try again", async ({
    page,
  }) => {
    // The browser says it is online; nothing beyond the Wi-Fi answers.
    await page.route("**/voice-pack/**", (route) => route.abort("internetdisconnected"));
    await openTalk(page);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    const { button } = await firstPhrase(page);
    await button.click();
    await expect(page.getByRole("alert")).toHaveText(voiceNotHere, { timeout: 30_000 });
    await expect(page.getByText("This could not be said aloud.")).toHaveCount(0);
  });

  test("on a phone, why a phrase far down the board could not be said shows on the screen, and the board stays under the finger", async ({
    page,
  }) => {
    await page.route("**/voice-pack/**", (route) => route.abort("internetdisconnected"));
    await openTalkOnPhone(page);
    const { button } = await firstPhrase(page, "Feelings");
    await button.scrollIntoViewIfNeeded();
    const before = (await button.boundingBox())!;
    await button.click();
    const why = page.getByRole("alert").filter({ hasText: "The voice for this language" });
    await expect(why).toHaveText(voiceNotHere, { timeout: 30_000 });
    // Where the user is, not above the board out of sight; the phrase has not moved.
    await expect(why).toBeInViewport();
    expect(Math.abs((await button.boundingBox())!.y - before.y)).toBeLessThan(2);
    // Closed, the focus is back on the phrase tapped.
    await why.getByRole("button", { name: "Close" }).click();
    await expect(why).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test("on a phone, the board stays under the finger when what was said appears above it", async ({
    page,
  }) => {
    await openTalkOnPhone(page);
    const phrases = phraseGroup(page, "Needs").getByRole("button");
    const first = (await phrases.nth(0).boundingBox())!;
    const second = (await phrases.nth(1).boundingBox())!;
    const secondText = (await phrases.nth(1).innerText()).trim();
    const secondAt = { x: second.x + second.width / 2, y: second.y + second.height / 2 };
    // What a tap at the second phrase's place would press at each change of the page, at once,
    // before the browser draws the next frame: a tap on a slow phone can come in that moment.
    await page.evaluate(({ x, y }) => {
      const pressable: string[] = [];
      Object.assign(window, { pressableAtSecond: pressable });
      new MutationObserver(() =>
        // After every other observer of this change has run, as the page's own code would.
        queueMicrotask(() => {
          const button = document.elementFromPoint(x, y)?.closest("button");
          pressable.push(button?.textContent?.trim() ?? "nothing");
        }),
      ).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, secondAt);
    // Two taps where the phrases were when the page opened, as a hand does, at the page's top.
    await page.mouse.click(first.x + first.width / 2, first.y + first.height / 2);
    const said = page.getByRole("region", { name: "Said last" });
    await expect(said).toBeAttached();
    await page.mouse.click(secondAt.x, secondAt.y);
    await expect(said.getByText(secondText, { exact: true })).toBeAttached();
    expect((await phrases.nth(0).boundingBox())!.y).toBeCloseTo(first.y, 0);
    const pressable = await page.evaluate(
      () => (window as unknown as { pressableAtSecond: string[] }).pressableAtSecond,
    );
    expect(pressable.length).toBeGreaterThan(0);
    expect(new Set(pressable)).toEqual(new Set([secondText]));
  });

  test("on a phone, a phrase tapped far down the board stays under the finger as what was said appears above it", async ({
    page,
  }) => {
    await openTalkOnPhone(page);
    // Scrolled down the board: there the browser keeps what is in view in place by itself, and
    // the page must not be moved a second time.
    const { button, text } = await firstPhrase(page, "Feelings");
    await button.scrollIntoViewIfNeeded();
    const before = (await button.boundingBox())!;
    await button.click();
    await expect(
      page.getByRole("region", { name: "Said last" }).getByText(text, { exact: true }),
    ).toBeAttached();
    expect(Math.abs((await button.boundingBox())!.y - before.y)).toBeLessThan(2);
    await expectAudioPlaying(page);
    expect(Math.abs((await button.boundingBox())!.y - before.y)).toBeLessThan(2);
  });

  test("Stop silences a long message at once", async ({ page }) => {
    await openTalk(page);
    // Long enough (well over ten seconds of speech) that it still plays however busy the machine is.
    const message = [
      "Good morning, thank you for coming today.",
      "I would like to talk about my medicines and the exercises for my hands.",
      "Please speak slowly and give me a little time to answer each question.",
      "If I need a break I will tell you, and we can go on a few minutes later.",
    ].join(" ");
    const box = page.getByRole("textbox", { name: "Type what you want to say" });
    await box.fill(message);
    await box.press("Enter");
    await expectAudioPlaying(page);
    const audio = page.locator("audio[data-talk-audio]");
    expect(await audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(
      10,
    );
    const said = page.getByRole("region", { name: "Said last" });
    await said.getByRole("button", { name: "Stop" }).click();
    expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
    await expect(said.getByRole("button", { name: "Stop" })).toBeDisabled();
    // Still in reach of the keyboard: the focus stays on it rather than falling to the page.
    await expect(said.getByRole("button", { name: "Stop" })).toBeFocused();
  });

  test("speech paused from outside the page (a headset's button, the phone's media controls) is over: Stop goes quiet", async ({
    page,
  }) => {
    await openTalk(page);
    const box = page.getByRole("textbox", { name: "Type what you want to say" });
    await box.fill(
      "Good morning, thank you for coming today. I would like to talk about my medicines and the exercises for my hands.",
    );
    await box.press("Enter");
    await expectAudioPlaying(page);
    const stop = page
      .getByRole("region", { name: "Said last" })
      .getByRole("button", { name: "Stop" });
    await expect(stop).toBeEnabled();
    // What the browser's media controls do: pause the page's audio element.
    await page
      .locator("audio[data-talk-audio]")
      .evaluate((audio: HTMLAudioElement) => audio.pause());
    await expect(stop).toBeDisabled();
  });

  test("what is typed to be said is kept through a reload and a visit to another page, until it is cleared", async ({
    page,
  }) => {
    await openTalk(page);
    const box = page.getByRole("textbox", { name: "Type what you want to say" });
    await box.fill("Please bring my glasses from the bag");
    // Kept after a pause in typing, as the contact form's draft is.
    await expect
      .poll(() => storedValue(page, "dauys.talk-draft"))
      .toBe("Please bring my glasses from the bag");
    await page.reload();
    await expect(box).toHaveValue("Please bring my glasses from the bag");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About" })
      .click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Talk" })
      .click();
    await expect(box).toHaveValue("Please bring my glasses from the bag");
    await box.fill("");
    await expect.poll(() => storedValue(page, "dauys.talk-draft")).toBeNull();
    await page.reload();
    await expect(board(page)).toHaveAttribute("aria-busy", "false");
    await expect(box).toBeVisible();
    await expect(box).toHaveValue("");
  });

  test("the panels under the board come by themselves; one whose code cannot arrive says so, and the rest works", async ({
    page,
  }) => {
    const historyCode = /\/assets\/talk-history-[\w-]+\.js$/;
    await page.route(historyCode, (route) => route.abort("internetdisconnected"));
    await openTalk(page);
    // Not scrolled to: the panels come once the page is live and the browser idle.
    await expect(page.getByRole("textbox", { name: "Type what you want to say" })).toBeAttached();
    await expect(page.getByRole("button", { name: "Export the board" })).toBeAttached();
    await expect(page.getByRole("heading", { name: "Audio without internet" })).toBeAttached();
    const history = historyRegion(page);
    await expect(history.getByText(/^Part of the page could not be loaded/)).toBeAttached();
    await expect(history.getByText("Nothing said yet.")).toHaveCount(0);

    // The board still speaks, and what it says is kept.
    const { button, text } = await firstPhrase(page);
    await button.click();
    await expectAudioPlaying(page);

    // With the connection back, Try again brings the history, with what was said.
    await page.unroute(historyCode);
    await history.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Talk" })).toBeVisible();
    await expect(entryButton(page, text)).toBeAttached();
  });

  test("Listen at the top of Talk brings My voice into view on a phone and listens", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const myVoice = page.getByRole("region", { name: "My voice" });
    const atTop = page.getByRole("button", { name: "Listen", exact: true }).first();
    const panelListen = myVoice.getByRole("button", { name: "Listen", exact: true });

    // Nothing taught yet: it shows where to teach, with the panel's Listen focused.
    await openTalk(page);
    await expect(atTop).toBeInViewport();
    await expect(page.getByRole("heading", { name: "My voice" })).not.toBeInViewport();
    await atTop.click();
    await expect(panelListen).toBeFocused();
    await expect(myVoice.getByText("Teach at least one phrase first.")).toBeInViewport();
    // Why it does nothing yet is read with it.
    await expect(panelListen).toHaveAccessibleDescription("Teach at least one phrase first.");
    await expect(myVoice.getByText("Listening… say your phrase.")).toHaveCount(0);

    // A phrase taught before.
    const phrase = { id: "taught-1", text: "I am thirsty.", category: "needs", favourite: true };
    await presetStoredValue(page, "dauys.talk-boards", { en: [phrase] });
    await presetStoredValue(page, "dauys.voice-examples", {
      en: { [phrase.id]: taughtExamples() },
    });
    await openTalk(page);
    await atTop.click();
    // Chromium's fake microphone beeps on, so the take is still being heard when checked.
    await expect(myVoice.getByText("Listening… say your phrase.")).toBeInViewport();
    await expect(panelListen).toBeFocused();
    await expect(myVoice.getByRole("button", { name: "I have finished" })).toBeInViewport();
    // Ended by the keyboard: the button goes with the take, the focus stays in My voice (on
    // Listen, or on the answer's choices) rather than falling to the page.
    await myVoice.getByRole("button", { name: "I have finished" }).focus();
    await page.keyboard.press("Enter");
    await expect(myVoice.getByText("Listening… say your phrase.")).toHaveCount(0);
    await expect(myVoice.locator(":focus")).toHaveCount(1);
  });

  test("Type at the top of Talk brings the box to type in, with the focus in it, on a phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await presetPilotAccess(page);
    // A draft begun before: the caret goes to its end, so typing goes on from there.
    await presetStoredValue(page, "dauys.talk-draft", "Please bring");
    await page.goto("/talk");
    const type = page.getByRole("button", { name: "Type", exact: true });
    const box = page.getByRole("textbox", { name: "Type what you want to say" });
    await expect(type).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Type to speak" })).not.toBeInViewport();
    // Pressed at once: the panel under the board has not come yet, and the focus waits for it.
    await expect(box).toHaveCount(0);
    await type.click();
    await expect(box).toBeFocused();
    await expect(box).toBeInViewport();
    await expect(box).toHaveValue("Please bring");
    await page.keyboard.type(" my glasses");
    await page.keyboard.press("Enter");
    await expect(
      page
        .getByRole("region", { name: "Said last" })
        .getByText("Please bring my glasses", { exact: true }),
    ).toBeVisible();

    // Pressed again later, from the top of the page: the box has the focus again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Edit the board" }).focus();
    await type.click();
    await expect(box).toBeFocused();
    await expect(box).toBeInViewport();
  });

  test("Listen stops what Talk is saying, so that the take hears the user and not the speaker", async ({
    page,
  }) => {
    await presetTwoTaughtPhrases(page);
    await openTalk(page);
    const box = page.getByRole("textbox", { name: "Type what you want to say" });
    await box.fill(
      "Good morning, thank you for coming today. I would like to talk about my medicines and " +
        "the exercises for my hands, so please speak slowly and give me time to answer.",
    );
    await box.press("Enter");
    await expectAudioPlaying(page);
    const audio = page.locator("audio[data-talk-audio]");
    const myVoice = page.getByRole("region", { name: "My voice" });
    await myVoice.getByRole("button", { name: "Listen", exact: true }).click();
    await expect(myVoice.getByText(/^(Starting the microphone|Listening)…/)).toBeVisible();
    expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
  });

  test("Listen is not left busy when the sound stops coming mid-take (the app sent to the background)", async ({
    page,
  }) => {
    // The page's audio contexts, so the test can stop one as the system does to a background
    // app; the microphone, the context and the recogniser are the browser's own.
    await page.addInitScript(() => {
      const contexts: AudioContext[] = [];
      (window as unknown as { audioContexts: AudioContext[] }).audioContexts = contexts;
      const Original = window.AudioContext;
      window.AudioContext = class extends Original {
        constructor(options?: AudioContextOptions) {
          super(options);
          contexts.push(this);
        }
      };
    });
    await presetTwoTaughtPhrases(page);
    await openTalk(page);
    const myVoice = page.getByRole("region", { name: "My voice" });
    const listen = myVoice.getByRole("button", { name: "Listen", exact: true });
    await listen.click();
    await expect(myVoice.getByText("Listening… say your phrase.")).toBeVisible();
    await page.evaluate(() =>
      (window as unknown as { audioContexts: AudioContext[] }).audioContexts.at(-1)!.suspend(),
    );
    await expect(myVoice.getByText("Listening… say your phrase.")).toHaveCount(0);
    await expect(listen).not.toHaveAttribute("aria-disabled", "true");
  });

  test("My voice asks for a phrase one word from a taught one to be taught too", async ({
    page,
  }) => {
    const phrases = [
      { id: "head", text: "My head hurts.", category: "feelings", favourite: false },
      { id: "leg", text: "My leg hurts.", category: "feelings", favourite: false },
      { id: "nurse", text: "Call the nurse.", category: "needs", favourite: false },
    ];
    await presetStoredValue(page, "dauys.talk-boards", { en: phrases });
    // "My head hurts." taught.
    await presetStoredValue(page, "dauys.voice-examples", { en: { head: taughtExamples() } });
    await openTalk(page);
    const myVoice = page.getByRole("region", { name: "My voice" });
    const hint =
      "One word apart from “My head hurts.”: teach this one too, so My voice does not take one for the other.";
    const row = (text: string) =>
      myVoice.getByRole("listitem").filter({ has: page.getByText(text, { exact: true }) });
    await expect(row("My leg hurts.").getByText(hint)).toBeVisible();
    await expect(myVoice.getByText(/^One word apart/)).toHaveCount(1);
    await expectNoAxeViolations(page, "My voice asking for a phrase one word apart");
  });

  test("a phrase deleted while My voice is still loading takes only its own examples with it", async ({
    page,
  }) => {
    await presetTwoTaughtPhrases(page);
    // My voice's stored examples are read with its code, held back here as on a slow connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/voice-examples-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openTalk(page);
    await page.getByRole("button", { name: "Edit the board" }).click();
    await board(page).getByRole("button", { name: "Delete: Call the nurse." }).click();
    await expect(board(page).getByText("Deleted: Call the nurse.")).toBeVisible();
    release();

    const myVoice = page.getByRole("region", { name: "My voice" });
    await expect(myVoice.getByText("I am thirsty.", { exact: true })).toBeVisible();
    await expect.poll(() => storedExampleCounts(page)).toEqual({ thirsty: 3 });
  });

  for (const { name, photo } of [
    { name: "Undo after deleting a taught phrase brings back its taught voice too", photo: false },
    {
      // Its photo is read before it is deleted, so a tremor's second tap lands on the same Delete.
      name: "a double tap on Delete of a phrase with a photo, then Undo, brings back its taught voice too",
      photo: true,
    },
  ])
    test(name, async ({ page }) => {
      await presetTwoTaughtPhrases(page);
      if (photo) {
        await presetStoredValue(page, "dauys.talk-boards", {
          en: [
            { id: "thirsty", text: "I am thirsty.", category: "needs", favourite: false },
            {
              id: "nurse",
              text: "Call the nurse.",
              category: "needs",
              favourite: false,
              symbol: { set: "picture", id: "photo-1" },
            },
          ],
        });
        await page.evaluate(async () => {
          const canvas = new OffscreenCanvas(64, 64);
          canvas.getContext("2d")!.fillRect(0, 0, 32, 32);
          const photo = await canvas.convertToBlob({ type: "image/png" });
          await new Promise<void>((resolve, reject) => {
            const open = indexedDB.open("dauys-pictures");
            open.onupgradeneeded = () => open.result.createObjectStore("pictures");
            open.onsuccess = () => {
              const put = open.result
                .transaction("pictures", "readwrite")
                .objectStore("pictures")
                .put(photo, "photo-1");
              put.onsuccess = () => {
                open.result.close();
                resolve();
              };
              put.onerror = () => reject(put.error);
            };
            open.onerror = () => reject(open.error);
          });
        });
      }
      await openTalk(page);
      const myVoice = page.getByRole("region", { name: "My voice" });
      await expect(myVoice.getByText("Call the nurse.", { exact: true })).toBeVisible();

      await page.getByRole("button", { name: "Edit the board" }).click();
      const remove = board(page).getByRole("button", { name: "Delete: Call the nurse." });
      await (photo ? remove.dblclick() : remove.click());
      await expect(board(page).getByText("Deleted: Call the nurse.")).toBeVisible();
      await expect.poll(() => storedExampleCounts(page)).toEqual({ thirsty: 3 });
      await expect(myVoice.getByText("Call the nurse.", { exact: true })).toHaveCount(0);

      await board(page).getByRole("button", { name: "Undo" }).click();
      await expect(
        board(page).getByRole("button", { name: "Delete: Call the nurse." }),
      ).toBeVisible();
      await expect.poll(() => storedExampleCounts(page)).toEqual({ thirsty: 3, nurse: 3 });
      await expect(myVoice.getByText("Call the nurse.", { exact: true })).toBeVisible();
    });

  test("'Keep my recordings' ticked before My voice has read what it learnt stays ticked, and is stored", async ({
    page,
  }) => {
    await presetTwoTaughtPhrases(page);
    // My voice's code is slow to come (a slow connection on the first visit after an update): the
    // user ticks the box before the stored settings are read.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/stored-voice-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openTalk(page);
    const myVoice = page.getByRole("region", { name: "My voice" });
    const keep = myVoice.getByRole("checkbox", {
      name: "Keep my recordings on this device",
      exact: false,
    });
    await keep.check();
    release();
    // Read: the phrases show as taught.
    await expect(
      myVoice.getByRole("button", { name: "Forget my voice: Call the nurse." }),
    ).toBeVisible();
    await expect(keep).toBeChecked();
    await expect
      .poll(() => storedValue(page, "dauys.voice-settings"))
      .toMatchObject({ keepRecordings: true });
    await page.reload();
    await expect(keep).toBeChecked();
  });

  test("Undo of a deleted phrase does not bring back its recordings once they are no longer kept", async ({
    page,
  }) => {
    await presetTwoTaughtPhrases(page);
    await presetStoredValue(page, "dauys.voice-settings", { keepRecordings: true });
    // The nurse's takes were kept as recordings.
    await page.evaluate(async () => {
      const store = (mode: IDBTransactionMode) =>
        new Promise<IDBObjectStore>((resolve, reject) => {
          const open = indexedDB.open("dauys");
          open.onsuccess = () =>
            resolve(open.result.transaction("keyval", mode).objectStore("keyval"));
          open.onerror = () => reject(open.error);
        });
      const request = (await store("readonly")).get("dauys.voice-examples");
      const voice = await new Promise<{ en: Record<string, object[]> }>((resolve) => {
        request.onsuccess = () => resolve(request.result);
      });
      const wav = new Blob([new Uint8Array(64)], { type: "audio/wav" });
      voice.en.nurse = voice.en.nurse!.map((example) => ({ ...example, audio: wav }));
      const put = (await store("readwrite")).put(voice, "dauys.voice-examples");
      await new Promise((resolve, reject) => {
        put.onsuccess = resolve;
        put.onerror = () => reject(put.error);
      });
    });
    const recordings = async () => {
      const stored = (await storedValue(page, "dauys.voice-examples")) as {
        en: Record<string, { audio?: number }[]>;
      };
      return Object.values(stored.en)
        .flat()
        .filter((example) => example.audio).length;
    };
    await openTalk(page);
    const myVoice = page.getByRole("region", { name: "My voice" });
    await expect(
      myVoice.getByRole("button", { name: "Play my takes: Call the nurse." }),
    ).toBeVisible();
    expect(await recordings()).toBe(3);

    await page.getByRole("button", { name: "Edit the board" }).click();
    await board(page).getByRole("button", { name: "Delete: Call the nurse." }).click();
    await expect(board(page).getByText("Deleted: Call the nurse.")).toBeVisible();
    // The user no longer wants recordings kept, and then takes the deletion back.
    await myVoice
      .getByRole("checkbox", { name: "Keep my recordings on this device", exact: false })
      .uncheck();
    await board(page).getByRole("button", { name: "Undo" }).click();
    await expect(
      board(page).getByRole("button", { name: "Delete: Call the nurse." }),
    ).toBeVisible();
    await expect.poll(() => storedExampleCounts(page)).toEqual({ thirsty: 3, nurse: 3 });
    // Its taught voice is back, without the recordings.
    await expect(myVoice.getByText("Call the nurse.", { exact: true })).toBeVisible();
    expect(await recordings()).toBe(0);
    await expect(
      myVoice.getByRole("button", { name: "Play my takes: Call the nurse." }),
    ).toHaveCount(0);
  });

  test("in two tabs of the app, what one changes the other shows, and neither writes over it", async ({
    page,
  }) => {
    await presetTwoTaughtPhrases(page);
    await openTalk(page);
    const other = await openSecondTab(page);
    const myVoice = (tab: Page) => tab.getByRole("region", { name: "My voice" });
    const forget = async (tab: Page, text: string) => {
      await myVoice(tab)
        .getByRole("button", { name: `Forget my voice: ${text}` })
        .click();
      await tab
        .getByRole("dialog", { name: `Forget my voice for “${text}”?` })
        .getByRole("button", { name: "Forget", exact: true })
        .click();
    };
    await expect(myVoice(page).getByText("Call the nurse.", { exact: true })).toBeVisible();
    await expect(myVoice(other).getByText("Call the nurse.", { exact: true })).toBeVisible();

    // My voice: the other tab forgets one phrase, this one the other phrase.
    await forget(other, "Call the nurse.");
    await expect(
      myVoice(page).getByRole("button", { name: "Teach my voice: Call the nurse." }),
    ).toBeVisible();
    await forget(page, "I am thirsty.");
    await expect(
      myVoice(other).getByRole("button", { name: "Teach my voice: I am thirsty." }),
    ).toBeVisible();
    await expect.poll(() => storedExampleCounts(page)).toEqual({});

    // The board: the other tab adds a phrase, this one deletes one.
    await addPhraseIn(other, "Please open the window.");
    await expect(board(page).getByText("Please open the window.")).toBeVisible();
    await page.getByRole("button", { name: "Edit the board" }).click();
    await board(page).getByRole("button", { name: "Delete: I am thirsty." }).click();
    await expect(board(other).getByText("I am thirsty.")).toHaveCount(0);
    const storedTexts = async () =>
      ((await storedValue(page, "dauys.talk-boards")) as { en: { text: string }[] }).en.map(
        ({ text }) => text,
      );
    await expect.poll(storedTexts).toEqual(["Call the nurse.", "Please open the window."]);
    await other.close();
  });

  test("a Forget asked before another tab changed 'Speak in' forgets the phrase it asked about, not the new board's phrase of the same id", async ({
    page,
  }) => {
    await presetStoredValue(page, "dauys.talk-boards", {
      en: [{ id: "thirsty", text: "I am thirsty.", category: "needs", favourite: false }],
      ru: [{ id: "thirsty", text: "Я хочу пить.", category: "needs", favourite: false }],
    });
    await presetStoredValue(page, "dauys.voice-examples", {
      en: { thirsty: taughtExamples() },
      ru: { thirsty: taughtExamples() },
    });
    await openTalk(page);
    const other = await openSecondTab(page);
    const myVoice = page.getByRole("region", { name: "My voice" });
    await myVoice.getByRole("button", { name: "Forget my voice: I am thirsty." }).click();
    const ask = page.getByRole("dialog", { name: "Forget my voice for “I am thirsty.”?" });
    await expect(ask).toBeVisible();
    // Meanwhile "Speak in" changes in the other tab, and this tab's board follows behind the
    // question: the Russian board has a phrase of the same id.
    await other.getByRole("combobox", { name: "Speak in" }).selectOption("ru");
    await expect(page.getByRole("combobox", { name: "Speak in", includeHidden: true })).toHaveValue(
      "ru",
    );
    await ask.getByRole("button", { name: "Forget", exact: true }).click();

    const taughtIds = async () =>
      Object.fromEntries(
        Object.entries(
          (await storedValue(page, "dauys.voice-examples")) as Record<string, object>,
        ).map(([language, phrases]) => [language, Object.keys(phrases)]),
      );
    await expect.poll(taughtIds).toEqual({ en: [], ru: ["thirsty"] });
    await expect(
      myVoice.getByRole("button", { name: "Forget my voice: Я хочу пить." }),
    ).toBeVisible();
    await other.close();
  });

  test("a tab whose interface language was changed still shows what another tab changes", async ({
    page,
  }) => {
    await openTalk(page);
    await switchLanguage(page, "ru");
    await switchLanguage(page, "en");
    const other = await openSecondTab(page);
    await addPhraseIn(other, "Please open the window.");
    await expect(board(page).getByText("Please open the window.")).toBeVisible();
    // And its own next change is made on top of the other tab's, not over it.
    await page.getByRole("button", { name: "Edit the board" }).click();
    await board(page).getByRole("button", { name: "Delete: Please help me." }).click();
    await expect(board(other).getByText("Please help me.", { exact: true })).toHaveCount(0);
    await expect(board(other).getByText("Please open the window.", { exact: true })).toBeVisible();
    await other.close();
  });

  test("a phrase deleted while My voice's code fails to load online is deleted once the code comes", async ({
    page,
  }) => {
    await presetTwoTaughtPhrases(page);
    const errors: Error[] = [];
    page.on("pageerror", (error) => errors.push(error));
    // The server answers with an error while the device is online (not a lost connection).
    let failing = true;
    let failures = 0;
    await page.route(/\/assets\/voice-examples-[\w-]+\.js$/, async (route) => {
      if (!failing) return route.continue();
      failures++;
      await route.fulfill({ status: 503, body: "Service unavailable" });
    });
    await openTalk(page);
    await expect.poll(() => failures).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Edit the board" }).click();
    await board(page).getByRole("button", { name: "Delete: Call the nurse." }).click();
    await expect(board(page).getByText("Deleted: Call the nurse.")).toBeVisible();
    failing = false;

    // The deletion is made once the code comes, without anything more from the user.
    await expect.poll(() => storedExampleCounts(page), { timeout: 15_000 }).toEqual({ thirsty: 3 });
    // My voice's panel, which did not come either, comes at "Try again".
    const myVoice = page.getByRole("region", { name: "My voice" });
    await myVoice.getByRole("button", { name: "Try again" }).click();
    await expect(myVoice.getByText("I am thirsty.", { exact: true })).toBeVisible();
    await expect(myVoice.getByText("Call the nurse.", { exact: true })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("the phrase dialog's code lost to a dropped connection comes once it is back; the board stays", async ({
    page,
    context,
  }) => {
    await openTalk(page);
    const { failed } = await dropConnectionOn(page, /\/assets\/phrase-dialog-[\w-]+\.js$/);
    await page.getByRole("button", { name: "Edit the board" }).click();
    await board(page).getByRole("button", { name: "Add a phrase" }).click();
    await failed;
    await settle(page);
    await expect(page.getByRole("heading", { level: 1, name: "Talk" })).toBeVisible();
    await expect(board(page).getByRole("button", { name: "Add a phrase" })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole("dialog", { name: "Add a phrase" })).toBeVisible();
  });

  test("the card that saves the voice for offline use is there at the end of the page", async ({
    page,
  }) => {
    await openTalk(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole("heading", { name: "Audio without internet" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save voice for offline use" })).toBeVisible();
  });

  test("where the browser refuses its cache, the offline card still offers to save the voice", async ({
    page,
  }) => {
    // As in a private mode that refuses the Cache API.
    await page.addInitScript(() => {
      CacheStorage.prototype.match = () =>
        Promise.reject(new DOMException("The operation is insecure.", "SecurityError"));
    });
    await openTalk(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole("heading", { name: "Audio without internet" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save voice for offline use" })).toBeVisible();
  });

  test("typing and Enter speaks; Shift+Enter starts a new line; words are completed", async ({
    page,
  }) => {
    await openTalk(page);
    const box = page.getByRole("textbox", { name: "Type what you want to say" });
    await box.fill("My name is Aigerim");
    await box.press("Shift+Enter");
    await expect(box).toHaveValue("My name is Aigerim\n");
    await box.pressSequentially("and I live in Almaty");
    await box.press("Enter");
    await expectAudioPlaying(page);
    await expect(
      page
        .getByRole("region", { name: "Said last" })
        .getByText("My name is Aigerim and I live in Almaty"),
    ).toBeVisible();
    await expect(entryButton(page, "My name is Aigerim and I live in Almaty")).toBeVisible();

    // The words just said are offered while typing.
    await box.fill("Ai");
    const suggestions = page.getByRole("list", { name: "Word suggestions" });
    // They appear in silence: a screen reader is told of them once the typing pauses.
    await expect(
      page.locator("[aria-live]").filter({ hasText: /^Word suggestions: Aigerim$/ }),
    ).toHaveCount(1);
    await suggestions.getByRole("button", { name: "Aigerim" }).click();
    await expect(box).toHaveValue("Aigerim ");
    await expect(box).toBeFocused();

    // Nothing to say aloud: said why; closed, the focus is back in the box, to type on.
    await box.fill("...");
    await box.press("Enter");
    const why = page.getByRole("alert").filter({ hasText: "There is nothing to read aloud" });
    await expect(why).toBeVisible();
    await why.getByRole("button", { name: "Close" }).click();
    await expect(why).toHaveCount(0);
    await expect(box).toBeFocused();
  });

  test("a text pasted over the limit is kept whole, said to be too long, and Speak waits until it is short enough", async ({
    page,
  }) => {
    test.slow();
    await openTalk(page);
    const box = page.getByRole("textbox", { name: "Type what you want to say" });
    const pasted = "Please call my daughter Aigerim, she knows what I need today. "
      .repeat(34)
      .trim();
    expect(pasted.length).toBeGreaterThan(2000);
    // As a paste puts it in: one insertion, which a maxlength would cut at 2000 in silence.
    await box.focus();
    await page.keyboard.insertText(pasted);
    await expect(box).toHaveValue(pasted);
    const tooLong = "This is too long: use at most 2000 characters.";
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expect(box).toHaveAccessibleDescription(tooLong);
    const count = page.getByText(`${pasted.length} of 2000 characters`);
    await expect(count).toBeVisible();
    await expect(count).toHaveAttribute("aria-live", "polite");

    // Speak is held, focusable, and says why; neither it nor Enter says anything, or cuts a word.
    const speak = page.getByRole("button", { name: "Speak", exact: true });
    await expect(speak).toHaveAttribute("aria-disabled", "true");
    await expect(speak).toHaveAccessibleDescription(tooLong);
    // A tap passes through a held button (pointer-events: none); a key press reaches it.
    await speak.focus();
    await speak.press("Enter");
    await expect(speak).toBeFocused();
    await box.press("Enter");
    await expect(box).toHaveValue(pasted);
    await expect(page.getByRole("region", { name: "Said last" })).toHaveCount(0);
    await expect(historyRegion(page).getByText("Nothing said yet.")).toBeVisible();

    // Kept whole through a reload.
    await page.reload();
    await settle(page);
    await expect(box).toHaveValue(pasted);

    // Cut to the limit by the user, it is said.
    const shortened = pasted.slice(0, 1990).trim();
    await box.fill(shortened);
    await expect(box).toHaveAttribute("aria-invalid", "false");
    await expect(page.getByText(`${shortened.length} of 2000 characters`)).toBeVisible();
    await expect(speak).not.toHaveAttribute("aria-disabled");
    await listenToTalkAudio(page);
    await speak.click();
    await expectAudioPlaying(page);
    await expect
      .poll(() => storedValue(page, "dauys.talk-history"))
      .toMatchObject([{ text: shortened, language: "en" }]);
  });

  test("the listener view shows what was said full screen, turned if asked, and any tap or Escape closes it", async ({
    page,
  }) => {
    await openTalk(page);
    const { button, text } = await firstPhrase(page);
    await button.click();
    await expectAudioPlaying(page);
    const said = page.getByRole("region", { name: "Said last" });

    await said.getByRole("button", { name: "Show to the listener" }).click();
    const view = page.getByRole("dialog", { name: "Listener view" });
    await expect(view).toBeVisible();
    await expect(view.getByText(text, { exact: true })).toBeVisible();
    const fontSize = await view
      .getByText(text, { exact: true })
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThan(60);
    await expectNoAxeViolations(page, "listener view");
    await page.keyboard.press("Escape");
    await expect(view).toHaveCount(0);

    await said.getByRole("button", { name: "Turn for the listener" }).click();
    await expect(said.getByRole("button", { name: "Turn for the listener" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await said.getByRole("button", { name: "Show to the listener" }).click();
    await expect(view).toBeVisible();
    const transform = await view
      .getByText(text, { exact: true })
      .evaluate((element) => getComputedStyle(element.parentElement!).transform);
    // rotate(180deg) is the matrix (-1, 0, 0, -1, 0, 0).
    expect(transform).toMatch(/^matrix\(-1, [-0.e]+, [-0.e]+, -1, 0, 0\)$/);
    await view.click({ position: { x: 20, y: 20 } });
    await expect(view).toHaveCount(0);
    await expect
      .poll(() => storedValue(page, "dauys.talk-settings"))
      .toMatchObject({
        turnForListener: true,
      });
  });

  test("the board can be changed, and the changes are kept", async ({ page }) => {
    await openTalk(page);
    const { text: firstNeed } = await firstPhrase(page);
    await page.getByRole("button", { name: "Edit the board" }).click();
    await board(page).getByRole("button", { name: "Add a phrase" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a phrase" });
    // A blank phrase is refused on the field, which takes the focus (its error read with it), and
    // the dialog stays.
    await dialog.getByRole("button", { name: "Save the phrase" }).click();
    await expect(dialog.getByText("Type the phrase first.")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Phrase" })).toBeFocused();
    await expect(dialog.getByRole("textbox", { name: "Phrase" })).toHaveAccessibleDescription(
      "Type the phrase first.",
    );
    await dialog.getByRole("textbox", { name: "Phrase" }).fill("Please bring my glasses");
    await dialog.getByRole("button", { name: "Save the phrase" }).click();
    await expect(dialog).toHaveCount(0);
    // Said, since the focus goes back to "Add a phrase", far from where the phrase now is.
    await expect(board(page).getByRole("status")).toHaveText(
      "Added to My phrases: Please bring my glasses",
    );

    const mine = phraseGroup(page, "My phrases");
    await expect(mine.getByText("Please bring my glasses")).toBeVisible();
    await mine.getByRole("button", { name: "Favourite: Please bring my glasses" }).click();
    const needs = phraseGroup(page, "Needs");
    // By keyboard, the focus stays with the phrase being moved, goes to Undo after a delete, and
    // comes back to the phrase after Undo.
    const moveDown = needs.getByRole("button", { name: `Move down: ${firstNeed}`, exact: true });
    await moveDown.focus();
    await page.keyboard.press("Enter");
    await expect(needs.getByRole("listitem").nth(1)).toContainText(firstNeed);
    await expect(moveDown).toBeFocused();
    // Where it went is said: the button keeps its name.
    const needCount = await needs.getByRole("listitem").count();
    await expect(board(page).getByRole("status")).toHaveText(
      `Moved in Needs to place 2 of ${needCount}: ${firstNeed}`,
    );
    const firstDelete = needs.getByRole("button", { name: /^Delete: / }).first();
    const deletedName = await firstDelete.getAttribute("aria-label");
    await firstDelete.focus();
    await page.keyboard.press("Enter");
    await expect(board(page).getByText(/^Deleted: /)).toBeVisible();
    await expect(board(page).getByRole("button", { name: "Undo" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(needs.getByRole("button", { name: deletedName!, exact: true })).toBeFocused();
    // Said as well: the focus alone, on a button named as before, would not tell it is back.
    await expect(board(page).getByRole("status")).toHaveText(
      `Put back on the board: ${deletedName!.replace(/^Delete: /, "")}`,
    );
    await page.getByRole("button", { name: "Done editing" }).click();

    await page.reload();
    await expect(phraseGroup(page, "Favourites").getByRole("button")).toHaveText([
      "Please bring my glasses",
    ]);
    await expect(phraseGroup(page, "Needs").getByRole("button").nth(1)).toHaveText(firstNeed);
    expect(await phraseGroup(page, "Needs").getByRole("button").count()).toBeGreaterThan(2);
  });

  test("Move up pressed again at the top of its group leaves the phrase there (a tremor's repeated press)", async ({
    page,
  }) => {
    await openTalk(page);
    await page.getByRole("button", { name: "Edit the board" }).click();
    const needs = phraseGroup(page, "Needs");
    const edit = needs.getByRole("button", { name: /^Edit: / }).nth(2);
    const third = (await edit.getAttribute("aria-label"))!.replace(/^Edit: /, "");
    const moveUp = needs.getByRole("button", { name: `Move up: ${third}`, exact: true });
    await moveUp.focus();
    // Two presses take it to the top; the two more a shaky hand adds do nothing.
    for (let press = 0; press < 4; press++) await page.keyboard.press("Enter");
    await expect(needs.getByRole("listitem").first()).toContainText(third);
    await expect(moveUp).toBeFocused();
    await expect(moveUp).toHaveAttribute("aria-disabled", "true");
  });

  test("editing forgives a slip: a tap beside the phrase dialog, Restore, and Undo after the language changed", async ({
    page,
  }) => {
    await openTalk(page);
    const { text: firstNeed } = await firstPhrase(page);
    await page.getByRole("button", { name: "Edit the board" }).click();

    // A tap beside the dialog keeps what was typed; Escape is the way out (asked first).
    await board(page).getByRole("button", { name: "Add a phrase" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a phrase" });
    await dialog.getByRole("textbox", { name: "Phrase" }).fill("Please open the window.");
    await page.mouse.click(5, 5);
    await expect(dialog.getByRole("textbox", { name: "Phrase" })).toHaveValue(
      "Please open the window.",
    );
    await page.keyboard.press("Escape");
    await page
      .getByRole("dialog", { name: "Leave without saving?" })
      .getByRole("button", { name: "Leave without saving" })
      .click();
    await expect(dialog).toHaveCount(0);

    // A phrase moved to another group keeps the focus on its Edit button, now in that group.
    await phraseGroup(page, "Needs")
      .getByRole("button", { name: `Edit: ${firstNeed}`, exact: true })
      .click();
    const editing = page.getByRole("dialog", { name: "Edit the phrase" });
    await editing.getByRole("combobox", { name: "Group" }).selectOption("mine");
    await editing.getByRole("button", { name: "Save the phrase" }).click();
    await expect(
      phraseGroup(page, "My phrases").getByRole("button", { name: `Edit: ${firstNeed}` }),
    ).toBeFocused();
    // Said: the focus is on a button named as before the change.
    await expect(board(page).getByRole("status")).toHaveText(`Saved in My phrases: ${firstNeed}`);
    await page.keyboard.press("Enter");
    await editing.getByRole("combobox", { name: "Group" }).selectOption("needs");
    await editing.getByRole("button", { name: "Save the phrase" }).click();
    await expect(editing).toHaveCount(0);

    // Restore starter phrases asks first, with the focus on the answer that changes nothing.
    const needs = phraseGroup(page, "Needs");
    await needs.getByRole("button", { name: `Delete: ${firstNeed}`, exact: true }).click();
    await board(page).getByRole("button", { name: "Restore starter phrases" }).click();
    const question = page.getByRole("dialog", { name: "Restore the starter phrases?" });
    await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page, "the restore question");
    await page.keyboard.press("Enter");
    await expect(question).toHaveCount(0);
    await expect(needs.getByText(firstNeed, { exact: true })).toHaveCount(0);
    await board(page).getByRole("button", { name: "Restore starter phrases" }).click();
    await question.getByRole("button", { name: "Restore", exact: true }).click();
    await expect(board(page).getByText("The starter phrases are back.")).toBeVisible();
    await expect(needs.getByText(firstNeed, { exact: true })).toBeVisible();

    // Undo after "Speak in" changed puts the phrase back on its own board.
    await needs.getByRole("button", { name: `Delete: ${firstNeed}`, exact: true }).click();
    const speakIn = board(page).getByRole("combobox", { name: "Speak in" });
    await speakIn.selectOption("ru");
    await board(page).getByRole("button", { name: "Undo" }).click();
    await expect(
      board(page).getByText(`Put back on the English board: ${firstNeed}`),
    ).toBeVisible();
    await expect(speakIn).toBeFocused();
    await speakIn.selectOption("en");
    await expect(needs.getByText(firstNeed, { exact: true })).toBeVisible();
  });

  test("a dialog left with Escape, from its box or anywhere in it, gives the focus back to the button that opened it", async ({
    page,
  }) => {
    await openTalk(page);
    await page.getByRole("button", { name: "Edit the board" }).click();
    const escapeFrom = async (
      opener: Locator,
      name: string,
      inside: (dialog: Locator) => Locator,
    ) => {
      await opener.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name });
      await inside(dialog).focus();
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    };
    const phraseBox = (dialog: Locator) => dialog.getByRole("textbox", { name: "Phrase" });
    const add = board(page).getByRole("button", { name: "Add a phrase" });
    await escapeFrom(add, "Add a phrase", phraseBox);
    const edit = phraseGroup(page, "Needs")
      .getByRole("button", { name: /^Edit: / })
      .first();
    await escapeFrom(edit, "Edit the phrase", phraseBox);
    await escapeFrom(edit, "Edit the phrase", (dialog) =>
      dialog.getByRole("button", { name: "Cancel" }),
    );
    await escapeFrom(
      board(page).getByRole("button", { name: "Restore starter phrases" }),
      "Restore the starter phrases?",
      (dialog) => dialog.getByRole("button", { name: "Cancel" }),
    );
    // Left with Escape, the new phrase was not added.
    await expect(phraseGroup(page, "My phrases")).toHaveCount(0);
  });

  test("a phrase typed and then left by Escape or Cancel is kept unless the user says to leave it", async ({
    page,
  }) => {
    await openTalk(page);
    await page.getByRole("button", { name: "Edit the board" }).click();
    const add = board(page).getByRole("button", { name: "Add a phrase" });
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Add a phrase" });
    const box = dialog.getByRole("textbox", { name: "Phrase" });
    await expect(box).toBeFocused();
    await page.keyboard.type("Please open the window");
    const leaving = page.getByRole("dialog", { name: "Leave without saving?" });
    // A slip onto Escape asks; the safe answer has the focus, and a second Escape chooses it.
    await page.keyboard.press("Escape");
    await expect(leaving).toHaveAccessibleDescription("The phrase you typed is not saved yet.");
    await expect(leaving.getByRole("button", { name: "Keep editing" })).toBeFocused();
    await expectNoAxeViolations(page, "the question before a typed phrase is left");
    await page.keyboard.press("Escape");
    await expect(leaving).toHaveCount(0);
    await expect(box).toHaveValue("Please open the window");
    await expect(box).toBeFocused();
    // Cancel, beside Save, asks too; the user's "Leave without saving" leaves.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await leaving.getByRole("button", { name: "Leave without saving" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();
    await expect(phraseGroup(page, "My phrases")).toHaveCount(0);

    // An edit asks about the changes; with nothing changed, Cancel just closes.
    const edit = phraseGroup(page, "Needs")
      .getByRole("button", { name: /^Edit: / })
      .first();
    const editName = (await edit.getAttribute("aria-label"))!;
    await edit.click();
    const editing = page.getByRole("dialog", { name: "Edit the phrase" });
    await editing.getByRole("combobox", { name: "Group" }).selectOption({ label: "Feelings" });
    await editing.getByRole("button", { name: "Cancel" }).click();
    await expect(leaving).toHaveAccessibleDescription(
      "Your changes to this phrase are not saved yet.",
    );
    await leaving.getByRole("button", { name: "Keep editing" }).click();
    await editing.getByRole("combobox", { name: "Group" }).selectOption({ label: "Needs" });
    await editing.getByRole("button", { name: "Cancel" }).click();
    await expect(editing).toHaveCount(0);
    await expect(leaving).toHaveCount(0);
    await expect(page.getByRole("button", { name: editName, exact: true })).toBeFocused();
  });

  test("Add a phrase and a phrase's Edit open with the focus in the Phrase box: typing goes straight in", async ({
    page,
  }) => {
    await openTalk(page);
    await page.getByRole("button", { name: "Edit the board" }).click();
    // A tap, as on a tablet: no second tap on the box is needed for its keyboard.
    await board(page).getByRole("button", { name: "Add a phrase" }).click();
    const add = page.getByRole("dialog", { name: "Add a phrase" });
    await expect(add.getByRole("textbox", { name: "Phrase" })).toBeFocused();
    await page.keyboard.type("Please open the window");
    await add.getByRole("button", { name: "Save the phrase" }).click();
    await expect(add).toHaveCount(0);
    const added = phraseGroup(page, "My phrases").getByRole("button", {
      name: "Edit: Please open the window",
    });
    // From the keyboard.
    await added.focus();
    await page.keyboard.press("Enter");
    const edit = page.getByRole("dialog", { name: "Edit the phrase" });
    const box = edit.getByRole("textbox", { name: "Phrase" });
    await expect(box).toBeFocused();
    await page.keyboard.type(", please");
    await expect(box).toHaveValue("Please open the window, please");
  });

  test("Restore gives a changed starter its words back without the voice taught for the words it had", async ({
    page,
  }) => {
    await presetStoredValue(page, "dauys.talk-boards", {
      en: [
        {
          id: "starter-thirsty",
          starterId: "thirsty",
          text: "Call my daughter Aigerim.",
          category: "needs",
          favourite: false,
        },
      ],
    });
    await presetStoredValue(page, "dauys.voice-examples", {
      en: { "starter-thirsty": taughtExamples() },
    });
    await openTalk(page);
    const myVoice = page.getByRole("region", { name: "My voice" });
    await expect(
      myVoice.getByRole("button", { name: "Forget my voice: Call my daughter Aigerim." }),
    ).toBeVisible();

    await page.getByRole("button", { name: "Edit the board" }).click();
    await board(page).getByRole("button", { name: "Restore starter phrases" }).click();
    await page
      .getByRole("dialog", { name: "Restore the starter phrases?" })
      .getByRole("button", { name: "Restore", exact: true })
      .click();
    await expect(board(page).getByText("The starter phrases are back.")).toBeVisible();
    await expect(phraseGroup(page, "Needs").getByText("I am thirsty.")).toBeVisible();
    // Saying "Call my daughter Aigerim" would otherwise say "I am thirsty.".
    await expect(
      myVoice.getByRole("button", { name: "Teach my voice: I am thirsty." }),
    ).toBeVisible();
    await expect(myVoice.getByRole("button", { name: /^Forget my voice/ })).toHaveCount(0);
    await page.reload();
    await expect(
      myVoice.getByRole("button", { name: "Teach my voice: I am thirsty." }),
    ).toBeVisible();
    await expect(myVoice.getByRole("button", { name: /^Forget my voice/ })).toHaveCount(0);
  });

  test("a full board refuses one more phrase, saying why, and keeps its phrases", async ({
    page,
  }) => {
    await presetStoredValue(page, "dauys.talk-boards", { en: numberedPhrases(300) });
    await openTalk(page);
    await page.getByRole("button", { name: "Edit the board" }).click();
    await board(page).getByRole("button", { name: "Add a phrase" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a phrase" });
    await dialog.getByRole("textbox", { name: "Phrase" }).fill("One phrase too many.");
    await dialog.getByRole("button", { name: "Save the phrase" }).click();
    await expect(
      dialog.getByText("This board is full: it holds 300 phrases. Delete one to add another."),
    ).toBeVisible();
    await page.keyboard.press("Escape");
    await page
      .getByRole("dialog", { name: "Leave without saving?" })
      .getByRole("button", { name: "Leave without saving" })
      .click();
    await page.getByRole("button", { name: "Done editing" }).click();

    // A phrase said from the history is not pinned past the limit either.
    await sayAndPin(page, "Another phrase.");
    await expect(historyRegion(page).getByRole("status")).toHaveText(
      "This board is full: it holds 300 phrases. Delete one to pin another.",
    );

    await page.reload();
    await expect(board(page)).toHaveAttribute("aria-busy", "false");
    await expect(
      board(page).getByRole("button", { name: "Phrase number 1", exact: true }),
    ).toBeVisible();
    await expect(board(page).getByText("Another phrase.")).toHaveCount(0);
  });

  test("Undo of a deletion on a board that has filled up since says so, and brings back neither the phrase nor its taught voice", async ({
    page,
  }) => {
    const nurse = { id: "nurse", text: "Call the nurse.", category: "needs", favourite: false };
    await presetStoredValue(page, "dauys.talk-boards", { en: [nurse, ...numberedPhrases(299)] });
    await presetStoredValue(page, "dauys.voice-examples", { en: { nurse: taughtExamples() } });
    await openTalk(page);
    await page.getByRole("button", { name: "Edit the board" }).click();
    await board(page).getByRole("button", { name: "Delete: Call the nurse." }).click();
    await expect(board(page).getByText("Deleted: Call the nurse.")).toBeVisible();
    await expect.poll(() => storedExampleCounts(page)).toEqual({});
    // The board fills up again before Undo: a phrase said is pinned from the history.
    await sayAndPin(page, "Another phrase.");
    await expect(historyRegion(page).getByRole("status")).toHaveText(
      "Pinned to the board: Another phrase.",
    );
    await board(page).getByRole("button", { name: "Undo" }).click();
    await expect(board(page).getByRole("status")).toHaveText(
      "The board is full (300 phrases), so this phrase was not put back: Call the nurse.",
    );
    await expect(page.getByRole("combobox", { name: "Speak in" })).toBeFocused();
    await expect(board(page).getByRole("button", { name: "Delete: Call the nurse." })).toHaveCount(
      0,
    );
    // Its taught voice stays gone with it: nothing is stored for a phrase no board has.
    await page.reload();
    await expect(board(page)).toHaveAttribute("aria-busy", "false");
    await expect(board(page).getByRole("button", { name: "Another phrase." })).toBeVisible();
    await expect(board(page).getByText("Call the nurse.")).toHaveCount(0);
    expect(await storedExampleCounts(page)).toEqual({});
  });

  test("history: say again, pin to the board, delete one, clear all", async ({ page }) => {
    await openTalk(page);
    const box = page.getByRole("textbox", { name: "Type what you want to say" });
    for (const words of ["Good morning everyone", "Open the door please"]) {
      await box.fill(words);
      await box.press("Enter");
      await expect(entryButton(page, words)).toBeVisible();
    }
    const entries = historyRegion(page).getByRole("listitem");
    await expect(entries.first()).toContainText("Open the door please");

    // Said again from the keyboard: the entry moves to the top, and its button keeps the focus
    // for the next press.
    await entryButton(page, "Good morning everyone").focus();
    await page.keyboard.press("Enter");
    await expect(entries.first()).toContainText("Good morning everyone");
    await expect(entryButton(page, "Good morning everyone")).toBeFocused();

    await historyRegion(page)
      .getByRole("button", { name: "Pin to the board: Good morning everyone" })
      .click();
    await expect(phraseGroup(page, "My phrases").getByRole("button")).toHaveText([
      "Good morning everyone",
    ]);
    await expect(historyRegion(page).getByRole("status")).toHaveText(
      "Pinned to the board: Good morning everyone",
    );
    await expect(
      historyRegion(page).getByRole("button", { name: "On the board: Good morning everyone" }),
    ).toBeDisabled();

    const deleteOpen = historyRegion(page).getByRole("button", {
      name: "Delete from history: Open the door please",
    });
    await deleteOpen.click();
    await expect(entries).toHaveCount(1);
    // A deletion can be undone, at once from the keyboard: the focus is on Undo, then back on
    // the entry.
    const undo = historyRegion(page).getByRole("button", { name: "Undo" });
    await expect(undo).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(1)).toContainText("Open the door please");
    await expect(entryButton(page, "Open the door please")).toBeFocused();
    await expect(undo).toHaveCount(0);
    await deleteOpen.click();
    await expect(entries).toHaveCount(1);
    // Said again before Undo: its words are back already, and the focus goes to them.
    await box.fill("Open the door please");
    await box.press("Enter");
    await expect(entries).toHaveCount(2);
    await undo.click();
    await expect(entries).toHaveCount(2);
    await expect(entryButton(page, "Open the door please")).toBeFocused();
    // Escape answers the question the safe way: nothing cleared, the focus back on Clear.
    const clearAll = historyRegion(page).getByRole("button", { name: "Clear all history" });
    await clearAll.click();
    await expect(historyRegion(page).getByRole("button", { name: "Keep it" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(clearAll).toBeFocused();
    await expect(entries).toHaveCount(2);
    await clearAll.click();
    await historyRegion(page).getByRole("button", { name: "Yes, clear all" }).focus();
    await page.keyboard.press("Enter");
    await expect(historyRegion(page).getByText("Nothing said yet.")).toBeVisible();
    // Nor are the last words left large on the screen.
    await expect(page.getByRole("region", { name: "Said last" })).toHaveCount(0);
    // The focused button went with the history: the focus goes to the clear's Undo, in the
    // region that says it.
    await expect(undo).toBeFocused();
    await expect(historyRegion(page).getByRole("status")).toContainText("History cleared.");
    await expect.poll(() => storedValue(page, "dauys.talk-history")).toEqual([]);
    // A slip on "Yes, clear all" is taken back: the entries come back, with the focus.
    await page.keyboard.press("Enter");
    await expect(entries).toHaveCount(2);
    await expect(entryButton(page, "Open the door please")).toBeFocused();
    await expect
      .poll(async () => ((await storedValue(page, "dauys.talk-history")) as unknown[]).length)
      .toBe(2);
  });

  test("a long history shows its newest ten: the rest on request, and the keyboard reaches the panels below in a few presses", async ({
    page,
  }) => {
    const now = Date.now();
    // A day's talk: 40 entries, newest first, as the app keeps them.
    const said = Array.from({ length: 40 }, (_, index) => ({
      id: `said-${index}`,
      text: `Phrase number ${index + 1}`,
      language: "en",
      saidAt: now - index * 60_000,
    }));
    await presetStoredValue(page, "dauys.talk-history", said);
    await openTalk(page);
    const entries = historyRegion(page).getByRole("listitem");
    await expect(entries).toHaveCount(10);
    await expect(entries.first()).toContainText("Phrase number 1");
    await expect(entries.last()).toContainText("Phrase number 10");

    // From the last entry shown, Tab goes to the whole history's button, then Clear all.
    await historyRegion(page)
      .getByRole("button", { name: "Delete from history: Phrase number 10" })
      .focus();
    await page.keyboard.press("Tab");
    const whole = historyRegion(page).getByRole("button", { name: "Show the whole history (40)" });
    await expect(whole).toBeFocused();
    await expect(whole).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Tab");
    await expect(
      historyRegion(page).getByRole("button", { name: "Clear all history" }),
    ).toBeFocused();

    // Shown whole, the focus goes on to the first entry that was not shown.
    await whole.focus();
    await page.keyboard.press("Enter");
    await expect(entries).toHaveCount(40);
    await expect(entryButton(page, "Phrase number 11")).toBeFocused();
    const fewer = historyRegion(page).getByRole("button", { name: "Show only the latest 10" });
    await expect(fewer).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page, "Talk with the whole history shown");
    expect(await findSmallTargets(page)).toEqual([]);
    // An old entry is said again: it is the newest, at the top.
    await entryButton(page, "Phrase number 35").click();
    await expect(entries.first()).toContainText("Phrase number 35");

    // Back to the newest ten: the button keeps the focus.
    await fewer.click();
    await expect(entries).toHaveCount(10);
    await expect(
      historyRegion(page).getByRole("button", { name: "Show the whole history (40)" }),
    ).toBeFocused();
    // A deletion brings the next one into view; nothing else is lost.
    await historyRegion(page)
      .getByRole("button", { name: "Delete from history: Phrase number 1" })
      .click();
    await expect(entries).toHaveCount(10);
    await expect(entries.last()).toContainText("Phrase number 10");
    await expect(
      historyRegion(page).getByRole("button", { name: "Show the whole history (39)" }),
    ).toBeVisible();
    await expect
      .poll(async () => ((await storedValue(page, "dauys.talk-history")) as unknown[]).length)
      .toBe(39);
  });

  test("Export pressed before My voice has read what it learnt waits for it, so the file has the voice", async ({
    page,
  }, testInfo) => {
    await presetTwoTaughtPhrases(page);
    // My voice's code comes late (a slow tablet).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/stored-voice-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await openTalk(page);
    const downloads: Download[] = [];
    page.on("download", (download) => downloads.push(download));
    const download = page.waitForEvent("download");
    const exportButton = page.getByRole("button", { name: "Export the board" });
    await exportButton.click();
    await expect(
      page.getByRole("status").filter({ hasText: "Getting what My voice has learnt…" }),
    ).toBeVisible();
    // Held while the file waits, and still focused: a second press (a tremor, a switch held
    // too long) makes no second file.
    await expect(exportButton).toHaveAttribute("aria-disabled", "true");
    await expect(exportButton).toBeFocused();
    await exportButton.press("Enter");
    release();
    const file = testInfo.outputPath((await download).suggestedFilename());
    await (await download).saveAs(file);
    const saved = JSON.parse(readFileSync(file, "utf8")) as {
      voice: { en: Record<string, unknown[]> };
    };
    expect(Object.keys(saved.voice.en).sort()).toEqual(["nurse", "thirsty"]);
    await expect(page.getByText("Getting what My voice has learnt…")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Board exported." })).toBeVisible();
    await expect(exportButton).not.toHaveAttribute("aria-disabled");
    expect(downloads).toHaveLength(1);
  });

  test("Export waits a bounded time for My voice: if it never reads what it learnt, the file has the boards without it, says so, and imported back leaves what My voice learnt as it is", async ({
    page,
  }, testInfo) => {
    test.slow();
    await presetTwoTaughtPhrases(page);
    // My voice's code never comes (a request that never ends), so it never reads its examples.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/stored-voice-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await openTalk(page);
    const download = page.waitForEvent("download");
    const exportButton = page.getByRole("button", { name: "Export the board" });
    await exportButton.click();
    await expect(
      page.getByRole("status").filter({ hasText: "Getting what My voice has learnt…" }),
    ).toBeVisible();
    await expect(exportButton).toHaveAttribute("aria-disabled", "true");

    // About 20 s later, the boards are saved without the voice, and the user is told.
    const file = testInfo.outputPath((await download).suggestedFilename());
    await (await download).saveAs(file);
    const saved = JSON.parse(readFileSync(file, "utf8")) as {
      boards: { en: { id: string }[] };
      voice: object;
    };
    expect(saved.boards.en.map((phrase) => phrase.id)).toEqual(["thirsty", "nurse"]);
    expect(saved.voice).toEqual({});
    await expect(
      page.getByRole("status").filter({
        hasText:
          "Board exported. What My voice has learnt is not in the file: it could not be read in time. Reload the page, then export again to include it.",
      }),
    ).toBeVisible();
    await expect(page.getByText("Getting what My voice has learnt…")).toHaveCount(0);
    await expect(exportButton).not.toHaveAttribute("aria-disabled");
    await expect(exportButton).toBeFocused();
    release();

    // Imported later on the same phone, the file takes nothing from My voice: it never had it.
    const myVoice = page.getByRole("region", { name: "My voice" });
    await expect(
      myVoice.getByRole("button", { name: "Forget my voice: Call the nurse." }),
    ).toBeVisible();
    await page.getByLabel("Board file to import").setInputFiles(file);
    const ask = page.getByRole("dialog", { name: "Replace your boards?" });
    await expect(ask).toContainText(
      "It was saved without what My voice learnt, so what My voice learnt on this device stays as it is.",
    );
    await ask.getByRole("button", { name: "Replace the boards" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Board imported" })).toBeVisible();
    // My voice makes its changes in turn: once this Forget is made, the import's would be too.
    await myVoice.getByRole("button", { name: "Forget my voice: I am thirsty." }).click();
    await page
      .getByRole("dialog", { name: "Forget my voice for “I am thirsty.”?" })
      .getByRole("button", { name: "Forget", exact: true })
      .click();
    await expect.poll(() => storedExampleCounts(page)).toEqual({ nurse: 3 });
    await expect(
      myVoice.getByRole("button", { name: "Forget my voice: Call the nurse." }),
    ).toBeVisible();
  });

  test("an import that cannot finish says so, and changes nothing", async ({ page }) => {
    await presetStoredValue(page, "dauys.talk-boards", {
      en: [{ id: "own-1", text: "Call my grandson Timur", category: "mine", favourite: false }],
    });
    // The file has what My voice learnt in Russian, whose starter board this device never showed:
    // its words cannot come, the connection dropping whenever they are fetched.
    await page.route(/\/assets\/ru-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
    await openTalk(page);
    await page.getByLabel("Board file to import").setInputFiles({
      name: "board.json",
      mimeType: "application/json",
      buffer: Buffer.from(
        JSON.stringify({
          format: "dauys-talk-board",
          version: 1,
          boards: {
            en: [{ id: "a", text: "Open the window", category: "mine", favourite: false }],
          },
          voice: { ru: {} },
        }),
      ),
    });
    await page
      .getByRole("dialog", { name: "Replace your boards?" })
      .getByRole("button", { name: "Replace the boards" })
      .click();
    await expect(page.getByRole("region", { name: "Backup" }).getByRole("alert")).toHaveText(
      "The board could not be imported on this device. Check the connection and try again. Nothing was changed.",
    );
    await expect(page.getByRole("button", { name: "Import a board" })).toBeFocused();
    await expect(phraseGroup(page, "My phrases").getByRole("button")).toHaveText([
      "Call my grandson Timur",
    ]);
  });

  test("the board exports to a file and imports back; a bad file changes nothing", async ({
    page,
  }, testInfo) => {
    await presetStoredValue(page, "dauys.talk-boards", {
      en: [{ id: "own-1", text: "Call my grandson Timur", category: "mine", favourite: true }],
    });
    await openTalk(page);
    await expect(phraseGroup(page, "Favourites").getByRole("button")).toHaveText([
      "Call my grandson Timur",
    ]);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export the board" }).click();
    const file = testInfo.outputPath((await download).suggestedFilename());
    await (await download).saveAs(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      format: "dauys-talk-board",
      boards: { en: [{ text: "Call my grandson Timur" }] },
    });

    // Another phone, whose Russian board has a phrase of its own; its English board is the
    // starter one. The file has only English.
    await presetStoredValue(page, "dauys.talk-boards", {
      ru: [{ id: "own-ru", text: "Позовите сестру", category: "mine", favourite: false }],
    });
    await page.goto("/talk");
    await settle(page);
    await expect(phraseGroup(page, "My phrases")).toHaveCount(0);

    const input = page.getByLabel("Board file to import");
    await input.setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from('{"format":"dauys-talk-board","version":1,"boards":{"en":[{"id":"x"}]}}'),
    });
    await expect(page.getByRole("alert")).toHaveText(
      "A phrase in this file is damaged. Nothing was changed.",
    );
    await input.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("shopping list"),
    });
    await expect(page.getByRole("alert")).toHaveText(
      "This file is not a phrase board saved by Dauys. Nothing was changed.",
    );
    await expect(phraseGroup(page, "My phrases")).toHaveCount(0);

    // Asked first: Cancel changes nothing.
    await input.setInputFiles(file);
    const ask = page.getByRole("dialog", { name: "Replace your boards?" });
    await expect(ask).toContainText(
      "The file has 1 phrase for English. It takes the place of your boards in these languages",
    );
    await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page, "replace the boards?");
    await page.keyboard.press("Enter");
    await expect(ask).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Import a board" })).toBeFocused();
    await expect(phraseGroup(page, "My phrases")).toHaveCount(0);

    await input.setInputFiles(file);
    await ask.getByRole("button", { name: "Replace the boards" }).click();
    await expect(page.getByText("Board imported: 1 phrase.")).toBeVisible();
    await expect(phraseGroup(page, "My phrases").getByRole("button")).toHaveText([
      "Call my grandson Timur",
    ]);
    await page.reload();
    await expect(phraseGroup(page, "Favourites").getByRole("button")).toHaveText([
      "Call my grandson Timur",
    ]);
    // The Russian board, not in the file, is as it was.
    await page.getByRole("combobox", { name: "Speak in" }).selectOption("ru");
    await expect(phraseGroup(page, "My phrases").getByRole("button")).toHaveText([
      "Позовите сестру",
    ]);
  });

  test("a board never changed exports with what My voice learnt, and a new phone takes both", async ({
    page,
  }, testInfo) => {
    await presetStoredValue(page, "dauys.voice-examples", {
      en: { "starter-thirsty": taughtExamples() },
    });
    await openTalk(page);
    const starterCount = await board(page).getByRole("listitem").count();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export the board" }).click();
    const file = testInfo.outputPath((await download).suggestedFilename());
    await (await download).saveAs(file);

    // A new phone, whose English board has a phrase of its own and whose My voice knows nothing.
    await presetStoredValue(page, "dauys.talk-boards", {
      en: [{ id: "own-1", text: "Call my grandson Timur", category: "mine", favourite: false }],
    });
    await presetStoredValue(page, "dauys.voice-examples", {});
    await page.goto("/talk");
    await settle(page);
    await page.getByLabel("Board file to import").setInputFiles(file);
    const ask = page.getByRole("dialog", { name: "Replace your boards?" });
    await expect(ask).toContainText(`The file has ${starterCount} phrases for English.`);
    await ask.getByRole("button", { name: "Replace the boards" }).click();
    await expect(page.getByText(`Board imported: ${starterCount} phrases.`)).toBeVisible();
    await expect(phraseGroup(page, "My phrases")).toHaveCount(0);
    await expect(board(page).getByRole("listitem")).toHaveCount(starterCount);
    await expect.poll(() => storedExampleCounts(page)).toEqual({ "starter-thirsty": 3 });
  });

  test("a file with no voice for its board's language takes this phone's voice away too, so none answers for the file's words", async ({
    page,
  }, testInfo) => {
    // The file: a phone where the same phrase was given other words, and My voice learnt nothing.
    await presetStoredValue(page, "dauys.talk-boards", {
      en: [{ id: "thirsty", text: "I am in pain.", category: "needs", favourite: false }],
    });
    await presetStoredValue(page, "dauys.voice-examples", {});
    await openTalk(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export the board" }).click();
    const file = testInfo.outputPath((await download).suggestedFilename());
    await (await download).saveAs(file);

    // This phone: "I am thirsty." taught to My voice, under the same phrase.
    await presetTwoTaughtPhrases(page);
    await openTalk(page);
    const myVoice = page.getByRole("region", { name: "My voice" });
    await expect(
      myVoice.getByRole("button", { name: "Forget my voice: I am thirsty." }),
    ).toBeVisible();
    await page.getByLabel("Board file to import").setInputFiles(file);
    const ask = page.getByRole("dialog", { name: "Replace your boards?" });
    await ask.getByRole("button", { name: "Replace the boards" }).click();
    await expect(page.getByText("Board imported: 1 phrase.")).toBeVisible();
    await expect(board(page).getByRole("listitem")).toHaveText(["I am in pain."]);
    // Saying "I am thirsty" would otherwise speak "I am in pain.".
    await expect(
      myVoice.getByRole("button", { name: "Teach my voice: I am in pain." }),
    ).toBeVisible();
    await expect(myVoice.getByRole("button", { name: /^Forget my voice/ })).toHaveCount(0);
    await expect.poll(() => storedExampleCounts(page)).toEqual({});
  });

  test("a file whose voice an older version learnt lists its phrases to teach again, and none answers for them", async ({
    page,
  }, testInfo) => {
    // A phone on an older version: both phrases taught, the file's examples in the older format.
    await presetTwoTaughtPhrases(page);
    await openTalk(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export the board" }).click();
    const exported = JSON.parse(readFileSync(await (await download).path(), "utf8")) as {
      voice: { en: Record<string, { features: { format: number } }[]> };
    };
    for (const example of exported.voice.en.thirsty!) example.features.format = FEATURES_FORMAT - 1;
    const file = testInfo.outputPath("older-board.json");
    writeFileSync(file, JSON.stringify(exported));

    // This phone knew neither phrase.
    await presetStoredValue(page, "dauys.voice-examples", {});
    await openTalk(page);
    await page.getByLabel("Board file to import").setInputFiles(file);
    await page
      .getByRole("dialog", { name: "Replace your boards?" })
      .getByRole("button", { name: "Replace the boards" })
      .click();
    await expect(page.getByText("Board imported: 2 phrases.")).toBeVisible();
    const myVoice = page.getByRole("region", { name: "My voice" });
    await expect(
      myVoice.getByText(
        /My voice now listens in a new way.*Please teach these phrases again: “I am thirsty\.”\./,
      ),
    ).toBeVisible();
    await expect(
      myVoice.getByRole("button", { name: "Teach my voice: I am thirsty." }),
    ).toBeVisible();
    await expect(
      myVoice.getByRole("button", { name: "Forget my voice: Call the nurse." }),
    ).toBeVisible();
    await expect.poll(() => storedExampleCounts(page)).toEqual({ nurse: 3 });
    // The list is kept until the phrase is taught again.
    await openTalk(page);
    await expect(
      myVoice.getByText(/Please teach these phrases again: “I am thirsty\.”/),
    ).toBeVisible();
  });

  test("the board speaks the chosen language", async ({ page }) => {
    await openTalk(page);
    await page.getByRole("combobox", { name: "Speak in" }).selectOption("kk");
    await expect(phraseGroup(page, "Needs").getByRole("button").first()).toHaveText(/[әғқңөұүһі]/i);
    const { button, text } = await firstPhrase(page);
    await button.click();
    await expectAudioPlaying(page);
    await expect
      .poll(() => storedValue(page, "dauys.talk-history"))
      .toMatchObject([{ text, language: "kk" }]);
  });
});

for (const width of [390, 1280]) {
  test(`Talk at ${width} px is accessible in English and Kazakh, with big targets`, async ({
    page,
  }) => {
    // Four axe runs over the whole board: about 19 s alone, more beside another worker.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await openTalk(page);
    await expectNoAxeViolations(page, `talk en ${width}`);
    const { button } = await firstPhrase(page);
    await button.click();
    await expectAudioPlaying(page);
    await page.getByRole("button", { name: "Edit the board" }).click();
    await expectNoAxeViolations(page, `talk en ${width} said and editing`);
    expect(await findSmallTargets(page)).toEqual([]);
    const height = await phraseGroup(page, "Needs")
      .getByRole("button", { name: /^Edit: / })
      .first()
      .evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(48);

    await switchLanguage(page, "kk");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Talk");
    // The parts that came after the page (editing, what was said) speak Kazakh too.
    await expect(page.getByRole("button", { name: "Сөз тіркесін қосу" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Соңғы айтылғаны" })).toBeVisible();
    await expectNoAxeViolations(page, `talk kk ${width}`);
    expect(await findSmallTargets(page)).toEqual([]);
  });
}

test.describe("Talk on a phone, in long words", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the board being edited shows each phrase's words whole, under its picture", async ({
    page,
  }) => {
    await openTalk(page);
    await page.getByRole("combobox", { name: "Speak in" }).selectOption("ru");
    await page.getByRole("button", { name: "Edit the board" }).click();
    const first = board(page).getByRole("button", { name: "Edit: Помогите мне, пожалуйста." });
    await expect(first).toBeVisible();
    // Beside its picture, a phrase was about 75 px wide: "Помог-ите мне, пожал-уйста."
    expect(await brokenWords(board(page).locator("ul p"))).toEqual([]);
    expect(await findSmallTargets(page)).toEqual([]);
  });

  // 360 px is the width of most phones here. A word wider than its tile was broken mid-way:
  // Kazakh's "Маған көмектесіңізші." (please help me) read "көмектесіңізш / і.", and Uzbek's
  // "Sovqotyapman." (I am cold) left its full stop alone on a line.
  test("on a 360 px phone, the board's words are whole in Kazakh, Kyrgyz and Uzbek, a little smaller where they must be", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await openTalk(page);
    const tiles = board(page).getByRole("list").getByRole("button");
    const sizes = () =>
      tiles.evaluateAll((elements) =>
        elements.map((element) => parseFloat(getComputedStyle(element).fontSize)),
      );
    // Also for those who ask for less motion: the tiles were measured as the page's sizes
    // slid, for them alone, from one to the next (every word broken at its own size).
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      await page.emulateMedia({ reducedMotion });
      for (const [language, phrase] of [
        ["kk", "Маған көмектесіңізші."],
        ["ky", "Медайымды чакырыңызчы."],
        ["uz", "Sovqotyapman."],
      ] as const) {
        const context = `${language}, motion ${reducedMotion}`;
        await page.getByRole("combobox", { name: "Speak in" }).selectOption(language);
        const tile = board(page).getByRole("button", { name: phrase, exact: true });
        await expect(tile).toBeVisible();
        // Whole (their code comes after the page), made smaller by a fifth at most.
        await expect.poll(() => brokenWords(tiles), context).toEqual([]);
        const size = await tile.evaluate((element) =>
          parseFloat(getComputedStyle(element).fontSize),
        );
        expect(size, context).toBeLessThan(16);
        expect(Math.min(...(await sizes())), context).toBeGreaterThanOrEqual(16 * 0.8);
      }
    }
    // A language whose words fit has them all at their own size.
    await page.getByRole("combobox", { name: "Speak in" }).selectOption("en");
    await expect(board(page).getByRole("button", { name: "Please help me." })).toBeVisible();
    await expect.poll(async () => [...new Set(await sizes())]).toEqual([16]);
  });

  // A finger going back to the button misses it if it moves: in Russian "Изменить доску" took a
  // line of its own under "Speak in", and "Готово" went up beside it, 197 px across and 78 up.
  test("in Russian, Edit the board stays where it is as it becomes Done editing, and back", async ({
    page,
  }) => {
    await presetPilotAccess(page);
    await presetLanguage(page, "ru");
    await page.goto("/talk");
    await expect(page.getByRole("heading", { level: 1, name: "Разговор" })).toBeVisible();
    await settle(page);
    const edit = page.getByRole("button", { name: "Изменить доску", exact: true });
    const done = page.getByRole("button", { name: "Готово", exact: true });
    await edit.scrollIntoViewIfNeeded();
    const before = (await edit.boundingBox())!;
    await edit.click();
    await expect(done).toHaveAttribute("aria-pressed", "true");
    const editing = (await done.boundingBox())!;
    expect([editing.x, editing.y, editing.height]).toEqual([before.x, before.y, before.height]);
    // Outlined, it has a pixel of border either side that the filled look has not.
    expect(Math.abs(editing.width - before.width)).toBeLessThanOrEqual(2);
    await done.click();
    await expect(edit).toHaveAttribute("aria-pressed", "false");
    expect(await edit.boundingBox()).toEqual(before);
  });

  test("in Kyrgyz, the phrase dialog's Group shows the whole of the group chosen", async ({
    page,
  }) => {
    await openTalk(page);
    await switchLanguage(page, "ky");
    await page.getByRole("button", { name: "Тактаны түзөтүү" }).click();
    await page.getByRole("button", { name: "Сөз айкашын кошуу" }).click();
    const dialog = page.getByRole("dialog", { name: "Сөз айкашын кошуу" });
    await expect(dialog.getByRole("combobox", { name: "Топ" })).toHaveValue("mine");
    // "Менин сөз айкаштарым" lost its last letter, the "my", in a dialog 64 px narrower than the
    // phone.
    expect(await findSpilledText(page)).toEqual([]);
    expect(await findSmallTargets(page)).toEqual([]);
  });

  test("the listener view fills the screen from its top, its Close button on it", async ({
    page,
  }) => {
    await openTalk(page);
    const { button } = await firstPhrase(page);
    await button.click();
    await expectAudioPlaying(page);
    await page
      .getByRole("region", { name: "Said last" })
      .getByRole("button", { name: "Show to the listener" })
      .click();
    const view = page.getByRole("dialog", { name: "Listener view" });
    await expect(view).toBeVisible();
    // The Said area's spacing once pushed it 20 px down, the bottom of Close off the screen.
    expect((await view.boundingBox())!.y).toBe(0);
    const close = (await view.getByRole("button", { name: "Close" }).boundingBox())!;
    expect(close.y + close.height).toBeLessThanOrEqual(844);
  });
});

test.describe("Talk's history in the languages the browser has no dates for", () => {
  test.use({ timezoneId: "Asia/Tashkent" });

  test("each entry's time is the language's own or in numbers, never 'M12' or English", async ({
    page,
  }) => {
    await presetPilotAccess(page);
    // 18:42 in Tashkent.
    const saidAt = Date.UTC(2026, 11, 6, 13, 42);
    await presetStoredValue(page, "dauys.talk-history", [
      { id: "h1", text: "Рақмет.", language: "kk", saidAt },
    ]);
    for (const locale of ["kk", "ky", "uz", "az"] as const) {
      await presetLanguage(page, locale);
      await page.goto("/talk");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const time = page.locator(`time[datetime="${new Date(saidAt).toISOString()}"]`);
      await time.scrollIntoViewIfNeeded();
      // Chromium lacks these languages' month names: its own pattern wrote "2026 M12 6 18:42",
      // and Kyrgyz came out in English, "Dec 6, 2026, 6:42 PM".
      await expect(time, locale).toContainText("2026");
      await expect(time, locale).toContainText("18:42");
      await expect(time, locale).not.toHaveText(/\bM\d|[AP]M|Dec/);
    }
  });
});

test.describe("Talk's numbers in the languages the browser has no numbers for", () => {
  test("the take pace and the scanning speed are written with a decimal comma, never '1.5'", async ({
    page,
  }) => {
    test.slow();
    await presetPilotAccess(page);
    for (const locale of ["kk", "ky"] as const) {
      await presetLanguage(page, locale);
      await page.goto("/talk");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await drawLaterParts(page);
      // Chromium has no Kazakh or Kyrgyz numbers: its own wrote "1.5 сек" and "0.75 сек".
      const pause = page.locator("[data-take-pace] select").first();
      await expect(pause.locator('option[value="1500"]'), locale).toHaveText(/^1,5\s/);
      const interval = page.locator('select:has(> option[value="750"])');
      await expect(interval.locator('option[value="750"]'), locale).toHaveText(/^0,75\s/);
      for (const select of [pause, interval]) {
        const texts = await select.locator("option").allTextContents();
        expect(
          texts.filter((text) => /\d\.\d/.test(text)),
          locale,
        ).toEqual([]);
      }
    }
  });
});

test.describe("Talk's lists in the languages the browser has no list words for", () => {
  test("a board file's languages are listed with the language's own 'and', never English's", async ({
    page,
  }) => {
    test.slow();
    await presetPilotAccess(page);
    const phrase = (text: string) => [{ id: "own-1", text, category: "mine", favourite: false }];
    const file = {
      name: "dauys-boards.json",
      mimeType: "application/json",
      buffer: Buffer.from(
        JSON.stringify({
          format: "dauys-talk-board",
          version: 3,
          exportedAt: "2026-12-06T12:00:00.000Z",
          boards: { kk: phrase("Рақмет"), ky: phrase("Рахмат"), uz: phrase("Rahmat") },
          voice: {},
          pictures: {},
        }),
      ),
    };
    const cases = [
      { locale: "ky", fileLabel: "Импорттоо үчүн такта файлы", and: "жана" },
      { locale: "uz", fileLabel: "Import qilinadigan doska fayli", and: "va" },
      { locale: "az", fileLabel: "İdxal üçün lövhə faylı", and: "və" },
    ] as const;
    for (const { locale, fileLabel, and } of cases) {
      await presetLanguage(page, locale);
      await page.goto("/talk");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await settle(page);
      await page.getByLabel(fileLabel).setInputFiles(file);
      // Chromium's own list for these languages was English's: "Қазақша, Кыргызча, and Oʻzbekcha".
      const ask = page.getByRole("dialog");
      await expect(ask, locale).toContainText(`Қазақша, Кыргызча ${and} Oʻzbekcha`);
      await expect(ask, locale).not.toContainText(/\band\b/);
    }
  });
});

test.describe("Talk offline", () => {
  test.use({ serviceWorkers: "allow" });

  test("after one visit, a tap on a phrase is said aloud without a connection", async ({
    page,
    context,
  }) => {
    await presetPilotAccess(page);
    await visitUntilControlled(page, "/talk");
    // The board loads the engine and its voice as soon as it shows; the worker keeps them.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const cache = await caches.open("voice-pack");
            return (await cache.keys()).map((request) => new URL(request.url).pathname);
          }),
        { timeout: 30_000 },
      )
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/assets\/device-engine/),
          expect.stringMatching(/^\/voice-pack\//),
        ]),
      );

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Talk" })).toBeVisible();
    await settle(page);
    await expect(board(page)).toHaveAttribute("aria-busy", "false");
    await listenToTalkAudio(page);
    const { button, text } = await firstPhrase(page);
    await button.click();
    await expectAudioPlaying(page);
    await expect(
      page.getByRole("region", { name: "Said last" }).getByText(text, { exact: true }),
    ).toBeVisible();
  });
});
