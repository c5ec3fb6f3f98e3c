import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import {
  cameraPhoto,
  expectNoAxeViolations,
  findSmallTargets,
  presetLanguage,
  presetPilotAccess,
  presetStoredValue,
  settle,
  stripedPhoto,
  uprightPhoto,
  visitUntilControlled,
} from "./fixtures.ts";

/*
 * Pictures on Talk's board: the starter boards' OpenMoji symbols (served, precached and cached
 * by the real server and service worker), what the buttons show, and the board's size.
 */

const starterPhraseCount = 26;

/** What the tests click, in the interface languages they use (the catalogs' own words). */
const words = {
  en: {
    talk: "Talk",
    board: "Phrase board",
    edit: "Edit the board",
    done: "Done editing",
    add: "Add a phrase",
    phrase: "Phrase",
    choose: "Choose a symbol",
    search: "Search symbols",
    found: "Symbols found:",
    save: "Save the phrase",
  },
  kk: {
    talk: "Сөйлесу",
    board: "Сөз тіркестері тақтасы",
    edit: "Тақтаны өңдеу",
    done: "Өңдеу аяқталды",
    add: "Сөз тіркесін қосу",
    phrase: "Сөз тіркесі",
    choose: "Таңба таңдау",
    search: "Таңба іздеу",
    found: "Табылған таңбалар:",
    save: "Сөз тіркесін сақтау",
  },
  ru: {
    talk: "Разговор",
    board: "Доска фраз",
    edit: "Изменить доску",
    done: "Готово",
    add: "Добавить фразу",
    phrase: "Фраза",
    choose: "Выбрать символ",
    search: "Поиск символов",
    found: "Найдено символов:",
    save: "Сохранить фразу",
  },
} as const;
type Words = (typeof words)[keyof typeof words];

async function openTalk(page: Page, language: keyof typeof words = "en") {
  await presetPilotAccess(page);
  if (language !== "en") await presetLanguage(page, language);
  await page.goto("/talk");
  await expect(page.getByRole("heading", { level: 1, name: words[language].talk })).toBeVisible();
  await settle(page);
  await expect(board(page, words[language])).toHaveAttribute("aria-busy", "false");
}

const board = (page: Page, say: Words = words.en) => page.getByRole("region", { name: say.board });

/** Adds a phrase through the dialog, up to the open symbol search; returns the search box. */
async function startPhraseWithSymbol(page: Page, say: Words, text: string) {
  await board(page, say).getByRole("button", { name: say.edit }).click();
  await board(page, say).getByRole("button", { name: say.add }).click();
  const dialog = page.getByRole("dialog", { name: say.add });
  await dialog.getByRole("textbox", { name: say.phrase }).fill(text);
  await dialog.getByRole("button", { name: say.choose }).click();
  return { dialog, search: dialog.getByRole("searchbox", { name: say.search }) };
}

