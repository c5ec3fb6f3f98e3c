import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { createSpeechEngine } from "../src/shared/speech-engine/espeak-engine.ts";
import { encodeWav16 } from "../src/shared/phrase-recogniser/wav-reader.ts";
import { extractFeatures } from "../src/shared/phrase-recogniser/features.ts";
import { serialiseFeatures } from "../src/shared/phrase-recogniser/serialise.ts";
import { TEACHING_LIMITS } from "../src/shared/phrase-recogniser/take-limits.ts";
import { TakeRecorder, type Take } from "../src/features/talk/my-voice/take-recorder.ts";
import AxeBuilder from "@axe-core/playwright";
import {
  expectNoAxeViolations,
  findSmallTargets,
  presetPilotAccess,
  presetStoredValue,
  storedValue,
  visitUntilControlled,
} from "./fixtures.ts";
import {
  leadInSeconds,
  openTalk,
  teachingGapSeconds,
  teachingWaitMs,
  withMicrophone,
} from "./fake-microphone.ts";

/*
 * My voice end to end: Chromium's fake microphone plays WAV files made here with the project's
 * own speech engine, standing in for a user. The browser replays its file from the start each
 * time the microphone opens, so each step runs in a browser started with the file it needs, on
 * one profile (the user's IndexedDB) that lasts the whole test. The recogniser, its worker,
 * IndexedDB, the server and the speech engine are real.
 */

const taught = ["Please help me.", "I am thirsty.", "Please call the nurse."];
const untaught = "Where are my glasses, I cannot find them anywhere.";
const pausedPhrase = "Please open / the window.";

type Audio = { samples: Float32Array; sampleRate: number };

function silence(seconds: number, sampleRate: number) {
  return new Float32Array(Math.round(seconds * sampleRate));
}

