import { expect, test } from "@playwright/test";
import { appStarted, presetStoredValue } from "./fixtures.ts";

test.describe("a prerendered page before the app starts", () => {
  test.use({ javaScriptEnabled: false });

  test("shows no menu button between the md and lg breakpoints, and one on a phone", async ({
    page,
  }) => {
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(menuButton).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(menuButton).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" }).first()).toBeVisible();
    await page.setViewportSize({ width: 400, height: 800 });
    await expect(menuButton).toBeVisible();
  });
});

test("a toast stacks above the sent-requests news: neither covers the other", async ({ page }) => {
  // A long subject list makes the news tall.
  await presetStoredValue(
    page,
    "dauys.sent-notice",
    Array.from({ length: 4 }, (_, index) => ({
      id: crypto.randomUUID(),
      subject: `Pilot for our rehabilitation center, department ${index + 1}`,
      sentAt: new Date().toISOString(),
    })),
  );
  await page.goto("/contact");
  const news = page.getByRole("status").filter({ hasText: "Your saved messages have been sent" });
  await expect(news).toBeVisible();
  const tag = crypto.randomUUID().slice(0, 8);
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Aigerim Sadykova");
  await page
    .getByRole("textbox", { name: "Email Address", exact: true })
    .fill(`aigerim.${tag}@example.kz`);
  await page.getByRole("textbox", { name: "Subject", exact: true }).fill(`Pilot ${tag}`);
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("We would like to try Dauys.");
  await page.getByRole("button", { name: "Send Message" }).click();
  const toast = page.locator(".bottom-toast").getByRole("alert");
  await expect(toast).toBeVisible();
  await expect
    .poll(async () => {
      const [toastBox, newsBox] = await Promise.all([
        toast.boundingBox(),
        news.locator(".alert").boundingBox(),
      ]);
      // The toast ends above where the news begins.
      return toastBox && newsBox ? toastBox.y + toastBox.height <= newsBox.y : false;
    })
    .toBe(true);
});

test("without IndexedDB the device says it could not save, even when the notices' code came late; a request is still sent", async ({
  page,
}) => {
  // As in a browser's private mode that has no IndexedDB.
  await page.addInitScript(() => {
    Object.defineProperty(window, "indexedDB", { value: undefined, configurable: true });
  });
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  // The notices' code fails the first time (a server error while online), then comes.
  let failures = 0;
  await page.route(/\/assets\/app-notices-[\w-]+\.js$/, (route) =>
    failures++ === 0
      ? route.fulfill({ status: 503, body: "Service unavailable" })
      : route.continue(),
  );
  await page.goto("/contact");
  await appStarted(page);
  const tag = crypto.randomUUID().slice(0, 8);
  // The draft is saved as it is typed: here it cannot be.
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Aigerim Sadykova");
  await expect(
    page.getByRole("alert").filter({ hasText: "This device could not save your work." }),
  ).toBeVisible({ timeout: 15_000 });
  expect(failures).toBeGreaterThan(1);
  const draftNote = page.getByRole("alert").filter({
    hasText: "Your draft could not be saved on this device.",
  });
  await expect(draftNote).toBeVisible();
  // What the draft's note says from now on: the failure, once, not again after every pause.
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { draftNotes: string[] }).draftNotes = said;
    const note = [...document.querySelectorAll("[role=alert]")].find((element) =>
      element.textContent?.includes("Your draft could not be saved"),
    )!;
    const observer = new MutationObserver(() => said.push(note.textContent ?? ""));
    observer.observe(note, {
      characterData: true,
      childList: true,
      subtree: true,
      attributes: true,
    });
  });

  // The page goes on working: the request is sent.
  await page
    .getByRole("textbox", { name: "Email Address", exact: true })
    .fill(`aigerim.${tag}@example.kz`);
  await page.getByRole("textbox", { name: "Subject", exact: true }).fill(`No storage ${tag}`);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Please call us.");
  expect(
    await page.evaluate(() => (window as unknown as { draftNotes: string[] }).draftNotes),
  ).toEqual([]);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toBeVisible();
  expect(errors).toEqual([]);
});