/** Saves the dialog and leaves editing; returns the new phrase's button on the board. */
async function savePhrase(page: Page, say: Words, text: string) {
  await page.getByRole("button", { name: say.save }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await board(page, say).getByRole("button", { name: say.done }).click();
  return board(page, say).getByRole("button", { name: text, exact: true });
}

/** The board's phrase buttons (not the controls above them). */
const phraseButtons = (page: Page) => board(page).getByRole("listitem").getByRole("button");

/** How many of these images the browser has really loaded and decoded (not broken). */
function loadedImages(images: Locator): Promise<number> {
  return images.evaluateAll(
    (elements) =>
      elements
        .filter((image) => (image as HTMLImageElement).complete)
        .filter((image) => (image as HTMLImageElement).naturalWidth > 0).length,
  );
}

async function setBoard(page: Page, choices: { show?: string; perRow?: string }) {
  await board(page).getByRole("button", { name: "Edit the board" }).click();
  if (choices.show)
    await page.getByRole("combobox", { name: "Buttons show" }).selectOption(choices.show);
  if (choices.perRow) {
    await page
      .getByRole("combobox", { name: "Buttons in a row on a phone" })
      .selectOption(choices.perRow);
  }
  await board(page).getByRole("button", { name: "Done editing" }).click();
}

test("every starter phrase shows its picture above its words", async ({ page }) => {
  await openTalk(page);
  await expect(phraseButtons(page)).toHaveCount(starterPhraseCount);
  const pictures = phraseButtons(page).locator("img");
  await expect(pictures).toHaveCount(starterPhraseCount);
  await expect.poll(() => loadedImages(pictures)).toBe(starterPhraseCount);

  const toilet = phraseButtons(page).filter({ hasText: "I need the toilet." });
  const picture = await toilet.locator("img").boundingBox();
  const words = await toilet.getByText("I need the toilet.").boundingBox();
  expect(picture!.y + picture!.height).toBeLessThanOrEqual(words!.y + 1);
  // Recognisable at arm's length: far larger than an icon in running text.
  expect(picture!.width).toBeGreaterThanOrEqual(64);
});

test("pictures only: the buttons keep their phrases as names and say them; other boards keep words", async ({
  page,
}) => {
  await openTalk(page);
  await setBoard(page, { show: "pictures" });

  const toilet = page.getByRole("button", { name: "I need the toilet.", exact: true });
  await expect(toilet).toBeVisible();
  await expect(toilet.getByText("I need the toilet.", { exact: true })).toHaveCSS(
    "position",
    "absolute",
  );
  await expect(toilet.locator("img")).toBeVisible();
  await toilet.click();
  const said = page.getByRole("region", { name: "Said last" });
  await expect(said.getByText("I need the toilet.", { exact: true })).toBeVisible();

  await page.reload();
  await settle(page);
  await expect(toilet.getByText("I need the toilet.", { exact: true })).toHaveCSS(
    "position",
    "absolute",
  );

  // The choice belongs to the English board: the Russian board still shows its words.
  await page.getByRole("combobox", { name: "Speak in" }).selectOption("ru");
  await expect(board(page).getByText("Мне нужно в туалет.", { exact: true })).not.toHaveCSS(
    "position",
    "absolute",
  );

  await setBoard(page, { show: "words" });
  await expect(phraseButtons(page).locator("img")).toHaveCount(0);
  await expect(phraseButtons(page)).toHaveCount(starterPhraseCount);
});

test("pictures only: a phrase whose picture cannot be shown shows its words", async ({ page }) => {
  // A photo no longer on the device (erased, or a board from another phone without it), and a
  // symbol the server does not have.
  await presetStoredValue(page, "dauys.talk-boards", {
    en: [
      {
        id: "gone",
        text: "Call my daughter",
        category: "mine",
        favourite: false,
        symbol: { set: "picture", id: "picture-gone" },
      },
      {
        id: "broken",
        text: "Open the window",
        category: "mine",
        favourite: false,
        symbol: { set: "openmoji", code: "1F9FF-FE0F-200D-1F525" },
      },
      {
        id: "shown",
        text: "I am cold",
        category: "mine",
        favourite: false,
        symbol: { set: "openmoji", code: "1F976" },
      },
    ],
  });
  await openTalk(page);
  await setBoard(page, { show: "pictures" });
  for (const text of ["Call my daughter", "Open the window"]) {
    const words = board(page).getByText(text, { exact: true });
    await expect(words).toBeVisible();
    await expect(words).not.toHaveCSS("position", "absolute");
  }
  await expect(board(page).getByText("I am cold", { exact: true })).toHaveCSS(
    "position",
    "absolute",
  );
});

test("fewer buttons in a row make them bigger on a phone, and the choice is kept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTalk(page);
  const widthOfFirst = async () => (await phraseButtons(page).first().boundingBox())!.width;
  const usual = await widthOfFirst();

  await setBoard(page, { perRow: "4" });
  const rowOfFour = await phraseButtons(page).evaluateAll((buttons) =>
    buttons.slice(0, 5).map((button) => Math.round(button.getBoundingClientRect().top)),
  );
  expect(new Set(rowOfFour.slice(0, 4)).size).toBe(1);
  expect(rowOfFour[4]).toBeGreaterThan(rowOfFour[0]!);
  expect(await widthOfFirst()).toBeLessThan(usual);
  expect(await findSmallTargets(page)).toEqual([]);

  await page.reload();
  await settle(page);
  const kept = await phraseButtons(page).evaluateAll((buttons) =>
    buttons.slice(0, 4).map((button) => Math.round(button.getBoundingClientRect().top)),
  );
  expect(new Set(kept).size).toBe(1);

  await setBoard(page, { perRow: "2" });
  expect(await widthOfFirst()).toBeGreaterThan(usual * 0.9);
});