function join16k(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

let files: Record<string, string>;
/** Where the takes' WAV files are written (removed after the tests). */
let dir: string;
/** Each taught phrase's three teaching takes, as My voice stores their features. */
let taughtFeatures: ReturnType<typeof serialiseFeatures>[][];

/**
 * The teaching takes in a file's sound as the page cuts them (its take recorder, at teaching's
 * limits), in features as the page stores them. The features hear the quiet around the voice too:
 * taken from the bare synthesised phrase, a take said as on the first teaching take scored up to
 * 0.9 of its phrase's spread and was sometimes asked about (answered at once up to 0.95; the
 * late-tap test in ci119 and ci120), where against takes cut as the page cuts them it scores at
 * most about 0.65 (simulated in Node, the take starting anywhere in a 10 ms frame).
 */
async function takesAsCut(sound: Float32Array, sampleRate: number, count: number) {
  const recorder = new TakeRecorder(sampleRate);
  const takes: Take[] = [];
  const listen = (): void =>
    void recorder.nextTake(TEACHING_LIMITS).then((take) => {
      takes.push(take);
      if (takes.length < count) listen();
    });
  listen();
  // In blocks, as the page's audio worklet hands them over; a take that ended is in before the
  // next block.
  for (let at = 0; at < sound.length && takes.length < count; at += 1024) {
    recorder.hear(sound.slice(at, at + 1024));
    await Promise.resolve();
  }
  expect(takes).toHaveLength(count);
  return takes.map((take) => serialiseFeatures(extractFeatures(take.samples, take.sampleRate)));
}

test.beforeAll(async () => {
  const engine = await createSpeechEngine({ onLog: () => undefined });
  const say = (text: string, rate: number, pitch: number): Audio => {
    const { samples, sampleRate } = engine.synthesizeSync(text, "en", { rate, pitch });
    return { samples: Float32Array.from(samples, (sample) => sample / 32768), sampleRate };
  };
  dir = mkdtempSync(join(tmpdir(), "dauys-voice-"));
  files = {};
  taughtFeatures = [];
  const write = (name: string, audio: Float32Array, sampleRate: number) => {
    const path = join(dir, `${name}.wav`);
    writeFileSync(path, encodeWav16(audio, sampleRate));
    files[name] = path;
  };
  for (const [index, text] of taught.entries()) {
    // Three takes, each a little different, with the pauses a person leaves between them.
    const takes = [say(text, 150, 45), say(text, 165, 50), say(text, 140, 55)];
    const rate = takes[0]!.sampleRate;
    const teaching = join16k([
      silence(leadInSeconds, rate),
      ...takes.flatMap((take) => [take.samples, silence(teachingGapSeconds, rate)]),
    ]);
    write(`teach-${index}`, teaching, rate);
    taughtFeatures.push(await takesAsCut(teaching, rate, takes.length));
    // Said as on its first teaching take: these tests are about what follows an answer said at
    // once, so the take must be answered at once on a loaded machine too. A take between the
    // teaching ones (rate 158, pitch 48) was asked about instead ("Did you mean…") when the
    // machine was loaded (ci111), as my-voice-learning.spec.ts found. How often My voice answers
    // at once is measured by `npm run bench:phrases`, not here.
    write(
      `say-${index}`,
      join16k([silence(leadInSeconds, rate), takes[0]!.samples, silence(3, rate)]),
      rate,
    );
  }
  // A phrase said as a severe speaker does, with a pause of 1.5 s between its words.
  const [before, after] = pausedPhrase
    .split(" / ")
    .map((part, index) => (rate: number) => say(part, rate - 20 * index, 45 + index * 5));
  const paused = (rate: number) => {
    const [first, second] = [before!(rate), after!(rate)];
    return join16k([first.samples, silence(1.5, first.sampleRate), second.samples]);
  };
  const pausedRate = say("a", 150, 50).sampleRate;
  write(
    "teach-paused",
    join16k([
      silence(leadInSeconds, pausedRate),
      ...[150, 140, 160].flatMap((rate) => [paused(rate), silence(teachingGapSeconds, pausedRate)]),
    ]),
    pausedRate,
  );
  write(
    "say-paused",
    join16k([silence(leadInSeconds, pausedRate), paused(145), silence(5, pausedRate)]),
    pausedRate,
  );
  const other = say(untaught, 160, 50);
  write(
    "untaught",
    join16k([
      silence(leadInSeconds, other.sampleRate),
      other.samples,
      silence(3, other.sampleRate),
    ]),
    other.sampleRate,
  );
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const myVoice = (page: Page) => page.getByRole("region", { name: "My voice" });

type Box = { x: number; y: number; width: number; height: number };
/** What the teaching dialog said, and where "I have finished this take" was then. */
type FinishedPlace = { said: string; box: Box };

/**
 * Notes where "I have finished this take" is each time the teaching dialog's words change, from
 * now on: its steps come and go within a second, too fast to be waited for one by one. The
 * times an alert shows are left out (it may move the button; it says what to do).
 */
async function watchFinishedButton(page: Page) {
  await page.evaluate(() => {
    const places: FinishedPlace[] = [];
    (window as unknown as { finishedPlaces: FinishedPlace[] }).finishedPlaces = places;
    const note = () => {
      const dialog = document.querySelector("[role=dialog]");
      const button = [...(dialog?.querySelectorAll("button") ?? [])].find(
        (element) => element.textContent === "I have finished this take",
      );
      if (!dialog || !button || dialog.querySelector("[role=alert]")) return;
      const said = dialog.querySelector("[role=status]")?.textContent ?? "";
      const { x, y, width, height } = button.getBoundingClientRect();
      if (places.at(-1)?.said !== said) places.push({ said, box: { x, y, width, height } });
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

const finishedPlaces = (page: Page) =>
  page.evaluate(() => (window as unknown as { finishedPlaces: FinishedPlace[] }).finishedPlaces);

/** How far a box moved or grew, in pixels: text laid out again may land a tenth of one away. */
const distance = (a: Box, b: Box) =>
  Math.max(...(["x", "y", "width", "height"] as const).map((side) => Math.abs(a[side] - b[side])));

async function addPhrase(page: Page, text: string) {
  await page.getByRole("button", { name: "Edit the board" }).click();
  await page
    .getByRole("region", { name: "Phrase board" })
    .getByRole("button", { name: "Add a phrase" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Add a phrase" });
  await dialog.getByRole("textbox", { name: "Phrase" }).fill(text);
  await dialog.getByRole("button", { name: "Save the phrase" }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("button", { name: "Done editing" }).click();
}

/** The taught phrases on the board, each with its three teaching takes as examples. */
async function presetTaught(page: Page) {
  await presetPilotAccess(page);
  const ids = taught.map((_, index) => `phrase-${index}`);
  await presetStoredValue(page, "dauys.talk-boards", {
    en: taught.map((text, index) => ({ id: ids[index], text, category: "mine", favourite: false })),
  });
  await presetStoredValue(page, "dauys.voice-examples", {
    en: Object.fromEntries(
      ids.map((id, index) => [
        id,
        taughtFeatures[index]!.map((features, take) => ({
          features,
          origin: "taught",
          addedAt: take + 1,
        })),
      ]),
    ),
  });
}

test("three phrases taught by voice are recognised and said; an untaught one is not taken for them", async () => {
  // Most of it is real-time audio from the fake microphone, in eight browsers started one after
  // another; on a slower machine with the other tests beside it, the whole took more than four
  // minutes (twice the usual), and 6.0 of its 6 in a CI-like run with a helper's work beside it.
  test.setTimeout(540_000);
  const profile = test.info().outputPath("profile");
  await withMicrophone(profile, files["untaught"]!, async (page) => {
    await presetPilotAccess(page);
  });

  for (const [index, text] of taught.entries()) {
    await withMicrophone(profile, files[`teach-${index}`]!, async (page) => {
      await openTalk(page);
      await myVoice(page)
        .getByRole("button", { name: `Teach my voice: ${text}` })
        .click();
      const dialog = page.getByRole("dialog", { name: "Teach my voice" });
      await expect(dialog.getByText(/^Done\./)).toBeVisible({ timeout: teachingWaitMs });
      await expect(dialog.getByText("Takes kept: 3 of 3")).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(myVoice(page).getByText("Examples: 3,", { exact: false })).toHaveCount(
        index + 1,
      );
    });
  }

  for (const [index, text] of taught.entries()) {
    await withMicrophone(profile, files[`say-${index}`]!, async (page) => {
      await openTalk(page);
      await myVoice(page).getByRole("button", { name: "Listen", exact: true }).click();
      await expect(myVoice(page).getByText(`Heard: ${text}`)).toBeVisible({ timeout: 30_000 });
      await expect(
        page.getByRole("region", { name: "Said last" }).getByText(text, { exact: true }),
      ).toBeVisible();
      await expect
        .poll(() => storedValue(page, "dauys.talk-history"))
        .toEqual(expect.arrayContaining([expect.objectContaining({ text })]));
      if (index > 0) return;
      // Listening again without "Not that" says the answer was right: its take is kept.
      const listen = myVoice(page).getByRole("button", { name: "Listen", exact: true });
      await expect(listen).not.toHaveAttribute("aria-disabled", "true");
      await listen.click();
      await expect(myVoice(page).getByText("Examples: 4,", { exact: false })).toHaveCount(1);
      // The screen shows the example as soon as it is taken; the device keeps it a moment later.
      const origins = async () => {
        const stored = (await storedValue(page, "dauys.voice-examples")) as {
          en: Record<string, { origin: string }[]>;
        };
        return Object.values(stored.en)
          .map((examples) =>
            examples
              .map((example) => example.origin)
              .sort()
              .join(","),
          )
          .sort();
      };
      await expect
        .poll(origins)
        .toEqual([
          "confirmed,taught,taught,taught",
          "taught,taught,taught",
          "taught,taught,taught",
        ]);
    });
  }

  await withMicrophone(profile, files["untaught"]!, async (page) => {
    await openTalk(page);
    await myVoice(page).getByRole("button", { name: "Listen", exact: true }).click();
    const answer = myVoice(page)
      .getByText(/^(I did not catch that|Did you mean)/)
      .first();
    await expect(answer).toBeVisible({ timeout: 30_000 });
    await expect(myVoice(page).getByText(/^Heard:/)).toHaveCount(0);
    // Nothing was said for it.
    await expect(page.getByRole("region", { name: "Said last" })).toHaveCount(0);
  });

  // Leaving Talk while Listen records closes the microphone: what it would have heard is not
  // said, nor kept in the history, after the visitor has gone.
  await withMicrophone(profile, files["say-2"]!, async (page) => {
    await openTalk(page);
    const history = (await storedValue(page, "dauys.talk-history")) as unknown[];
    await myVoice(page).getByRole("button", { name: "Listen", exact: true }).click();
    await expect(myVoice(page).getByText("Listening… say your phrase.")).toBeVisible();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "About" })).toBeVisible();
    // Longer than the recording: a microphone left open would have ended its take by now.
    await page.waitForTimeout(8_000);
    expect(await storedValue(page, "dauys.talk-history")).toEqual(history);
  });

  // Offline, once the service worker has kept the app: recognition needs no connection.
  await withMicrophone(
    profile,
    files["say-1"]!,
    async (page, context) => {
      await visitUntilControlled(page, "/talk");
      await context.setOffline(true);
      await openTalk(page);
      await myVoice(page).getByRole("button", { name: "Listen", exact: true }).click();
      await expect(myVoice(page).getByText(`Heard: ${taught[1]}`)).toBeVisible({
        timeout: 30_000,
      });
    },
    { serviceWorkers: "allow" },
  );
});

test("a recogniser that had to start again after its code failed to arrive still knows the phrases", async () => {
  test.setTimeout(120_000);
  const fresh = test.info().outputPath("profile");
  await withMicrophone(fresh, files["say-1"]!, async (page) => {
    await presetTaught(page);
    // The recogniser's code fails to arrive once (the connection dropped): the worker given the
    // phrases as Talk opened stops, and the next request starts another.
    let failed = 0;
    await page.route(
      "**/voice-recogniser.worker-*",
      (route) => {
        failed++;
        return route.fulfill({ status: 503, body: "Service unavailable" });
      },
      { times: 1 },
    );
    await openTalk(page);
    await expect.poll(() => failed).toBe(1);
    await myVoice(page).getByRole("button", { name: "Listen", exact: true }).click();
    await expect(myVoice(page).getByText(`Heard: ${taught[1]}`)).toBeVisible({ timeout: 30_000 });
  });
});

test("a tap on 'Not that' or an Enter on Listen as an answer appears is not taken (it was aimed at 'I have finished'); a tap a second later is", async () => {
  test.setTimeout(120_000);
  const fresh = test.info().outputPath("profile");
  const text = taught[2]!;
  await withMicrophone(fresh, files["say-2"]!, async (page) => {
    await presetTaught(page);
    await page.clock.install();
    await openTalk(page);
    // The phrase is said once first, from the board: its sound is then kept, and said again at
    // once below. Made for the first time with the page's clock standing still, it did not come
    // within 30 s in two runs of eight on a loaded machine (ci128, ci130).
    const audio = page.locator("audio[data-talk-audio]");
    await page
      .getByRole("region", { name: "Phrase board" })
      .getByRole("button", { name: text, exact: true })
      .click();
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.ended), {
        timeout: 30_000,
      })
      .toBe(true);
    await myVoice(page).getByRole("button", { name: "Listen", exact: true }).click();
    // The page's clock stands still from here: the tap below comes, for the page, at the very
    // moment "Not that" appears, however slow this machine is. It stops 2 s ahead of the time
    // read, which runs on while the request goes: 0.1 s ahead was already past on a busy
    // machine (ci107). Nothing on the way to the answer waits on a timer.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 2000);
    await expect(myVoice(page).getByText(`Heard: ${text}`)).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused), {
        timeout: 30_000,
      })
      .toBe(false);
    const notThat = myVoice(page).getByRole("button", { name: "Not that" });
    await notThat.click();
    // Nor is an Enter that comes then on Listen, where the keyboard's focus went back as the take
    // ended: it would keep the answer as right and listen again.
    await myVoice(page).getByRole("button", { name: "Listen", exact: true }).focus();
    await page.keyboard.press("Enter");
    // Neither is taken: the phrase is said to its end, and nothing is asked or kept.
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.ended))
      .toBe(true);
    await expect(myVoice(page).getByText(`Heard: ${text}`)).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Said last" }).getByText(text, { exact: true }),
    ).toBeVisible();
    await expect(myVoice(page).getByText("Examples: 3,", { exact: false })).toHaveCount(3);
    // A second later the same tap is the user's "Not that".
    await page.clock.runFor(1000);
    await notThat.click();
    await expect(myVoice(page).getByRole("status")).toHaveText(
      "Which phrase did you mean? Choose it below, or tap it on the board.",
    );
  });
});

