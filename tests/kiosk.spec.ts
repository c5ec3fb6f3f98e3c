import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { FEATURES_FORMAT } from "../src/shared/phrase-recogniser/features.ts";
import {
  appStartTimeout,
  dropConnectionOn,
  expectNoAxeViolations,
  findSmallTargets,
  presetLanguage,
  presetStoredValue,
  settle,
  switchLanguage,
  storedValue,
} from "./fixtures.ts";

/*
 * Kiosk mode on a shared clinic tablet. Everything is real: the provisioning link, IndexedDB, the
 * router and the server. Idle time is moved on with Playwright's clock rather than waited for.
 */

const pin = "482916";

/** A short silent WAV kept as the last audio, as the Recognition page saves it. */
async function presetLastAudio(page: Page, text: string, language: string) {
  await page.goto("/no-such-page-for-setup");
  await page.evaluate(
    async ({ text, language }) => {
      const sampleRate = 16_000;
      const samples = new Int16Array(sampleRate / 2);
      const header = new DataView(new ArrayBuffer(44));
      const ascii = (offset: number, value: string) =>
        [...value].forEach((char, i) => header.setUint8(offset + i, char.charCodeAt(0)));
      ascii(0, "RIFF");
      header.setUint32(4, 36 + samples.byteLength, true);
      ascii(8, "WAVE");
      ascii(12, "fmt ");
      header.setUint32(16, 16, true);
      header.setUint16(20, 1, true);
      header.setUint16(22, 1, true);
      header.setUint32(24, sampleRate, true);
      header.setUint32(28, sampleRate * 2, true);
      header.setUint16(32, 2, true);
      header.setUint16(34, 16, true);
      ascii(36, "data");
      header.setUint32(40, samples.byteLength, true);
      const blob = new Blob([header.buffer, samples.buffer], { type: "audio/wav" });
      const value = { blob, text, language, rate: "normal", createdAt: new Date().toISOString() };
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("dauys");
        open.onupgradeneeded = () => open.result.createObjectStore("keyval");
        open.onsuccess = () => {
          const tx = open.result.transaction("keyval", "readwrite");
          tx.objectStore("keyval").put(value, "dauys.last-audio");
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      });
    },
    { text, language },
  );
}

const kioskAttribute = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.kiosk ?? null);

const exitButton = (page: Page) =>
  page.getByRole("button", {
    name: /^(Exit kiosk mode|Выйти из режима киоска|Киоск режимінен шығу)$/,
  });

/** Stops the page's clock, so that the test alone moves time on. */
async function pauseClock(page: Page) {
  // A margin, so the target is still ahead when the command arrives. On a machine busy enough
  // for it to pass first (ci133), the clock is read again and the pause asked for once more.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 500);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes("Cannot fast-forward to the past")) throw error;
    }
  }
}

/** Opens the provisioning link and waits for kiosk mode to be on. */
async function provision(page: Page, options: { idle?: number; notice?: string } = {}) {
  const idle = options.idle ? `&idle=${options.idle}` : "";
  // The session (its idle timer among it) is code of its own that comes after the notice: on a
  // busy machine it can still be on its way. It asks for the countdown dialog's code as it starts.
  const sessionStarted = page.waitForResponse(/\/idle-countdown-dialog-[^/]*\.js$/);
  await page.goto(`/?kiosk=on&pin=${pin}${idle}`);
  // The notice comes once the app has started.
  await expect(
    page.getByRole("status").filter({ hasText: options.notice ?? "Kiosk mode is on." }),
  ).toBeVisible({ timeout: appStartTimeout });
  await expect(exitButton(page)).toBeVisible();
  await sessionStarted;
  await settle(page);
}

/** A kiosk whose patient left `words` on the Recognition page (and audio made from them). */
async function kioskRecognitionWith(page: Page, words: string, { audio = false } = {}) {
  await presetStoredValue(page, "dauys.recognition-draft", {
    text: words,
    language: "ru-RU",
    resultsShown: true,
  });
  if (audio) await presetLastAudio(page, words, "ru-RU");
  await provision(page);
  await page.goto("/recognition");
  const text = page.getByRole("textbox", { name: "Recognized text" });
  await expect(text).toHaveValue(words);
  return text;
}

/** The links that leave the app, as a visitor finds them on the home and contact pages. */
async function expectNoLinksOut(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Watch Demo/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Follow us on social media/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /@/ })).toHaveCount(0);
  expect(
    await page
      .locator('a[href^="mailto:"], a[href^="tel:"], a[href^="http"], a[target="_blank"]')
      .evaluateAll((links) => links.filter((link) => link.getClientRects().length > 0).length),
  ).toBe(0);
  // The support email and phone number stay readable, as text.
  await expect(page.getByText("support@dauys.app", { exact: true })).toBeVisible();
  await expect(page.getByText("+7 727 000 00 00", { exact: true })).toBeVisible();
}

async function openExitDialog(page: Page) {
  await exitButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Exit kiosk mode" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function enterExitPin(page: Page, value: string) {
  const dialog = page.getByRole("dialog", { name: "Exit kiosk mode" });
  await dialog.getByLabel("Kiosk PIN").fill(value);
  await dialog.getByRole("button", { name: "Exit kiosk mode" }).click();
}

/**
 * On a kiosk with 10 s of idle time, plays the first lesson in a stand-in for YouTube's embed
 * (answered locally: the tests never touch the network) that reports `state` the way YouTube's
 * player does, once the page says it is listening: 1 playing, 3 buffering.
 */
