/**
 * Keyboard only: each page's main task is done without a pointer. Only Tab, Shift+Tab, Enter,
 * Space, arrows, Escape and typing are used; a step fails if focus never reaches its control.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { useFakeRecognizer } from "./fake-speech-recognition.ts";
import { appStarted, presetPilotAccess } from "./fixtures.ts";

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, maxPresses = 120) {
  for (let press = 0; press < maxPresses; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Focus never reached ${target} after ${maxPresses} Tab presses`);
}

test.use({ viewport: { width: 1280, height: 900 } });

test("home: get started and reach the contact page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The app has the page, and its late parts have come (they move the focus after a page change).
  await appStarted(page);
  await page.waitForLoadState("networkidle");
  await tabTo(page, page.getByRole("main").getByRole("link", { name: "Get Started" }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/contact");
  // The link went with the page: the focus is on the new page's content, not back at the top.
  await expect(page.getByRole("main")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Full Name" })).toBeFocused();
});

test("contact: fill in and send the form", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The app's form: before the app, the browser sends it itself (page-before-script.spec.ts).
  await appStarted(page);
  await tabTo(page, page.getByRole("textbox", { name: "Full Name" }));
  await page.keyboard.type("Dana Seitkali");
  await page.keyboard.press("Tab");
  await page.keyboard.type("dana@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Pilot for our clinic");
  await page.keyboard.press("Tab");
  await page.keyboard.type("We would like to try Dauys with our patients.");
  await tabTo(page, page.getByRole("button", { name: "Send Message" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Message sent!")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Full Name" })).toHaveValue("");
});

test("language: switch to Russian with the keyboard", async ({ page }) => {
  await page.goto("/about");
  await tabTo(page, page.getByRole("button", { name: "Language: English" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio", { name: "English" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
});

test("recognition: record, correct and make audio", async ({ page }) => {
  await useFakeRecognizer(page, { installed: true, onDevice: null });
  await presetPilotAccess(page);
  await page.goto("/recognition");
  const record = page.getByRole("button", { name: "Start recording" });
  await tabTo(page, record);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Stop recording" })).toBeFocused();
  await expect(
    page.getByRole("region", { name: "Voice recording" }).getByRole("status"),
  ).toHaveText(/^Recording…/);
  await page.evaluate(() => window.speechScript.final("I want to go home"));
  await page.keyboard.press("Space");
  const text = page.getByRole("textbox", { name: "Recognized text" });
  await expect(text).toHaveValue(/I want to go home/);

  await tabTo(page, text);
  await page.keyboard.press("End");
  await page.keyboard.type(" now");
  await expect(text).toHaveValue(/home now/);
  await tabTo(page, page.getByRole("button", { name: "Create audio" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Play" })).toBeFocused({ timeout: 20_000 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
});

test("recovery: choose a lesson and play it", async ({ page }) => {
  await page.route(/youtube-nocookie\.com|ytimg\.com/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>video</title>" }),
  );
  await presetPilotAccess(page);
  await page.goto("/recovery");
  const cards = page.getByRole("list", { name: "All video lessons" }).getByRole("button");
  await tabTo(page, cards.nth(3));
  await page.keyboard.press("Enter");
  await expect(cards.nth(3)).toHaveAttribute("aria-current", "true");
  // The focus waits on the chosen lesson's Play: Enter plays it.
  await expect(page.getByRole("button", { name: "Play lesson" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("iframe[src*='youtube-nocookie.com/embed/']")).toHaveCount(1);
});

test("dialogs: the paid-feature popup takes focus, keeps it, and closes with Escape", async ({
  page,
}) => {
  await page.goto("/recovery");
  const dialog = page.getByRole("dialog", { name: "Available in the paid version" });
  await expect(dialog).toBeVisible();
  const focusInDialog = () =>
    dialog.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(focusInDialog).toBe(true);
  // Tab moves between the popup's buttons and never into the page behind it. After the last
  // button a native modal lets focus go to the browser's own controls (here: nowhere, `body`),
  // and the next Tab comes back to the popup.
  const visited: string[] = [];
  for (let press = 0; press < 6; press++) {
    await page.keyboard.press("Tab");
    const where = await dialog.evaluate((element) => {
      const active = document.activeElement;
      if (!active || active === document.body) return "outside the page";
      return element.contains(active) ? (active.textContent ?? "") : "the page behind";
    });
    visited.push(where);
  }
  expect(visited).not.toContain("the page behind");
  expect(visited).toContain("Close");
  expect(visited).toContain("Leave a request");
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL("/contact");
});
