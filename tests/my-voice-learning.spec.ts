import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { createSpeechEngine } from "../src/shared/speech-engine/espeak-engine.ts";
import { encodeWav16 } from "../src/shared/phrase-recogniser/wav-reader.ts";
import {
  appStartTimeout,
  expectNoAxeViolations,
  presetPilotAccess,
  storedValue,
} from "./fixtures.ts";
import {
  leadInSeconds,
  openTalk,
  teachingGapSeconds,
  teachingWaitMs,
  withMicrophone,
} from "./fake-microphone.ts";

/*
 * My voice learning from the user's answers, by keyboard only: Chromium's fake microphone plays
 * WAV files made here with the project's own speech engine (one file per browser launch, on one
 * profile that lasts the test), as in my-voice.spec.ts. The recogniser, its worker, IndexedDB,
 * the server and the speech engine are real.
 */

// A long phrase, so that its speech is still going when "Not that" is pressed.
const wrong = "Please call the nurse, I need my medicine and a glass of water now.";
const meant = "I am thirsty.";
// Never taught: Listen does not know it, and the user says on the board what they meant.
const untaught = "Where are my glasses, I cannot find them anywhere.";

let files: Record<string, string>;
/** Where the takes' WAV files are written (removed after the tests). */
let dir: string;

test.beforeAll(async () => {
  const engine = await createSpeechEngine({ onLog: () => undefined });
  dir = mkdtempSync(join(tmpdir(), "dauys-voice-learning-"));
  files = {};
  const say = (text: string, rate: number, pitch: number) => {
    const { samples, sampleRate } = engine.synthesizeSync(text, "en", { rate, pitch });
    return { samples: Float32Array.from(samples, (sample) => sample / 32768), sampleRate };
  };
  const write = (name: string, parts: (Float32Array | number)[], sampleRate: number) => {
    // Numbers are seconds of silence.
    const chunks = parts.map((part) =>
      typeof part === "number" ? new Float32Array(Math.round(part * sampleRate)) : part,
    );
    const audio = new Float32Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      audio.set(chunk, offset);
      offset += chunk.length;
    }
    const path = join(dir, `${name}.wav`);
    writeFileSync(path, encodeWav16(audio, sampleRate));
    files[name] = path;
  };
  for (const [name, text] of [
    ["wrong", wrong],
    ["meant", meant],
  ] as const) {
    const takes = [say(text, 150, 45), say(text, 165, 50), say(text, 140, 55)];
    const rate = takes[0]!.sampleRate;
    write(
      `teach-${name}`,
      [leadInSeconds, ...takes.flatMap((take) => [take.samples, teachingGapSeconds])],
      rate,
    );
    // Said as on its first teaching take: this test is about what follows an answer said at
    // once, so the take must be answered at once even on a loaded machine. A take between the
    // teaching ones (rate 158, pitch 48) scored 0.99 to 1.41 of the phrase's spread from run to
    // run, and above about 1.4 it is asked about ("Did you mean"). How often My voice answers
    // at once is measured by `npm run bench:phrases`, not here.
    write(`say-${name}`, [leadInSeconds, takes[0]!.samples, 3], rate);
  }
  const other = say(untaught, 160, 50);
  write("say-untaught", [leadInSeconds, other.samples, 3], other.sampleRate);
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function openTalkToListen(page: Page) {
  await openTalk(page);
  await expect(myVoice(page).getByRole("button", { name: "Listen", exact: true })).toBeVisible();
}

const myVoice = (page: Page) => page.getByRole("region", { name: "My voice" });

/** Adds phrases to the board with the keyboard (the board's edit mode). */
async function addPhrases(page: Page, texts: string[]) {
  const board = page.getByRole("region", { name: "Phrase board" });
  const press = async (name: string) => {
    await page.getByRole("button", { name, exact: true }).focus();
    await page.keyboard.press("Enter");
  };
  await press("Edit the board");
  for (const text of texts) {
    await press("Add a phrase");
    const dialog = page.getByRole("dialog", { name: "Add a phrase" });
    await dialog.getByRole("textbox", { name: "Phrase" }).focus();
    await page.keyboard.type(text);
    await dialog.getByRole("button", { name: "Save the phrase" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
  }
  await press("Done editing");
  for (const text of texts)
    await expect(board.getByRole("button", { name: text, exact: true })).toBeVisible();
}

/** Teaches a phrase with the keyboard: Enter on its Teach button, Enter on Close once learnt. */
async function teachByKeyboard(page: Page, text: string) {
  const teach = myVoice(page).getByRole("button", { name: `Teach my voice: ${text}` });
  await teach.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Teach my voice" });
  // The focus waits on "I have finished this take", so one press ends a take.
  await expect(dialog.getByRole("button", { name: "I have finished this take" })).toBeFocused();
  await expect(dialog.getByText(/^Done\./)).toBeVisible({ timeout: teachingWaitMs });
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
}

/** The page's speech: the src of the hidden audio element, and whether it plays or has ended. */
async function watchSpeech(page: Page) {
  await page.evaluate(() => {
    const log: { src: string; ended: boolean }[] = [];
    (window as unknown as { speechLog: typeof log }).speechLog = log;
    document.addEventListener(
      "playing",
      (event) => {
        const audio = event.target as HTMLAudioElement;
        if (audio.dataset.talkAudio === undefined) return;
        // "playing" comes again when a sound resumes after a stall (a loaded machine): that is
        // the same saying, not a new one.
        const last = log.at(-1);
        if (last && last.src === audio.src && !last.ended) return;
        log.push({ src: audio.src, ended: false });
      },
      true,
    );
    document.addEventListener(
      "ended",
      (event) => {
        const audio = event.target as HTMLAudioElement;
        const last = log.findLast((entry) => entry.src === audio.src);
        if (last) last.ended = true;
      },
      true,
    );
  });
}

const speechLog = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { speechLog: { src: string; ended: boolean }[] }).speechLog,
  );
const speechPaused = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLAudioElement>("audio[data-talk-audio]")?.paused);