test("a question left unanswered, or asked before 'Speak in' changed, goes, and a later tap on the board teaches its take nothing", async () => {
  test.setTimeout(150_000);
  const fresh = test.info().outputPath("profile");
  const untaughtOnBoard = "Open the door.";
  /** Listen to the untaught take, until My voice asks which phrase it was (or did not catch it). */
  const listenToUntaught = async (page: Page) => {
    await myVoice(page).getByRole("button", { name: "Listen", exact: true }).click();
    await expect(myVoice(page).getByRole("status")).toHaveText(
      /^(I did not catch that|Did you mean)/,
      { timeout: 30_000 },
    );
  };
  const taughtCount = async (page: Page, language: string) =>
    Object.keys(
      ((await storedValue(page, "dauys.voice-examples")) as Record<string, object>)[language] ?? {},
    ).length;

  await withMicrophone(fresh, files["untaught"]!, async (page) => {
    await presetTaught(page);
    await page.clock.install();
    await openTalk(page);
    await addPhrase(page, untaughtOnBoard);
    await listenToUntaught(page);
    // The user gives up; the question goes after a while, and the focus comes back to Listen.
    // Longer than My voice waits for an answer (CHOICE_WAIT_MS in voice-answer.ts: 2 min; that
    // module's types need Vite's, which the tests' own check does not load).
    await page.clock.fastForward("03:00");
    await expect(myVoice(page).getByRole("status")).toHaveText("");
    await expect(myVoice(page).getByRole("button", { name: "Listen", exact: true })).toBeFocused();
    // Later, the next thing to say: it is said, and My voice learns nothing from it.
    await page
      .getByRole("region", { name: "Phrase board" })
      .getByRole("button", { name: untaughtOnBoard, exact: true })
      .click();
    await expect(
      page.getByRole("region", { name: "Said last" }).getByText(untaughtOnBoard, { exact: true }),
    ).toBeVisible();
    await page.waitForTimeout(2000);
    await expect(
      myVoice(page).getByRole("button", { name: `Teach my voice: ${untaughtOnBoard}` }),
    ).toBeVisible();
    expect(await taughtCount(page, "en")).toBe(3);
  });

  await withMicrophone(fresh, files["untaught"]!, async (page) => {
    await openTalk(page);
    await listenToUntaught(page);
    // Asked about English phrases; the board now speaks Russian, whose starter phrases' ids
    // could take the answer.
    await page.getByRole("combobox", { name: "Speak in" }).selectOption("ru");
    await expect(myVoice(page).getByRole("status")).toHaveText("");
    const russian = page.getByRole("region", { name: "Phrase board" }).getByRole("listitem");
    const first = (await russian.first().textContent())!;
    await russian.first().getByRole("button").first().click();
    await expect(
      page.getByRole("region", { name: "Said last" }).getByText(first, { exact: true }),
    ).toBeVisible();
    await page.waitForTimeout(2000);
    expect(await taughtCount(page, "ru")).toBe(0);
  });
});