for (const width of [390, 1280]) {
  test(`the board with pictures, and with pictures only, passes axe at ${width} px`, async ({
    page,
  }) => {
    // Three scans of a long page: slow on a busy machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await openTalk(page);
    await expect
      .poll(() => loadedImages(phraseButtons(page).locator("img")))
      .toBe(starterPhraseCount);
    await expectNoAxeViolations(page, `pictures and words, ${width} px`);
    await board(page).getByRole("button", { name: "Edit the board" }).click();
    await expectNoAxeViolations(page, `editing, ${width} px`);
    expect(await findSmallTargets(page)).toEqual([]);
    await page.getByRole("combobox", { name: "Buttons show" }).selectOption("pictures");
    await board(page).getByRole("button", { name: "Done editing" }).click();
    await expectNoAxeViolations(page, `pictures only, ${width} px`);
  });
}

test("the symbol picker finds a symbol by a Kazakh word", async ({ page }) => {
  await openTalk(page, "kk");
  const say = words.kk;
  const { dialog, search } = await startPhraseWithSymbol(page, say, "Маған дәретхана керек");
  await search.fill("дәретхана");
  await expect(dialog.getByRole("status").filter({ hasText: say.found })).toBeVisible();
  // CLDR's Kazakh name of 🚽 (U+1F6BD).
  await dialog.getByRole("button", { name: "унитаз", exact: true }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "унитаз" })).toBeVisible();
  const phrase = await savePhrase(page, say, "Маған дәретхана керек");
  await expect(phrase.locator("img")).toHaveAttribute("src", /\/1F6BD\.svg$/);
  await expect.poll(() => loadedImages(phrase.locator("img"))).toBe(1);
});

test("the symbol picker finds a symbol by a Russian word, all by keyboard", async ({ page }) => {
  await openTalk(page, "ru");
  const say = words.ru;
  const { dialog, search } = await startPhraseWithSymbol(page, say, "Где моя кошка?");
  await search.fill("кошка");
  await expect(dialog.getByRole("status").filter({ hasText: say.found })).toBeVisible();
  // The results are one Tab stop; the arrows move among them, Enter chooses.
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "кошка", exact: true })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("button", { name: "морда кошки", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: say.choose })).toBeFocused();
  await expectNoAxeViolations(page, "the phrase dialog with a symbol chosen");
  expect(await findSmallTargets(page)).toEqual([]);
  const phrase = await savePhrase(page, say, "Где моя кошка?");
  await expect(phrase.locator("img")).toHaveAttribute("src", /\/1F431\.svg$/);
  await expect.poll(() => loadedImages(phrase.locator("img"))).toBe(1);
});

test("a symbol index that cannot arrive is said so, and Try again loads it, keeping the focus", async ({
  page,
}) => {
  const index = /\/assets\/symbol-index-en-[\w-]+\.js$/;
  let tries = 0;
  await page.route(index, (route) => {
    tries += 1;
    return route.abort("internetdisconnected");
  });
  await openTalk(page);
  const { dialog, search } = await startPhraseWithSymbol(page, words.en, "My cat");
  const failed = dialog.getByRole("status").filter({ hasText: "The symbols could not be loaded." });
  await expect(failed).toBeVisible();
  const tryAgain = dialog.getByRole("button", { name: "Try again" });

  // Failing again, Try again is still there, with the focus on it.
  const triesBefore = tries;
  await tryAgain.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => tries).toBeGreaterThan(triesBefore);
  await expect(failed).toBeVisible();
  await expect(tryAgain).toBeFocused();

  // Once the symbols arrive the focus goes on to the search, not to the dialog's top.
  await page.unroute(index);
  await page.keyboard.press("Enter");
  await expect(search).toBeFocused();
  await search.fill("cat");
  await expect(dialog.getByRole("button", { name: "cat", exact: true })).toBeVisible();
});

