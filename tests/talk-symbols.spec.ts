import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  findSmallTargets,
  presetPilotAccess,
  settle,
  visitUntilControlled,
} from "./fixtures.ts";

/*
 * Pictures on Talk's board: the starter boards' OpenMoji symbols (served, precached and cached
 * by the real server and service worker), what the buttons show, and the board's size.
 */

const starterPhraseCount = 26;

async function openTalk(page: Page) {
  await presetPilotAccess(page);
  await page.goto("/talk");
  await expect(page.getByRole("heading", { level: 1, name: "Talk" })).toBeVisible();
  await settle(page);
  await expect(board(page)).toHaveAttribute("aria-busy", "false");
}

const board = (page: Page) => page.getByRole("region", { name: "Phrase board" });

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

test.describe("offline", () => {
  test.use({ serviceWorkers: "allow" });

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
});