test("a take under way goes when Talk says something else or 'Speak in' changes: nothing heard in it is said or kept", async () => {
  test.setTimeout(150_000);
  const fresh = test.info().outputPath("profile");
  const status = (page: Page) => myVoice(page).getByRole("status");
  /** Listen, until the microphone hears (the file's phrase comes 3 s later). */
  const listenUntilHearing = async (
    page: Page,
    listen = () => myVoice(page).getByRole("button", { name: "Listen", exact: true }).click(),
  ) => {
    await listen();
    await expect(status(page)).toHaveText("Listening… say your phrase.", { timeout: 30_000 });
    // The page is in use while the microphone is open: a kiosk's idle timer holds.
    await expect(page.locator("[data-media-playing]")).toHaveCount(1);
  };
  /**
   * What Talk has said since the page opened: its speech's audio asked to play ("play", once per
   * play(); "playing" comes again after each stall, twice for one phrase on a loaded machine, ci141).
   */
  const watchSaid = (page: Page) =>
    page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { saidLog: string[] }).saidLog = log;
      document.addEventListener(
        "play",
        (event) => {
          if (event.target instanceof HTMLAudioElement) log.push(event.target.src);
        },
        true,
      );
    });
  const saidCount = (page: Page) =>
    page.evaluate(() => (window as unknown as { saidLog: string[] }).saidLog.length);
  const storedTakes = async (page: Page) =>
    Object.values(
      ((await storedValue(page, "dauys.voice-examples")) as Record<string, Record<string, []>>)
        .en ?? {},
    ).flat().length;
  // Longer than the file's take needs to end and be answered (its phrase ends 5 s in).
  const takeWouldBeAnsweredMs = 10_000;

  await withMicrophone(fresh, files["say-2"]!, async (page) => {
    await presetTaught(page);
    await openTalk(page);
    await watchSaid(page);
    // Listen by its key from a phrase's "Teach again", held while the take is under way: the
    // keyboard's focus stays there, where a disabled button would drop it.
    const teachAgain = myVoice(page).getByRole("button", { name: `Teach again: ${taught[1]}` });
    await listenUntilHearing(page, async () => {
      await teachAgain.focus();
      await page.keyboard.press("Alt+L");
    });
    await expect(teachAgain).toBeFocused();
    await expect(teachAgain).toHaveAttribute("aria-disabled", "true");
    // The user (or a carer) taps a phrase on the board instead: it is said, and the take goes.
    const tapped = taught[0]!;
    await page
      .getByRole("region", { name: "Phrase board" })
      .getByRole("button", { name: tapped, exact: true })
      .click();
    await expect(status(page)).toHaveText("");
    await expect(page.locator("[data-media-playing]")).toHaveCount(0);
    await page.waitForTimeout(takeWouldBeAnsweredMs);
    await expect(status(page)).toHaveText("");
    await expect(
      page.getByRole("region", { name: "Said last" }).getByText(tapped, { exact: true }),
    ).toBeVisible();
    expect(await saidCount(page)).toBe(1);
    expect(await storedTakes(page)).toBe(9);
  });

  await withMicrophone(fresh, files["say-2"]!, async (page) => {
    await openTalk(page);
    await watchSaid(page);
    await listenUntilHearing(page);
    // The board's language changes mid-take: the take would be answered with English phrases
    // the board no longer shows, or kept as a Russian phrase's example.
    await page.getByRole("combobox", { name: "Speak in" }).selectOption("ru");
    await expect(status(page)).toHaveText("");
    await page.waitForTimeout(takeWouldBeAnsweredMs);
    await expect(status(page)).toHaveText("");
    expect(await saidCount(page)).toBe(0);
    expect(await storedTakes(page)).toBe(9);
    expect(
      ((await storedValue(page, "dauys.voice-examples")) as Record<string, object>).ru,
    ).toBeUndefined();
  });
});