async function playLessonOnKiosk(
  page: Page,
  context: BrowserContext,
  state: number,
  { listensAfterMs = 0 } = {},
) {
  await context.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><title>Video</title><script>
        addEventListener("load", () => setTimeout(() => addEventListener("message", (event) => {
          if (JSON.parse(event.data).event !== "listening") return;
          parent.postMessage(JSON.stringify({ event: "onStateChange", info: ${state} }), event.origin);
        }), ${listensAfterMs}));
      </script></html>`,
    }),
  );
  await page.clock.install();
  await provision(page, { idle: 10 });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Recovery" })
    .click();
  await page.getByRole("button", { name: "Play lesson" }).click();
  return {
    dialog: page.getByRole("alertdialog", { name: "Are you still there?" }),
    video: page.locator('iframe[title^="Video lesson"]'),
  };
}

test.use({ viewport: { width: 1280, height: 900 } });

test("the provisioning link turns kiosk mode on, leaves no PIN behind and lasts after a reload", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: /Watch Demo/ })).toBeVisible();
  expect(await kioskAttribute(page)).toBeNull();

  await provision(page, { idle: 45 });
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
  expect(await kioskAttribute(page)).toBe("on");
  const setting = await storedValue(page, "dauys.kiosk");
  expect(setting).toMatchObject({ enabled: true, idleSeconds: 45, language: "en" });
  expect(JSON.stringify(setting)).not.toContain(pin);
  // The history has no entry with the PIN to go back to.
  await page.goBack();
  expect(page.url()).not.toContain(pin);

  await page.goto("/");
  await page.reload();
  await expect(exitButton(page)).toBeVisible();
  expect(await kioskAttribute(page)).toBe("on");
  await expectNoLinksOut(page);
});

test("a tablet whose kiosk settings were erased tells staff, once, and runs as an ordinary one", async ({
  page,
}) => {
  await provision(page);
  // The browser erases the site's stored data to free space; its cookies stay.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("dauys");
        open.onsuccess = () => {
          const tx = open.result.transaction("keyval", "readwrite");
          tx.objectStore("keyval").delete("dauys.kiosk");
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  await page.reload();
  const lost = page
    .getByRole("status")
    .filter({ hasText: "Kiosk mode is off: this device lost its kiosk settings" });
  await expect(lost).toBeVisible({ timeout: appStartTimeout });
  await expect(exitButton(page)).toHaveCount(0);
  expect(await kioskAttribute(page)).toBeNull();
  await expectNoAxeViolations(page, "kiosk settings lost");

  // Said once: the next start is an ordinary tablet's.
  await page.reload();
  await settle(page);
  await expect(page.getByRole("link", { name: /Watch Demo/ })).toBeVisible();
  await expect(lost).toHaveCount(0);
});

test("in kiosk mode no link leaves the app, on the home page and the contact page", async ({
  page,
}) => {
  await provision(page);
  await expectNoLinksOut(page);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Contact" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  await expectNoLinksOut(page);
  // The app's own links still work.
  await expect(page.getByRole("link", { name: "See our partners" })).toBeVisible();

  // A link out that the style does not catch is stopped when it is clicked.
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.href = "//example.com/elsewhere";
    link.textContent = "Somewhere else";
    document.querySelector("main")?.append(link);
  });
  await page.getByRole("link", { name: "Somewhere else" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");

  expect(await findSmallTargets(page)).toEqual([]);
});

test("kiosk mode has pilot access: no paid-version popup on Recognition and Recovery", async ({
  page,
  context,
}) => {
  await provision(page);
  // A second tab whose timers run only when the test says so.
  const tab = await context.newPage();
  await tab.clock.install({ time: new Date("2025-03-01T10:00:00Z") });
  await tab.clock.pauseAt(new Date("2025-03-01T10:00:01Z"));
  for (const [path, heading] of [
    ["/recognition", "Speech Recognition"],
    ["/recovery", "Speech Recovery"],
  ] as const) {
    await tab.goto(path);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText(heading);
    await settle(tab);
    // Well past the popup's delay, and the IndexedDB read behind it.
    await tab.clock.runFor(1000);
    await settle(tab);
    await tab.clock.runFor(1000);
    await settle(tab);
    await expect(tab.getByRole("dialog")).toHaveCount(0);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});

test("in kiosk mode Reset erases the text for good: the next patient cannot undo it", async ({
  page,
}) => {
  const text = await kioskRecognitionWith(page, "Мне нужен врач");
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(text).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Start recording" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await expect(page.getByText("Мне нужен врач")).toHaveCount(0);
});

test("a kiosk saves no file a patient could leave behind: no download of text, audio or board, and it says why", async ({
  page,
}) => {
  await kioskRecognitionWith(page, "Мне нужен врач", { audio: true });
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  const why =
    "This shared tablet does not save files, so nothing of yours stays on it for the next person.";
  await expect(page.getByText(why)).toBeVisible();
  await expect(page.getByRole("button", { name: "Download text" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Download audio" })).toHaveCount(0);

  await page.goto("/talk");
  await expect(page.getByRole("button", { name: "Import a board" })).toBeVisible();
  await expect(page.getByText(why)).toBeVisible();
  await expect(page.getByRole("button", { name: "Export the board" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save for another app (.obz)" })).toHaveCount(0);
  await expectNoAxeViolations(page, "Talk on a kiosk, without its downloads");
});

test("a patient who has finished erases their session at once, once they said yes; 'Not yet' keeps it", async ({
  page,
}) => {
  const text = await kioskRecognitionWith(page, "Мне нужен врач");
  const finished = page.getByRole("button", { name: "I have finished" });
  const question = page.getByRole("dialog", { name: "Have you finished?" });
  // In the header, in Get Started's place (a visitor's, not a patient's).
  await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toHaveCount(0);
  // A slip of the hand erases nothing: the safe answer has the focus, and Escape chooses it.
  await finished.click();
  await expect(question.getByRole("button", { name: "Not yet" })).toBeFocused();
  await expectNoAxeViolations(page, "the patient's 'Have you finished?'");
  expect(await findSmallTargets(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(finished).toBeFocused();
  await expect(text).toHaveValue("Мне нужен врач");

  // Said yes: the session ends now, not after the idle time and its countdown.
  await finished.click();
  await question.getByRole("button", { name: "Yes, erase it now" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Ready for the next person." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => storedValue(page, "dauys.recognition-draft")).toBeNull();
  await page.goto("/recognition");
  await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
  await expect(page.getByText("Мне нужен врач")).toHaveCount(0);
  expect(await kioskAttribute(page)).toBe("on");
});

test("without a PIN in the link, staff choose one (typed twice)", async ({ page }) => {
  await page.goto("/?kiosk=on&idle=30");
  const dialog = page.getByRole("dialog", { name: "Turn on kiosk mode" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL((url) => url.search === "");
  const newPin = dialog.getByLabel("New PIN");
  await expect(newPin).toBeFocused();
  await expect(newPin).toHaveAttribute("inputmode", "numeric");
  await expect(newPin).toHaveAttribute("type", "password");
  await expectNoAxeViolations(page, "PIN setup dialog");

  await newPin.fill("12");
  await dialog.getByRole("button", { name: "Turn on kiosk mode" }).click();
  await expect(newPin).toHaveAccessibleDescription("Use 4 to 8 digits.");
  await expect(newPin).toBeFocused();
  expect(await kioskAttribute(page)).toBeNull();

  await newPin.fill("2580");
  await dialog.getByLabel("Repeat the PIN").fill("2581");
  await dialog.getByRole("button", { name: "Turn on kiosk mode" }).click();
  await expect(dialog.getByLabel("Repeat the PIN")).toHaveAccessibleDescription(
    "The two PINs are not the same. Type the PIN again.",
  );
  await dialog.getByLabel("Repeat the PIN").fill("2580");
  await dialog.getByRole("button", { name: "Turn on kiosk mode" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is on." })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The dialog opened by itself: focus goes on to the page, not back to the top of the document.
  await expect(page.locator("main")).toBeFocused();
  expect(await kioskAttribute(page)).toBe("on");
  expect(await storedValue(page, "dauys.kiosk")).toMatchObject({ enabled: true, idleSeconds: 30 });

  await openExitDialog(page);
  await enterExitPin(page, "2580");
  await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is off." })).toBeVisible();
  // The exit button went with kiosk mode: focus goes on to the page.
  await expect(page.locator("main")).toBeFocused();
});

test("when kiosk mode's code does not load, staff are told it is not on, and it turns on once the code comes", async ({
  page,
}) => {
  // The server answers with an error (the device is online): the PIN's code does not come.
  let failing = true;
  await page.route(/\/assets\/kiosk-pin-[\w-]+\.js$/, (route) =>
    failing ? route.fulfill({ status: 503, body: "Service unavailable" }) : route.continue(),
  );
  await page.goto(`/?kiosk=on&pin=${pin}`);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Kiosk mode is not on: part of the app did not load." }),
  ).toBeVisible({ timeout: appStartTimeout });
  await expect(page).toHaveURL((url) => url.search === "");
  expect(await kioskAttribute(page)).toBeNull();
  await expect(exitButton(page)).toHaveCount(0);

  // In the set-up dialog, the message is in the dialog, which keeps the PIN typed.
  await page.goto("/?kiosk=on");
  const dialog = page.getByRole("dialog", { name: "Turn on kiosk mode" });
  await dialog.getByLabel("New PIN").fill("2580");
  await dialog.getByLabel("Repeat the PIN").fill("2580");
  await dialog.getByRole("button", { name: "Turn on kiosk mode" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "did not load" })).toBeVisible();
  await expect(dialog.getByLabel("New PIN")).toHaveValue("2580");
  expect(await kioskAttribute(page)).toBeNull();
  await expectNoAxeViolations(page, "PIN setup dialog when kiosk mode's code did not load");

  failing = false;
  await dialog.getByRole("button", { name: "Turn on kiosk mode" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is on." })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await kioskAttribute(page)).toBe("on");
});

test("staff who close the PIN set-up with Escape continue on the page", async ({ page }) => {
  await page.goto("/?kiosk=on");
  const dialog = page.getByRole("dialog", { name: "Turn on kiosk mode" });
  await expect(dialog.getByLabel("New PIN")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("main")).toBeFocused();
  expect(await kioskAttribute(page)).toBeNull();
});

test("a link whose PIN is not 4 to 8 digits as written makes staff choose one", async ({
  page,
}) => {
  // A typo would otherwise lock the tablet behind a PIN no one can type at the exit; and 1e3 is
  // a way to write 1000, but no one types it as a PIN.
  for (const typo of ["12a4", "1e3", "123"]) {
    await page.goto(`/?kiosk=on&pin=${typo}`);
    // It comes once the app has started (ci145: not within 7 s, on a loaded first try).
    await expect(page.getByRole("dialog", { name: "Turn on kiosk mode" })).toBeVisible({
      timeout: appStartTimeout,
    });
    await expect(page).toHaveURL((url) => url.search === "");
    expect(await kioskAttribute(page)).toBeNull();
  }
});

test("a second provisioning link cannot change the PIN of a kiosk", async ({ page }) => {
  await provision(page);
  await page.goto("/?kiosk=on&pin=1111");
  await expect(page).toHaveURL((url) => url.search === "");
  await expect(exitButton(page)).toBeVisible();
  await openExitDialog(page);
  await enterExitPin(page, "1111");
  await expect(page.getByRole("dialog").getByLabel("Kiosk PIN")).toHaveAccessibleDescription(
    "Wrong PIN. Attempts left: 4.",
  );
  await enterExitPin(page, pin);
  await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is off." })).toBeVisible();
});

test("after the idle time a countdown asks 'Are you still there?', and Continue cancels it", async ({
  page,
}) => {
  await page.clock.install();
  // 30 s, not the shortest 10: the page's time flows until the clock is paused, and on a busy
  // machine provisioning and pausing took more than the 2 s a 10 s idle time left (the countdown
  // came before the input that was to keep it away).
  await provision(page, { idle: 30 });
  const dialog = page.getByRole("alertdialog", { name: "Are you still there?" });

  await pauseClock(page);

  // Input keeps the countdown away.
  await page.clock.runFor(8_000);
  await page.getByRole("heading", { level: 1 }).click();
  await page.clock.runFor(28_000);
  await settle(page);
  await expect(dialog).toHaveCount(0);

  await page.clock.runFor(2_000);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("30");
  await expect(dialog).toHaveAccessibleDescription(/cleared for the next person.*Seconds left: 30/);
  await expect(dialog.getByRole("button", { name: "Continue" })).toBeFocused();
  await expect(dialog.getByRole("status")).toHaveText("");
  // axe needs running timers: they run while the time of day stands still, and so does the
  // countdown.
  const countdownStart = await page.evaluate(() => Date.now());
  await page.clock.setFixedTime(countdownStart);
  await page.clock.resume();
  await expectNoAxeViolations(page, "countdown dialog");
  expect(await findSmallTargets(page)).toEqual([]);
  await expect(dialog).toContainText("30");
  await page.clock.setSystemTime(countdownStart);
  await page.clock.pauseAt(countdownStart + 1_000);
  await expect(dialog).toContainText("29");

  await page.clock.runFor(19_000);
  await expect(dialog).toContainText("10");
  await expect(dialog.getByRole("status")).toHaveText("Seconds left: 10");
  await page.clock.runFor(1_000);
  await expect(dialog).toContainText("9");

  // The clock stays still from here on, so the idle time after Continue is what the test moves
  // it by, however slow the machine: with time flowing, the check 9 s on had one real second.
  await dialog.getByRole("button", { name: "Continue" }).click();
  // The dialog's closing transition runs on the page's timers.
  await page.clock.runFor(500);
  await expect(dialog).toHaveCount(0);
  expect(await kioskAttribute(page)).toBe("on");

  // The idle time starts again from Continue.
  await page.clock.runFor(28_500);
  await settle(page);
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(2_000);
  await expect(dialog).toBeVisible();
});

test("a switch user answers 'Are you still there?' with the switch, and the highlight is back where they had moved it", async ({
  page,
}) => {
  await presetStoredValue(page, "dauys.talk-settings", {
    language: "en",
    scanning: { mode: "two-switches" },
  });
  await page.clock.install();
  await provision(page, { idle: 30 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Talk" }).click();
  const status = page.locator("[data-scan-status]").last();
  await expect(status).toHaveText("Phrase board");
  const shown = async () => (await status.innerText()).trim();
  const press = async (key: "Enter" | "Space") => {
    const before = await shown();
    await page.keyboard.press(key);
    await expect.poll(shown).not.toBe(before);
    return shown();
  };
  // Into the board and its group Needs, to its first phrase, which is said.
  let at = await press("Space");
  while (at !== "Needs") at = await press("Enter");
  at = await press("Space");
  if (at.startsWith("Row: ")) at = await press("Space");
  const said = at;
  await press("Space");
  await expect(
    page.getByRole("region", { name: "Said last" }).getByText(said, { exact: true }),
  ).toBeVisible();
  // Then on with the move switch, to where the user stops to think.
  do at = await press("Enter");
  while (at === said || at.startsWith("Undo"));
  const left = at;
  // Speech holds the idle time: the countdown is from its end.
  await expect(
    page.getByRole("region", { name: "Said last" }).getByRole("button", { name: "Stop" }),
  ).toBeDisabled();

  await pauseClock(page);
  await page.clock.runFor(30_000);
  const dialog = page.getByRole("alertdialog", { name: "Are you still there?" });
  await expect(dialog).toBeVisible();
  // The switch goes through the dialog, not the page behind it: Continue is all there is.
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("Continue");
  // A press as the dialog came was meant for what it covered: the switch waits a moment.
  await page.clock.runFor(1000);
  await page.keyboard.press("Space");
  await page.clock.runFor(500);
  await expect(dialog).toHaveCount(0);
  // The dialog came by itself, not from the phrase said: the scan goes on where it was.
  await expect(status).toHaveText(left);
  await expect(page.getByRole("button", { name: said, exact: true }).first()).not.toBeFocused();
  // The countdown did not run out behind it: the session goes on.
  await page.clock.runFor(29_000);
  await expect(dialog).toHaveCount(0);
  expect(await kioskAttribute(page)).toBe("on");
});

// As on a first visit before the service worker has the app's code (this suite blocks it).
test.describe("before the service worker has the app's code", () => {
  test("a connection lost before the countdown's code came leaves the page working, and the countdown comes once it is back", async ({
    page,
    context,
  }) => {
    // The countdown dialog's code is asked for as the session starts; the connection drops then.
    const countdownCode = /\/idle-countdown-dialog-[^/]*\.js$/;
    const { failed } = await dropConnectionOn(page, countdownCode);
    await page.goto(`/?kiosk=on&pin=${pin}&idle=10`);
    await failed;
    await settle(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your voice, understood");

    const codeCame = page.waitForResponse(countdownCode);
    await context.setOffline(false);
    await codeCame;
    // The header's kiosk controls, whose code was on its way too, come with the connection (the
    // exit's PIN dialog never could come without it).
    await expect(exitButton(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "I have finished" })).toBeVisible();
    // Ten seconds later, with no input, the countdown comes.
    await expect(page.getByRole("alertdialog", { name: "Are you still there?" })).toBeVisible({
      timeout: 20_000,
    });
  });
});

test("a patient watching a lesson is not idle; once the video is paused the countdown comes", async ({
  page,
  context,
}) => {
  // Like YouTube's own player, the stand-in listens only once its code has started, after the
  // frame has loaded, and then reports "playing".
  const { dialog, video } = await playLessonOnKiosk(page, context, 1, { listensAfterMs: 700 });
  await expect(video).toHaveAttribute("src", /[?&]enablejsapi=1(&|$)/);
  await expect(video).toHaveAttribute("data-media-playing", "");

  // Longer than the idle time and the countdown together: nothing interrupts the lesson.
  await pauseClock(page);
  await page.clock.runFor(30_000);
  await settle(page);
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL("/recovery");

  // The patient pauses the video inside the player; the idle time starts from then.
  const player = page.frames().find((frame) => frame.url().includes("youtube-nocookie.com"));
  if (!player) throw new Error("The video frame is not there");
  await player.evaluate(() =>
    parent.postMessage(JSON.stringify({ event: "infoDelivery", info: { playerState: 2 } }), "*"),
  );
  await expect(video).not.toHaveAttribute("data-media-playing");
  await page.clock.runFor(9_000);
  await settle(page);
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(2_000);
  await expect(dialog).toBeVisible();
});

test("a lesson stuck buffering (the connection lost) holds the idle timer for a minute at most", async ({
  page,
  context,
}) => {
  // The stand-in starts buffering and never gets further.
  const { dialog, video } = await playLessonOnKiosk(page, context, 3);
  await expect(video).toHaveAttribute("data-media-playing", "");

  // Buffering counts as watching for a while: a slow connection may catch up.
  await pauseClock(page);
  await page.clock.runFor(50_000);
  await settle(page);
  await expect(dialog).toHaveCount(0);
  // After a minute of it, no longer: the idle time runs, and the countdown comes.
  await page.clock.runFor(11_000);
  await expect(video).not.toHaveAttribute("data-media-playing");
  await page.clock.runFor(11_000);
  await expect(dialog).toBeVisible();
});

test("speech cut off by leaving the page does not hold the idle timer for good", async ({
  page,
}) => {
  await page.clock.install();
  await provision(page, { idle: 10 });
  const main = page.getByRole("navigation", { name: "Main" });
  await main.getByRole("link", { name: "Talk" }).click();
  const box = page.getByRole("textbox", { name: "Type what you want to say" });
  await box.fill(
    "Good morning. I would like to see the doctor today, please, about the pain in my left knee, and then I would like to go home.",
  );
  await box.press("Enter");
  const audio = page.locator("audio[data-talk-audio]");
  // The first phrase loads the speech engine and its voice: on a loaded machine (ci147) that
  // took more than expect's 7 s.
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused), {
      timeout: appStartTimeout,
    })
    .toBe(true);
  // The patient leaves mid-phrase: the page's audio is stopped and taken away with it.
  await main.getByRole("link", { name: "Recovery" }).click();
  await expect(page).toHaveURL("/recovery");
  await expect(audio).toHaveCount(0);

  await pauseClock(page);
  await page.clock.runFor(6_000);
  await page.clock.runFor(11_000);
  await expect(page.getByRole("alertdialog", { name: "Are you still there?" })).toBeVisible();
});

test("when the countdown runs out, the patient's text, audio and drafts are erased and the outbox is kept", async ({
  page,
}) => {
  const text = "Мне нужно к врачу";
  const outbox = [
    {
      request: {
        id: "0f6d8c57-1c7c-4c55-9a59-7a1c4f1e0c11",
        name: "Айгерим",
        email: "aigerim@example.kz",
        subject: "Пилот в клинике",
        message: "Хотим попробовать.",
        language: "ru",
        createdAt: new Date().toISOString(),
      },
      state: "pending",
      attempts: 0,
    },
  ];
  // The server is out of reach, so the request stays in the outbox.
  await page.route("**/api/requests", (route) => route.abort("connectionrefused"));
  await presetStoredValue(page, "dauys.recognition-draft", {
    text,
    language: "ru-RU",
    resultsShown: true,
  });
  await presetLastAudio(page, text, "ru-RU");
  await presetStoredValue(page, "dauys.contact-draft", {
    name: "Нурлан",
    email: "nurlan@example.kz",
    subject: "Вопрос",
    message: "Личное сообщение",
  });
  await presetStoredValue(page, "dauys.outbox", outbox);
  // Staff set the tablet up in Russian: each patient starts in Russian.
  await presetLanguage(page, "ru");
  await page.clock.install();
  await provision(page, { idle: 10, notice: "Режим киоска включён." });
  expect(await storedValue(page, "dauys.kiosk")).toMatchObject({ language: "ru" });

  // A patient switches to English and works on the Recognition page.
  await switchLanguage(page, "en");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Recognition" })
    .click();
  await expect(page.getByRole("textbox", { name: "Recognized text" })).toHaveValue(text);
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();

  await page.clock.fastForward(10_000);
  const dialog = page.getByRole("alertdialog", { name: "Are you still there?" });
  await expect(dialog).toBeVisible();
  await page.clock.fastForward(30_000);

  await expect(
    page.getByRole("status").filter({ hasText: "Готово для следующего человека." }),
  ).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("main")).toBeFocused();

  expect(await storedValue(page, "dauys.recognition-draft")).toBeNull();
  expect(await storedValue(page, "dauys.last-audio")).toBeNull();
  expect(await storedValue(page, "dauys.contact-draft")).toBeNull();
  expect(await storedValue(page, "dauys.language")).toBe("ru");
  expect(await storedValue(page, "dauys.outbox")).toMatchObject([
    { request: { id: outbox[0]!.request.id } },
  ]);
  expect(await storedValue(page, "dauys.kiosk")).toMatchObject({ enabled: true, idleSeconds: 10 });
  expect(await kioskAttribute(page)).toBe("on");

  // The next person finds empty pages.
  await page
    .getByRole("navigation", { name: "Основная навигация" })
    .getByRole("link", { name: "Распознавание" })
    .click();
  await expect(page.getByRole("button", { name: "Начать запись" })).toBeVisible();
  // The page has read IndexedDB: there is no text panel, no text and no audio to bring back.
  await settle(page);
  await expect(page.getByRole("textbox", { name: "Распознанный текст" })).toHaveCount(0);
  await expect(page.getByText(text)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Скачать аудио" })).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Основная навигация" })
    .getByRole("link", { name: "Контакты" })
    .click();
  await expect(page.getByRole("textbox", { name: "Полное имя" })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Сообщение" })).toHaveValue("");
});

test.describe("on a phone-sized kiosk", () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

  test("a privacy reset closes the language menu and the phone menu the last patient left open", async ({
    page,
  }) => {
    await page.clock.install();
    await provision(page, { idle: 10 });
    const countdown = page.getByRole("alertdialog", { name: "Are you still there?" });
    const ready = page.getByRole("status").filter({ hasText: "Ready for the next person." });

    // A patient opens the language menu and walks away.
    await page.getByRole("button", { name: /^Language: / }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.clock.fastForward(10_000);
    await expect(countdown).toBeVisible();
    await page.clock.fastForward(30_000);
    await expect(countdown).toHaveCount(0);
    await expect(ready).toBeVisible();
    // The next patient meets the home page, not the last one's menu.
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // The next opens the phone menu on the home page, where the reset leaves them, and goes.
    // A tablet's browser may not focus a tapped button (Safari); here a tap on the menu's margin
    // takes the focus from it, so the countdown's taking the focus does not close the menu.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.locator("#mobile-menu").click({ position: { x: 4, y: 4 } });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.clock.fastForward(10_000);
    await expect(countdown).toBeVisible();
    await page.clock.fastForward(30_000);
    await expect(countdown).toHaveCount(0);
    await expect(ready).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  // A tremor's finger on its way to Continue misses it if it moves as the seconds drop. The
  // words moved sideways everywhere; in Kazakh on a 320 px phone they took two lines beside "10"
  // and one beside "9", and Continue moved up.
  const countdowns = [
    {
      locale: "en",
      width: 390,
      notice: "Kiosk mode is on.",
      title: "Are you still there?",
      words: "seconds left",
      answer: "Continue",
    },
    {
      locale: "kk",
      width: 320,
      notice: "Киоск режимі қосылды.",
      title: "Сіз әлі осындасыз ба?",
      words: "секунд қалды",
      answer: "Жалғастыру",
    },
  ] as const;
  type Box = { x: number; y: number; width: number; height: number };
  /** How far a box moved or grew, in pixels: text laid out again may land a tenth of one away. */
  const distance = (a: Box, b: Box) =>
    Math.max(
      ...(["x", "y", "width", "height"] as const).map((side) => Math.abs(a[side] - b[side])),
    );
  for (const { locale, width, notice, title, words, answer } of countdowns) {
    test(`the countdown's words and Continue stay put as the seconds go from 10 to 9 (${locale}, ${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      if (locale !== "en") await presetLanguage(page, locale);
      await page.clock.install();
      await provision(page, { idle: 30, notice });
      const dialog = page.getByRole("alertdialog", { name: title });
      await pauseClock(page);
      // The idle time starts again from this touch, at a time the test knows.
      await page.getByRole("heading", { level: 1 }).click();
      await page.clock.runFor(30_000);
      await expect(dialog).toBeVisible();
      await page.clock.runFor(20_000);
      const figure = dialog.getByText(/^\d+$/);
      await expect(figure).toHaveText("10");
      const wordsBeside = dialog.getByText(words, { exact: true });
      const continueButton = dialog.getByRole("button", { name: answer });
      const words10 = (await wordsBeside.boundingBox())!;
      const continue10 = (await continueButton.boundingBox())!;

      await page.clock.runFor(1_000);
      await expect(figure).toHaveText("9");
      expect(distance((await wordsBeside.boundingBox())!, words10)).toBeLessThan(0.5);
      expect(distance((await continueButton.boundingBox())!, continue10)).toBeLessThan(0.5);
    });
  }
});

