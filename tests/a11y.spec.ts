import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, locales, presetLanguage, routes } from "./fixtures.ts";

for (const locale of locales) {
  test(`every route is axe clean in ${locale}`, async ({ page }) => {
    await presetLanguage(page, locale);
    for (const route of routes) {
      await page.goto(route);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `${route} in ${locale}`);
    }
  });
}

test("the phone layout with the menu open is axe clean", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expectNoAxeViolations(page, "menu open");
});

test("the language menu open is axe clean", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Language: English" }).click();
  await expect(page.getByRole("menuitem", { name: "Русский" })).toBeVisible();
  await expectNoAxeViolations(page, "language menu open");
});