test("teaching says the microphone was refused, and Try again goes on once it is allowed", async () => {
  test.setTimeout(150_000);
  const fresh = test.info().outputPath("profile");
  const text = taught[0]!;
  await withMicrophone(
    fresh,
    files["teach-0"]!,
    async (page, context) => {
      await presetPilotAccess(page);
      await presetStoredValue(page, "dauys.talk-boards", {
        en: [{ id: "phrase-0", text, category: "mine", favourite: false }],
      });
      await openTalk(page);
      await myVoice(page)
        .getByRole("button", { name: `Teach my voice: ${text}` })
        .click();
      const dialog = page.getByRole("dialog", { name: "Teach my voice" });
      await expect(dialog.getByRole("alert")).toHaveText(
        "Could not use the microphone. Please check that this site may use it in your browser's permissions, then try again.",
      );
      // One press goes on: the focus is on Try again, and the dialog is still the same one.
      const tryAgain = dialog.getByRole("button", { name: "Try again" });
      await expect(tryAgain).toBeFocused();
      expect(await findSmallTargets(page)).toEqual([]);
      await expectNoAxeViolations(page, "teaching, the microphone refused");
      // The user allows the microphone in the browser's settings; they teach on a phone, where
      // "Say the phrase now (take 1 of 3)." takes two lines and "Checking the take…" one. The
      // dialog is centred on the screen: "I have finished this take", under those words, moved
      // 14 px at every step, three times a take, under a trembling finger on its way to it.
      await context.grantPermissions(["microphone"]);
      await page.setViewportSize({ width: 390, height: 844 });
      await watchFinishedButton(page);
      await page.keyboard.press("Enter");
      await expect(dialog.getByRole("button", { name: "I have finished this take" })).toBeFocused();
      await expect(dialog.getByText(/^Done\./)).toBeVisible({ timeout: teachingWaitMs });
      await expect(dialog.getByText("Takes kept: 3 of 3")).toBeVisible();
      const places = await finishedPlaces(page);
      expect(places.map(({ said }) => said)).toEqual(
        expect.arrayContaining([
          "Starting the microphone…",
          "Say the phrase now (take 1 of 3).",
          "Checking the take…",
          "Say the phrase now (take 3 of 3).",
        ]),
      );
      for (const { said, box } of places) {
        expect(distance(box, places[0]!.box), `at "${said}"`).toBeLessThan(0.5);
      }
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(myVoice(page).getByText("Examples: 3,", { exact: false })).toBeVisible();
    },
    { microphone: "refused" },
  );
});