test("after a privacy reset the browser's Back does not reach the previous patient's pages", async ({
  page,
}) => {
  await page.clock.install();
  await provision(page, { idle: 10 });
  const main = page.getByRole("navigation", { name: "Main" });
  await main.getByRole("link", { name: "Recovery" }).click();
  // A patient chooses a lesson: it is kept in the address.
  await page.getByRole("button", { name: /^Speaking on the phone/ }).click();
  await expect(page).toHaveURL(/\/recovery\?lesson=16$/);
  await main.getByRole("link", { name: "Talk" }).click();
  await expect(page).toHaveURL(/\/talk$/);

  await page.clock.fastForward(10_000);
  await expect(page.getByRole("alertdialog", { name: "Are you still there?" })).toBeVisible();
  await page.clock.fastForward(30_000);
  const ready = page.getByRole("status").filter({ hasText: "Ready for the next person." });
  await expect(ready).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");

  // The next person presses Back: the home page stays, with no lesson or page of the last one.
  await page.goBack();
  await settle(page);
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Speech Recovery");
  // Their own way back works: a page they open, and Back to the home page.
  await main.getByRole("link", { name: "Recovery" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Speech Recovery");
  // The page has read IndexedDB: the lesson the last patient chose was erased with their data.
  await settle(page);
  await expect(page).toHaveURL((url) => url.pathname === "/recovery" && url.search === "");
  await expect(
    page.getByRole("region", { name: "Lesson player" }).getByRole("heading", { level: 2 }),
  ).toHaveText("Breathing basics for clear speech");
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
  // A reload (a new version comes in after a reset) keeps the floor.
  await page.reload();
  // The session is running again once its countdown can come: once the app has started (on a
  // loaded machine, time put forward before then passed before the idle timer was set, ci130).
  await settle(page);
  await page.clock.fastForward(10_000);
  const dialog = page.getByRole("alertdialog", { name: "Are you still there?" });
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toHaveCount(0);
  await page.goBack();
  await settle(page);
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
});

test("after a privacy reset the browser's Forward does not reach the pages the previous patient had gone back from", async ({
  page,
}) => {
  await page.clock.install();
  await provision(page, { idle: 10 });
  const main = page.getByRole("navigation", { name: "Main" });
  await main.getByRole("link", { name: "Talk" }).click();
  await expect(page).toHaveURL(/\/talk$/);
  await main.getByRole("link", { name: "Recovery" }).click();
  await page.getByRole("button", { name: /^Speaking on the phone/ }).click();
  await expect(page).toHaveURL(/\/recovery\?lesson=16$/);
  // The patient goes back to Talk and leaves the tablet there: their lesson is ahead.
  await page.goBack();
  await expect(page).toHaveURL(/\/talk$/);

  await page.clock.fastForward(10_000);
  await expect(page.getByRole("alertdialog", { name: "Are you still there?" })).toBeVisible();
  await page.clock.fastForward(30_000);
  await expect(
    page.getByRole("status").filter({ hasText: "Ready for the next person." }),
  ).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");

  // The next person presses Forward: the home page stays.
  await page.goForward();
  await settle(page);
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Speech Recovery");
  // Their own pages go back and forward as usual.
  await main.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
  await page.goForward();
  await expect(page).toHaveURL(/\/about$/);
});

test("when the device refuses to erase, staff are told, and what could not be erased is not shown to the next person", async ({
  page,
}) => {
  await presetStoredValue(page, "dauys.contact-draft", {
    name: "Нурлан",
    email: "nurlan@example.kz",
    subject: "Вопрос",
    message: "Личное сообщение",
  });
  await page.clock.install();
  await provision(page, { idle: 10 });
  const main = page.getByRole("navigation", { name: "Main" });
  await main.getByRole("link", { name: "Contact" }).click();
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("Личное сообщение");
  // The browser's storage stops taking deletions (a lost connection to its database, a full disk).
  await page.evaluate(() => {
    IDBObjectStore.prototype.delete = () => {
      throw new DOMException("The database connection is lost", "UnknownError");
    };
  });

  await pauseClock(page);
  await page.clock.runFor(11_000);
  await expect(page.getByRole("alertdialog", { name: "Are you still there?" })).toBeVisible();
  await page.clock.runFor(30_000);
  await page.clock.resume();
  await expect(
    page.getByRole("status").filter({ hasText: "did not let the app erase everything" }),
  ).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Ready for the next person." }),
  ).toHaveCount(0);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("main")).toBeFocused();
  await expectNoAxeViolations(page, "a privacy reset that could not erase everything");

  // The draft is still in the device's storage, but the app does not bring it back.
  expect(await storedValue(page, "dauys.contact-draft")).toMatchObject({ name: "Нурлан" });
  await main.getByRole("link", { name: "Contact" }).click();
  await settle(page);
  await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
});

