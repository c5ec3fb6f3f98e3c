import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const languageNames = {
  en: "English",
  ru: "Русский",
  az: "Azərbaycanca",
  kk: "Қазақша",
  ky: "Кыргызча",
  uz: "Oʻzbekcha",
} as const;

export type Locale = keyof typeof languageNames;
export const locales = Object.keys(languageNames) as Locale[];

export const routes = ["/", "/about", "/contact", "/recognition", "/recovery", "/no-such-page"];

/** Runs axe with the WCAG 2.x A and AA rules (2.2 included) and expects no violations. */
export async function expectNoAxeViolations(page: Page, context = "") {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

/** Switches the interface language with the header's switcher, as a user would. */
export async function switchLanguage(page: Page, locale: Locale) {
  await page.getByRole("button", { name: /^(Language|Язык|Dil|Тіл|Тил|Til): / }).click();
  await page.getByRole("menuitem", { name: languageNames[locale] }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

/** Saves a language preference before the app starts, as a returning user would have. */
export async function presetLanguage(page: Page, locale: Locale) {
  await page.goto("/no-such-page-for-setup");
  await page.evaluate(async (code) => {
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open("dauys");
      open.onupgradeneeded = () => open.result.createObjectStore("keyval");
      open.onsuccess = () => {
        const tx = open.result.transaction("keyval", "readwrite");
        tx.objectStore("keyval").put(code, "dauys.language");
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    });
  }, locale);
}

/** Saves any value in the app's IndexedDB store ("dauys" / "keyval") before the app starts. */
export async function presetStoredValue(page: Page, key: string, value: unknown) {
  await page.goto("/no-such-page-for-setup");
  await page.evaluate(
    async ({ key, value }) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("dauys");
        open.onupgradeneeded = () => open.result.createObjectStore("keyval");
        open.onsuccess = () => {
          const tx = open.result.transaction("keyval", "readwrite");
          tx.objectStore("keyval").put(value, key);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      });
    },
    { key, value },
  );
}

/** Gives this browser pilot access (a contact request was sent), so no paid-feature popup. */
export async function presetPilotAccess(page: Page) {
  await presetStoredValue(page, "dauys.pilot-access", {
    grantedAt: new Date().toISOString(),
    reason: "request-sent",
  });
}