test("a symbol picture that does not load shows the symbol's name, not a blank button", async ({
  page,
}) => {
  // No symbol picture arrives (a network that blocks them).
  await page.route(/\/symbols\/openmoji-17\/[\w-]+\.svg$/, (route) => route.abort("failed"));
  await openTalk(page);
  const { dialog, search } = await startPhraseWithSymbol(page, words.en, "My cat");
  await search.fill("cat");
  await expect(dialog.getByRole("status").filter({ hasText: words.en.found })).toBeVisible();
  const cat = dialog.getByRole("button", { name: "cat", exact: true });
  await expect(cat.getByText("cat", { exact: true })).toBeVisible();
  await expect(cat.locator("img")).toHaveCount(0);
  expect(await findSmallTargets(page)).toEqual([]);
});

test("the open symbol picker passes axe at 390 px", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await openTalk(page);
  const { dialog, search } = await startPhraseWithSymbol(page, words.en, "My cat");
  await search.fill("cat");
  await expect(dialog.getByRole("status").filter({ hasText: words.en.found })).toBeVisible();
  await expectNoAxeViolations(page, "symbol picker, 390 px");
  expect(await findSmallTargets(page)).toEqual([]);
});

/** How many pictures of the user's own the device keeps. */
function keptPictureCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("dauys-pictures");
        open.onupgradeneeded = () => open.result.createObjectStore("pictures");
        open.onsuccess = () => {
          const count = open.result.transaction("pictures").objectStore("pictures").count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}

test("a photo becomes a phrase's picture, made small on the device, kept, exported and imported, erased with its phrase", async ({
  page,
}, testInfo) => {
  test.slow();
  await openTalk(page);
  await board(page).getByRole("button", { name: "Edit the board" }).click();
  await board(page).getByRole("button", { name: "Add a phrase" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a phrase" });
  await dialog.getByRole("textbox", { name: "Phrase" }).fill("My cat Barsik");

  // Not a picture: said, and nothing kept.
  let chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Choose a photo" }).click();
  await (
    await chooser
  ).setFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("shopping") });
  await expect(
    dialog
      .getByRole("status")
      .filter({ hasText: "This file is not a picture this device can show." }),
  ).toBeVisible();

  // Removed, and the button with it: the focus stays in the picture's field.
  await dialog.getByRole("button", { name: "Choose a symbol" }).click();
  await dialog.getByRole("searchbox", { name: "Search symbols" }).fill("cat");
  await dialog.getByRole("button", { name: "cat", exact: true }).click();
  await dialog.getByRole("button", { name: "Remove the picture" }).click();
  await expect(
    dialog.getByRole("status").filter({ hasText: "The phrase has no picture now." }),
  ).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Choose a symbol" })).toBeFocused();

  chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Choose a photo" }).click();
  await (await chooser).setFiles(await cameraPhoto(page));
  await expect(
    dialog.getByRole("status").filter({ hasText: "The photo is the phrase's picture now." }),
  ).toBeVisible();
  await expect.poll(() => keptPictureCount(page)).toBe(1);
  const phrase = await savePhrase(page, words.en, "My cat Barsik");
  const picture = phrase.locator("img");
  await expect.poll(() => loadedImages(picture)).toBe(1);
  // Made small on the device: 1200×800 became 256×171.
  expect(
    await picture.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]),
  ).toEqual([256, 171]);

  await page.reload();
  await settle(page);
  await expect.poll(() => loadedImages(phrase.locator("img"))).toBe(1);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export the board" }).click();
  const file = testInfo.outputPath((await download).suggestedFilename());
  await (await download).saveAs(file);
  const exported = JSON.parse(readFileSync(file, "utf8")) as { pictures: object };
  expect(Object.keys(exported.pictures)).toHaveLength(1);

  // Deleted with its phrase: the device no longer keeps the photo.
  await board(page).getByRole("button", { name: "Edit the board" }).click();
  await board(page).getByRole("button", { name: "Delete: My cat Barsik" }).click();
  await expect.poll(() => keptPictureCount(page)).toBe(0);
  await board(page).getByRole("button", { name: "Done editing" }).click();
  await expect(phrase).toHaveCount(0);

  await page.getByLabel("Board file to import").setInputFiles(file);
  await page
    .getByRole("dialog", { name: "Replace your boards?" })
    .getByRole("button", { name: "Replace the boards" })
    .click();
  await expect(page.getByText(/^Board imported: /)).toBeVisible();
  await expect.poll(() => loadedImages(phrase.locator("img"))).toBe(1);
  await expect.poll(() => keptPictureCount(page)).toBe(1);
});