test("a kiosk language whose texts do not load at the reset still leaves the screen ready, and comes once they load", async ({
  page,
}) => {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  // Staff set the tablet up in Kazakh; a patient chose English and the tablet restarted since,
  // so the Kazakh texts are not in this page.
  await presetLanguage(page, "kk");
  await provision(page, { idle: 30, notice: "Киоск режимі қосылды." });
  await switchLanguage(page, "en");
  await page.clock.install();
  const sessionStarted = page.waitForResponse(/\/idle-countdown-dialog-[^/]*\.js$/);
  await page.reload();
  await expect(exitButton(page)).toBeVisible({ timeout: appStartTimeout });
  await sessionStarted;
  await settle(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  let failing = true;
  await page.route(/\/assets\/catalog-kk-[\w-]+\.js$/, (route) =>
    failing ? route.fulfill({ status: 503, body: "Service unavailable" }) : route.continue(),
  );
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/about");
  // The page drawn and settled before the clock stops. Without this, the countdown failed to
  // come once in a CI-like run (ci73), on a busy machine, and came on the retry.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
  await settle(page);

  await pauseClock(page);
  await page.clock.runFor(31_000);
  await expect(page.getByRole("alertdialog", { name: "Are you still there?" })).toBeVisible();
  await page.clock.runFor(30_000);
  await page.clock.resume();
  await expect(
    page.getByRole("status").filter({ hasText: "Ready for the next person." }),
  ).toBeVisible();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("main")).toBeFocused();
  expect(await storedValue(page, "dauys.language")).toBe("kk");

  // Once the texts can be had, the kiosk's language comes without anyone doing anything.
  failing = false;
  await page.clock.fastForward(2_500);
  await expect(page.locator("html")).toHaveAttribute("lang", "kk");
  await expect(page.getByRole("button", { name: "Киоск режимінен шығу" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("leaving kiosk mode needs the PIN; a wrong one is refused", async ({ page }) => {
  await provision(page);
  const dialog = await openExitDialog(page);
  const field = dialog.getByLabel("Kiosk PIN");
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("inputmode", "numeric");

  await enterExitPin(page, "000000");
  await expect(field).toHaveAccessibleDescription("Wrong PIN. Attempts left: 4.");
  await expect(dialog.getByRole("alert")).toHaveText("Wrong PIN. Attempts left: 4.");
  await expect(field).toHaveValue("");
  await expect(field).toBeFocused();
  expect(await kioskAttribute(page)).toBe("on");
  await expectNoAxeViolations(page, "exit dialog with an error");
  expect(await findSmallTargets(page)).toEqual([]);

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expectNoLinksOut(page);

  await openExitDialog(page);
  await enterExitPin(page, pin);
  await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is off." })).toBeVisible();
  await expect(exitButton(page)).toHaveCount(0);
  expect(await kioskAttribute(page)).toBeNull();
  expect(await storedValue(page, "dauys.kiosk")).toBeNull();
  await expect(page.getByRole("link", { name: /Watch Demo/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Follow us on social media/ })).toBeVisible();
});

test("staff leaving kiosk mode keep their exit dialog while the patient's session is reset, until kiosk mode is off", async ({
  page,
}) => {
  await provision(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Talk" }).click();
  await expect(page.getByRole("region", { name: "Phrase board" })).toBeVisible();
  // A change to the Talk boards under way (another tab's): the exit's reset waits for it, which
  // leaves time to see what staff see meanwhile.
  await page.evaluate(() => {
    void navigator.locks.request(
      "dauys-storage:dauys.talk-boards",
      () =>
        new Promise<void>((resolve) => {
          (window as unknown as { endChange: () => void }).endChange = resolve;
        }),
    );
  });
  const dialog = await openExitDialog(page);
  await enterExitPin(page, pin);
  // The reset has begun: it leaves the patient's page for the home page.
  await expect.poll(() => new URL(page.url()).pathname).toBe("/");
  // The dialog that will say whether kiosk mode could be turned off is still there, waiting.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Exit kiosk mode" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  expect(await kioskAttribute(page)).toBe("on");

  await page.evaluate(() => (window as unknown as { endChange: () => void }).endChange());
  await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is off." })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("main")).toBeFocused();
});

test("five wrong PINs lock the exit for five minutes, also after a reload", async ({ page }) => {
  await page.clock.install();
  // An hour of idle time, so that no privacy reset comes during the five minutes.
  await provision(page, { idle: 3600 });
  await openExitDialog(page);
  for (let attempt = 1; attempt <= 4; attempt++) {
    await enterExitPin(page, "1111");
    await expect(page.getByRole("dialog").getByRole("alert")).toHaveText(
      `Wrong PIN. Attempts left: ${5 - attempt}.`,
    );
  }
  await enterExitPin(page, "1111");
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText(/^Too many wrong PINs\./);

  await page.reload();
  const dialog = await openExitDialog(page);
  await expect(dialog.getByLabel("Kiosk PIN")).toHaveAccessibleDescription(
    /^Too many wrong PINs\./,
  );
  // Even the right PIN waits for the lockout to end.
  await enterExitPin(page, pin);
  // The alert said so before this try too; the emptied field shows the check is over, so the
  // clock below cannot move while the PIN is still being checked.
  await expect(dialog.getByLabel("Kiosk PIN")).toHaveValue("");
  await expect(dialog.getByRole("alert")).toHaveText(/^Too many wrong PINs\./);
  expect(await kioskAttribute(page)).toBe("on");

  await page.clock.fastForward(5 * 60_000);
  await enterExitPin(page, pin);
  await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is off." })).toBeVisible();
  expect(await kioskAttribute(page)).toBeNull();
});

test("a session whose page was closed is reset when the app opens again after its time, not shown to the next person", async ({
  page,
  context,
}) => {
  await provision(page, { idle: 10 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Talk" }).click();
  const history = (on: Page) => on.getByRole("region", { name: "History" });
  const box = page.getByRole("textbox", { name: "Type what you want to say" });
  await box.fill("My secret words");
  await box.press("Enter");
  await expect(history(page).getByRole("button", { name: /^My secret words/ })).toBeVisible();
  // Kept on the device a moment after it shows (ci94 reloaded in between, once).
  await expect
    .poll(async () => JSON.stringify(await storedValue(page, "dauys.talk-history")))
    .toContain("My secret words");
  // Reloaded at once (the patient is still there): what they said stays.
  await page.reload();
  await expect(history(page).getByRole("button", { name: /^My secret words/ })).toBeVisible();

  // The app is closed, and opened again a minute later, past the idle time and the countdown.
  await page.close();
  const next = await context.newPage();
  await next.clock.install({ time: Date.now() + 60_000 });
  await next.goto("/talk");
  await expect(
    next.getByRole("status").filter({ hasText: "Ready for the next person." }),
  ).toBeVisible();
  expect(await storedValue(next, "dauys.talk-history")).toBeNull();
  await next.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Talk" }).click();
  await expect(history(next).getByText("Nothing said yet.")).toBeVisible();
});

test("a privacy reset erases what the patient said on Talk and gives back the clinic's board", async ({
  page,
}) => {
  // Staff prepared the board before turning kiosk mode on.
  const clinicBoard = [
    { id: "clinic-1", text: "Please call nurse Saule", category: "people", favourite: true },
  ];
  await presetStoredValue(page, "dauys.talk-boards", { en: clinicBoard });
  // A patient before this one taught My voice a phrase.
  const features = {
    format: FEATURES_FORMAT,
    method: "normalised",
    dims: 2,
    voicedMs: 900,
    frames: "AAAAAAAA",
  };
  await presetStoredValue(page, "dauys.voice-examples", {
    en: { "clinic-1": [{ features, origin: "taught", addedAt: 1 }] },
  });
  await page.clock.install();
  await provision(page, { idle: 10 });

  // My voice's recogniser starts with the taught examples, and holds them in memory.
  let recogniserClosed = false;
  const recogniser = page.waitForEvent("worker", (worker) =>
    worker.url().includes("voice-recogniser"),
  );
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Talk" }).click();
  (await recogniser).on("close", () => (recogniserClosed = true));
  const board = page.getByRole("region", { name: "Phrase board" });
  await expect(
    board.getByRole("button", { name: "Please call nurse Saule" }).first(),
  ).toBeVisible();
  // The patient adds a phrase of their own, deletes the clinic's, and says something.
  await page.getByRole("button", { name: "Edit the board" }).click();
  await board.getByRole("button", { name: "Add a phrase" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a phrase" });
  await dialog.getByRole("textbox", { name: "Phrase" }).fill("My private phrase");
  await dialog.getByRole("button", { name: "Save the phrase" }).click();
  await board.getByRole("button", { name: "Delete: Please call nurse Saule" }).click();
  await page.getByRole("button", { name: "Done editing" }).click();
  const box = page.getByRole("textbox", { name: "Type what you want to say" });
  await box.fill("My secret words");
  await box.press("Enter");
  await expect(
    page.getByRole("region", { name: "History" }).getByRole("button", { name: /^My secret words/ }),
  ).toBeVisible();
  await expect.poll(() => storedValue(page, "dauys.talk-history")).toHaveLength(1);
  // Speech playing keeps the tablet awake; the idle time starts once it has been said.
  await expect
    .poll(() =>
      page.locator("audio[data-talk-audio]").evaluate((audio: HTMLAudioElement) => audio.paused),
    )
    .toBe(true);

  await page.clock.fastForward(10_000);
  await expect(page.getByRole("alertdialog", { name: "Are you still there?" })).toBeVisible();
  await page.clock.fastForward(30_000);
  await expect(
    page.getByRole("status").filter({ hasText: "Ready for the next person." }),
  ).toBeVisible();

  expect(await storedValue(page, "dauys.talk-history")).toBeNull();
  expect(await storedValue(page, "dauys.talk-draft")).toBeNull();
  expect(await storedValue(page, "dauys.voice-examples")).toBeNull();
  // The recogniser, and the examples in its memory, are gone too.
  await expect.poll(() => recogniserClosed).toBe(true);
  expect(await storedValue(page, "dauys.talk-boards")).toEqual({ en: clinicBoard });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Talk" }).click();
  await expect(
    board.getByRole("button", { name: "Please call nurse Saule" }).first(),
  ).toBeVisible();
  await expect(board.getByText("My private phrase")).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "History" }).getByText("Nothing said yet."),
  ).toBeVisible();
  await expect(box).toHaveValue("");
});

test("staff leaving kiosk mode erase what the patient left first: turned on again, the kiosk keeps the clinic's board, not the patient's", async ({
  page,
}) => {
  const clinicBoard = [
    { id: "clinic-1", text: "Please call nurse Saule", category: "people", favourite: true },
  ];
  await presetStoredValue(page, "dauys.talk-boards", { en: clinicBoard });
  await provision(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Talk" }).click();
  const board = page.getByRole("region", { name: "Phrase board" });
  await page.getByRole("button", { name: "Edit the board" }).click();
  await board.getByRole("button", { name: "Add a phrase" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a phrase" });
  await dialog.getByRole("textbox", { name: "Phrase" }).fill("My private phrase");
  await dialog.getByRole("button", { name: "Save the phrase" }).click();
  await page.getByRole("button", { name: "Done editing" }).click();
  const box = page.getByRole("textbox", { name: "Type what you want to say" });
  await box.fill("My secret words");
  await box.press("Enter");
  await expect.poll(() => storedValue(page, "dauys.talk-history")).toHaveLength(1);

  // Staff leave kiosk mode (to change its idle time, say) before the patient's session ended.
  await openExitDialog(page);
  await enterExitPin(page, pin);
  await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is off." })).toBeVisible();
  expect(await storedValue(page, "dauys.talk-history")).toBeNull();
  expect(await storedValue(page, "dauys.talk-boards")).toEqual({ en: clinicBoard });
  await expect(page.getByText("My secret words")).toHaveCount(0);

  // Kiosk mode on again: each reset now gives back the clinic's board.
  await provision(page);
  expect(await storedValue(page, "dauys.talk-clinic-boards")).toEqual({ en: clinicBoard });
});