type Stored = Record<string, Record<string, { origin: string }[]>>;

test("by keyboard: teach, Listen, and 'Not that' stops a wrong answer and says the phrase chosen", async () => {
  // Most of it is real-time audio from the fake microphone; on a slower machine with the other
  // tests and the unit tests beside it, this test took 3.4 of its 4 minutes (twice the usual).
  test.setTimeout(360_000);
  const profile = test.info().outputPath("profile");
  await withMicrophone(profile, files["say-meant"]!, async (page) => {
    await presetPilotAccess(page);
    await openTalkToListen(page);
    // "I am thirsty." is one of the starter phrases.
    await addPhrases(page, [wrong]);
  });
  for (const name of ["wrong", "meant"] as const)
    await withMicrophone(profile, files[`teach-${name}`]!, async (page) => {
      await openTalkToListen(page);
      await teachByKeyboard(page, name === "wrong" ? wrong : meant);
    });

  await withMicrophone(profile, files["say-wrong"]!, async (page) => {
    await openTalkToListen(page);
    await watchSpeech(page);
    const listen = myVoice(page).getByRole("button", { name: "Listen", exact: true });
    await expect(listen).toHaveAttribute("aria-keyshortcuts", "Alt+L");
    await listen.focus();
    await page.keyboard.press("Enter");
    // Busy, yet still focusable: the keyboard's focus stays on it.
    await expect(listen).toHaveAttribute("aria-disabled", "true");
    await expect(listen).toBeFocused();
    const heard = myVoice(page).getByText(`Heard: ${wrong}`);
    // Not answered at once: the status says so (one element, where the choices repeat the words).
    const notAtOnce = myVoice(page)
      .getByRole("status")
      .filter({ hasText: /^(I did not catch that|Did you mean)/ });
    await expect(heard.or(notAtOnce)).toBeVisible({ timeout: 30_000 });
    // A loaded machine can lose bits of a take (Chromium's fake microphone plays on while the
    // page is busy), and then it is not answered at once: the user says it again.
    for (let again = 0; again < 3 && (await notAtOnce.isVisible()); again++) {
      await listen.focus();
      await page.keyboard.press("Enter");
      await expect(notAtOnce).toHaveCount(0);
      await expect(heard.or(notAtOnce)).toBeVisible({ timeout: 30_000 });
    }
    await expect(heard).toBeVisible();
    // The wrong phrase is being said…
    // (`paused` turns false when play() is called; the log's entry comes with "playing", later.)
    await expect.poll(async () => (await speechLog(page)).length).toBeGreaterThan(0);
    expect(await speechPaused(page)).toBe(false);
    const [first] = await speechLog(page);
    expect(first).toEqual({ src: expect.any(String), ended: false });

    // …and Alt+N ("Not that") stops it before its end, and asks which phrase was meant.
    await page.keyboard.press("Alt+N");
    await expect(myVoice(page).getByRole("status")).toHaveText(
      "Which phrase did you mean? Choose it below, or tap it on the board.",
    );
    expect(await speechPaused(page)).toBe(true);
    expect((await speechLog(page))[0]!.ended).toBe(false);
    // What was wrongly said goes from the screen and the history: nobody reads it as their words.
    const saidLast = page.getByRole("region", { name: "Said last" });
    await expect(saidLast.getByText(wrong, { exact: true })).toHaveCount(0);
    await expect
      .poll(async () =>
        ((await storedValue(page, "dauys.talk-history")) as { text: string }[]).map(
          (entry) => entry.text,
        ),
      )
      .not.toContain(wrong);
    const choice = myVoice(page).getByRole("button", { name: meant, exact: true });
    await expect(choice).toBeFocused();
    await expectNoAxeViolations(page, "My voice asking which phrase was meant");

    await page.keyboard.press("Enter");
    // The phrase chosen is said…
    await expect(saidLast.getByText(meant, { exact: true })).toBeVisible();
    await expect.poll(async () => (await speechLog(page)).length).toBe(2);
    expect((await speechLog(page))[1]!.src).not.toBe(first!.src);
    // …and this take, far from how the chosen phrase is usually said, is kept only if wanted.
    // The answer that changes nothing has the focus: a second press of the choice keeps nothing.
    const doNotKeep = myVoice(page).getByRole("button", { name: "Do not keep it", exact: true });
    await expect(doNotKeep).toBeFocused();
    await expectNoAxeViolations(page, "My voice asking about a far take");
    await page.keyboard.press("Shift+Tab");
    await expect(myVoice(page).getByRole("button", { name: "Keep it", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(myVoice(page).getByText(`Said: ${meant}`)).toBeVisible();
    // The question went with the answer: the keyboard's focus is back on Listen, not lost.
    await expect(myVoice(page).getByRole("button", { name: "Listen", exact: true })).toBeFocused();

    // The take is a counter-example of the phrase wrongly said and an example of the one meant.
    await expect
      .poll(async () => {
        const stored = ((await storedValue(page, "dauys.voice-examples")) as Stored).en ?? {};
        return Object.values(stored)
          .map((list) =>
            list
              .map((example) => example.origin)
              .sort()
              .join(","),
          )
          .sort();
      })
      .toEqual(["confirmed,taught,taught,taught", "counter,taught,taught,taught"]);
    await expect(myVoice(page).getByText("Examples: 4,", { exact: false })).toBeVisible();
  });

  // Not answered at once, and "None of these" to the list: one press on the board says which it was.
  await withMicrophone(profile, files["say-untaught"]!, async (page) => {
    await openTalkToListen(page);
    await page.keyboard.press("Alt+L");
    const status = myVoice(page).getByRole("status");
    await expect(status).toHaveText(/^(I did not catch that|Did you mean)/, { timeout: 30_000 });
    // Not caught, the closest phrases are offered beside Listen as after "Did you mean", and the
    // focus is on the first of them.
    if ((await status.textContent())!.startsWith("I did not catch that"))
      await expect(status).toHaveText(
        "I did not catch that. Choose the phrase you meant below or on the board, or try again.",
      );
    const choices = myVoice(page).getByRole("region", {
      name: /^(Did you mean…\?|Which phrase did you mean\?)$/,
    });
    await expect(choices.getByRole("button").first()).toBeFocused();
    // "None of these" says the take was not the wrong phrase either, when that was offered.
    const wrongOffered = await choices
      .getByRole("button", { name: wrong, exact: true })
      .isVisible();
    await choices.getByRole("button", { name: "None of these" }).focus();
    await page.keyboard.press("Enter");
    await expect(status).toHaveText("Which phrase did you mean? Tap it on the board.");
    // The board is above My voice (screens above on a phone): "Go to the board" brings it into
    // view, with the focus on its first phrase.
    const board = page.getByRole("region", { name: "Phrase board" });
    await expect(board.getByRole("heading", { name: "Phrase board" })).not.toBeInViewport();
    await choices.getByRole("button", { name: "Go to the board" }).focus();
    await page.keyboard.press("Enter");
    await expect(board.getByRole("listitem").getByRole("button").first()).toBeFocused();
    await expect(board.getByRole("heading", { name: "Phrase board" })).toBeInViewport();
    await board.getByRole("button", { name: meant, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("region", { name: "Said last" }).getByText(meant, { exact: true }),
    ).toBeVisible();
    // The take is kept as an example of the phrase meant (after a question when it sounds unlike
    // the phrase's other takes, answered "Keep it"), and as a counter-example of the wrong phrase
    // when "None of these" turned it down. Only the phrase meant has confirmed examples, and only
    // the wrong one counter-examples.
    const stored = async (origin: string) => {
      const phrases = ((await storedValue(page, "dauys.voice-examples")) as Stored).en ?? {};
      return Object.values(phrases)
        .flat()
        .filter((example) => example.origin === origin).length;
    };
    const meantExamples = () => stored("confirmed");
    const keep = myVoice(page).getByRole("button", { name: "Keep it", exact: true });
    await expect
      .poll(async () => (await keep.isVisible()) || (await meantExamples()) === 2)
      .toBe(true);
    if (await keep.isVisible()) {
      await expect(myVoice(page).getByRole("button", { name: "Do not keep it" })).toBeFocused();
      await keep.focus();
      await page.keyboard.press("Enter");
    }
    await expect.poll(meantExamples).toBe(2);
    await expect.poll(() => stored("counter")).toBe(wrongOffered ? 2 : 1);
    await expect(status).toHaveText(`Said: ${meant}`);
    await expect(myVoice(page).getByText("Examples: 5,", { exact: false })).toBeVisible();

    // "Teach again" and "Forget" ask first, with the focus on the answer that changes nothing.
    for (const [button, title] of [
      [`Teach again: ${meant}`, `Teach “${meant}” again?`],
      [`Forget my voice: ${meant}`, `Forget my voice for “${meant}”?`],
    ]) {
      await myVoice(page).getByRole("button", { name: button }).focus();
      await page.keyboard.press("Enter");
      const question = page.getByRole("dialog", { name: title });
      await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
      await expectNoAxeViolations(page, title);
      await page.keyboard.press("Enter");
      await expect(question).toHaveCount(0);
    }
    await expect.poll(meantExamples).toBe(2);
    await myVoice(page)
      .getByRole("button", { name: `Forget my voice: ${meant}` })
      .focus();
    await page.keyboard.press("Enter");
    await page
      .getByRole("dialog", { name: `Forget my voice for “${meant}”?` })
      .getByRole("button", { name: "Forget", exact: true })
      .click();
    // "Forget" went with the examples: the focus is on the phrase's Teach, not lost.
    await expect(
      myVoice(page).getByRole("button", { name: `Teach my voice: ${meant}` }),
    ).toBeFocused();
    // Stored a moment after the screen shows it (ci95 read it before the write, once).
    await expect
      .poll(async () => {
        const left = ((await storedValue(page, "dauys.voice-examples")) as Stored).en ?? {};
        return Object.values(left).map((list) => list.length);
      })
      .toEqual([wrongOffered ? 5 : 4]);
  });
});

test("on a kiosk, a patient teaching a phrase by voice, hands-free for longer than the idle time, is not taken for idle", async () => {
  test.setTimeout(240_000);
  const profile = test.info().outputPath("profile");
  await withMicrophone(profile, files["teach-wrong"]!, async (page) => {
    // The idle time is 15 s; the three takes of the long phrase go on for about 27 s after the
    // last key press.
    const sessionStarted = page.waitForResponse(/\/idle-countdown-dialog-[^/]*\.js$/);
    await page.goto("/?kiosk=on&pin=482916&idle=15");
    await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is on." })).toBeVisible({
      timeout: appStartTimeout,
    });
    await sessionStarted;
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Talk" })
      .click();
    await expect(page.getByRole("region", { name: "Phrase board" })).toHaveAttribute(
      "aria-busy",
      "false",
    );
    await addPhrases(page, [wrong]);
    await teachByKeyboard(page, wrong);
    await expect(page.getByRole("dialog", { name: "Are you still there?" })).toHaveCount(0);
    await expect(myVoice(page).getByText("Examples: 3,", { exact: false })).toBeVisible();
  });
});

test("teaching says when the recogniser cannot run, never that the take was wrong; a tap beside the dialog keeps it", async () => {
  test.setTimeout(120_000);
  // A profile of its own: nothing taught yet.
  const fresh = test.info().outputPath("profile");
  await withMicrophone(fresh, files["teach-meant"]!, async (page) => {
    await presetPilotAccess(page);
    // The recogniser's code does not arrive (a server fault in the middle of an update).
    await page.route("**/voice-recogniser.worker-*", (route) =>
      route.fulfill({ status: 503, body: "Service unavailable" }),
    );
    await openTalkToListen(page);
    await myVoice(page)
      .getByRole("button", { name: `Teach my voice: ${meant}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Teach my voice" });
    await expect(dialog.getByText("Say the phrase now (take 1 of 3).")).toBeVisible();
    // A stray tap beside the dialog, as a tremor makes: the teaching goes on.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    // The first take is heard, and cannot be checked.
    await expect(dialog.getByRole("alert")).toHaveText(
      "The recogniser could not run on this device. Please reload the page and try again.",
      { timeout: teachingWaitMs },
    );
    await expect(dialog.getByText(/too short|too quiet|too loud|did not sound like/)).toHaveCount(
      0,
    );
    await expectNoAxeViolations(page, "teaching, the recogniser failed");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  });
});