/** A phrase added with a photo chosen for it, saved: its picture on the board, loaded. */
async function phraseWithPhoto(
  page: Page,
  text: string,
  photo: Parameters<Locator["setInputFiles"]>[0],
) {
  await openTalk(page);
  await board(page).getByRole("button", { name: "Edit the board" }).click();
  await board(page).getByRole("button", { name: "Add a phrase" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a phrase" });
  await dialog.getByRole("textbox", { name: "Phrase" }).fill(text);
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Choose a photo" }).click();
  await (await chooser).setFiles(photo);
  await expect(
    dialog.getByRole("status").filter({ hasText: "The photo is the phrase's picture now." }),
  ).toBeVisible();
  const picture = (await savePhrase(page, words.en, text)).locator("img");
  await expect.poll(() => loadedImages(picture)).toBe(1);
  return picture;
}

test("a photo with fine detail is made small without moiré", async ({ page }) => {
  const picture = await phraseWithPhoto(page, "My striped shirt", await stripedPhoto(page));
  // The kept picture's grey levels: their mean is mid-grey, and they barely vary.
  const levels = await picture.evaluate((image: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < data.length; i += 4) {
      sum += data[i]!;
      squares += data[i]! * data[i]!;
    }
    const count = data.length / 4;
    const mean = sum / count;
    return {
      size: [canvas.width, canvas.height],
      mean,
      spread: Math.sqrt(squares / count - mean * mean),
    };
  });
  expect(levels.size).toEqual([256, 192]);
  expect(levels.mean).toBeGreaterThan(110);
  expect(levels.mean).toBeLessThan(145);
  expect(levels.spread).toBeLessThan(12);
});

test("a photo taken with the phone upright is kept upright, made small", async ({ page }) => {
  const picture = await phraseWithPhoto(page, "My garden", await uprightPhoto(page));
  // Turned as seen (taller than wide), with its corners' colours where the camera saw them.
  const kept = await picture.evaluate((image: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const colourAt = (x: number, y: number) => {
      const [red, green, blue] = context.getImageData(x, y, 1, 1).data;
      if (red! > 200 && green! < 80 && blue! < 80) return "red";
      if (blue! > 200 && red! < 80 && green! < 80) return "blue";
      return red! > 200 && green! > 200 && blue! > 200 ? "white" : "other";
    };
    const [right, bottom] = [canvas.width - 10, canvas.height - 10];
    return {
      size: [canvas.width, canvas.height],
      corners: [
        colourAt(10, 10),
        colourAt(right, 10),
        colourAt(10, bottom),
        colourAt(right, bottom),
      ],
    };
  });
  expect(kept).toEqual({ size: [192, 256], corners: ["white", "red", "blue", "white"] });
});

test.describe("offline", () => {
  test.use({ serviceWorkers: "allow" });

  /** Online, in the installed app: a Russian phrase with the symbol "кошка" chosen for it. */
  async function catPhraseOnline(page: Page) {
    await presetPilotAccess(page);
    await presetLanguage(page, "ru");
    await visitUntilControlled(page, "/talk");
    await settle(page);
    const { search } = await startPhraseWithSymbol(page, words.ru, "Где моя кошка?");
    await search.fill("кошка");
    await page.getByRole("button", { name: "кошка", exact: true }).click();
    const phrase = await savePhrase(page, words.ru, "Где моя кошка?");
    await expect.poll(() => loadedImages(phrase.locator("img"))).toBe(1);
    return phrase;
  }

  /** Offline, after a reload, the phrase shows its picture. */
  async function expectCatPictureOffline(page: Page, context: BrowserContext) {
    await context.setOffline(true);
    await page.reload();
    await settle(page);
    const kept = board(page, words.ru).getByRole("button", { name: "Где моя кошка?", exact: true });
    await expect.poll(() => loadedImages(kept.locator("img"))).toBe(1);
  }

  test("after one visit the starter pictures show offline", async ({ page, context }) => {
    await presetPilotAccess(page);
    await visitUntilControlled(page, "/talk");
    await context.setOffline(true);
    await page.reload();
    await settle(page);
    const pictures = phraseButtons(page).locator("img");
    await expect(pictures).toHaveCount(starterPhraseCount);
    await expect.poll(() => loadedImages(pictures)).toBe(starterPhraseCount);
  });

  test("a symbol chosen online is kept, and shows offline", async ({ page, context }) => {
    await catPhraseOnline(page);
    await expectCatPictureOffline(page, context);
  });

  test("offline, the symbol picker offers only the symbols on the device and says the others need a connection", async ({
    page,
    context,
  }) => {
    await presetPilotAccess(page);
    await visitUntilControlled(page, "/talk");
    await settle(page);
    let { dialog, search } = await startPhraseWithSymbol(page, words.en, "My cat");
    await search.fill("cat");
    const results = dialog.getByRole("group", { name: "Symbols" });
    const shown = results.locator("img");
    // Every cat's picture comes through the worker, which keeps it (counted once the results
    // are there: counted at once, the search's answer had not come, in ci134).
    await expect
      .poll(async () => {
        const cats = await results.getByRole("button").count();
        return cats > 0 && (await loadedImages(shown)) === cats;
      })
      .toBe(true);
    await dialog.getByRole("button", { name: "cat", exact: true }).click();
    await savePhrase(page, words.en, "My cat");

    // Offline without a reload: a document the worker serves on reload still says it is online.
    await context.setOffline(true);
    ({ dialog, search } = await startPhraseWithSymbol(page, words.en, "My dog"));
    // Of the palms, only the one among the cats was ever shown (the picker's first symbols,
    // shown before the search, are faces).
    await search.fill("palm");
    await expect(
      dialog.getByRole("status").filter({ hasText: "More need an internet connection." }),
    ).toBeVisible();
    await expect(dialog.getByRole("button", { name: "palm up hand", exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "palm tree", exact: true })).toHaveCount(0);
    const offered = await results.getByRole("button").count();
    expect(offered).toBeGreaterThan(0);
    await expect(
      dialog.getByRole("status").filter({ hasText: "More need an internet connection." }),
    ).toHaveText(`Symbols found on this device: ${offered}. More need an internet connection.`);
    // Every symbol offered shows its picture: none is a blank button.
    await expect.poll(() => loadedImages(shown)).toBe(offered);

    // A word none of whose symbols was ever shown says so.
    await search.fill("rocket");
    await expect(
      dialog.getByRole("status").filter({ hasText: "No symbol for this word is on this device." }),
    ).toBeVisible();
    await expect(dialog.getByRole("group", { name: "Symbols" })).toHaveCount(0);
  });

  test("a board's own picture stays offline after the picker has shown hundreds of others", async ({
    page,
    context,
  }) => {
    // Hundreds of pictures fetched and cached: 47 s in ci146, past the default 60 s on both tries
    // on a loaded machine in ci147.
    test.slow();
    const phrase = await catPhraseOnline(page);
    const own = new URL((await phrase.locator("img").getAttribute("src"))!, page.url()).pathname;

    // A caregiver looks through the picker for other phrases: 800 more symbols come through the
    // worker, as the picker's pictures do.
    const folder = join(process.env.DIST_DIR || "dist", "symbols", "openmoji-17");
    const others = readdirSync(folder)
      .map((name) => `/symbols/openmoji-17/${name}`)
      .filter((path) => path !== own)
      .slice(0, 800);
    await page.evaluate(async (paths) => {
      for (let start = 0; start < paths.length; start += 50)
        await Promise.all(
          paths.slice(start, start + 50).map(async (path) => (await fetch(path)).blob()),
        );
    }, others);

    await expectCatPictureOffline(page, context);
  });
});