test("a phrase taught and said with a 1.5 s pause inside is heard whole, beside another phrase", async () => {
  test.setTimeout(270_000);
  const profile = test.info().outputPath("profile");
  const text = pausedPhrase.replace(" / ", " ");
  await withMicrophone(profile, files["say-paused"]!, async (page) => {
    await presetPilotAccess(page);
    await openTalk(page);
    await addPhrase(page, text);
    // The takes are kept to be played back (and to make the examples again after a change of
    // method).
    await myVoice(page)
      .getByRole("checkbox", { name: "Keep my recordings on this device", exact: false })
      .check();
  });

  const teach = async (file: string, phrase: string) =>
    withMicrophone(profile, file, async (page) => {
      await openTalk(page);
      await myVoice(page)
        .getByRole("button", { name: `Teach my voice: ${phrase}` })
        .click();
      const dialog = page.getByRole("dialog", { name: "Teach my voice" });
      await expect(dialog.getByText(/^Done\./)).toBeVisible({ timeout: teachingWaitMs });
      await expect(dialog.getByText("Takes kept: 3 of 3")).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
    });
  await teach(files["teach-0"]!, taught[0]!);
  await teach(files["teach-paused"]!, text);

  await withMicrophone(profile, files["say-paused"]!, async (page) => {
    await openTalk(page);
    // Its recordings were kept.
    await expect(
      myVoice(page).getByRole("button", { name: `Play my takes: ${text}` }),
    ).toBeVisible();
    // Learned from the teaching takes: a pause longer than the 1.5 s inside the phrase.
    const pause = myVoice(page).getByLabel("A pause this long ends my take");
    await expect(pause.locator("option:checked")).toHaveText("As I teach");
    await expect(pause).toHaveAccessibleDescription(/^Now (2\.[4-9]|3) s$/);
    // The pace settings are reached by keyboard, large enough, and pass axe.
    await pause.focus();
    await expect(pause).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(myVoice(page).getByLabel("My longest take")).toBeFocused();
    for (const control of [pause, myVoice(page).getByLabel("My longest take")]) {
      const box = (await control.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    await expect(myVoice(page).locator("[data-take-pace]")).toHaveCount(1);
    const axe = await new AxeBuilder({ page })
      .include("[data-take-pace]")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await myVoice(page).getByRole("button", { name: "Listen", exact: true }).click();
    await expect(myVoice(page).getByText(`Heard: ${text}`)).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole("region", { name: "Said last" }).getByText(text, { exact: true }),
    ).toBeVisible();
  });
});
