import { expect, test, type Page } from "@playwright/test";
import {
  appStarted,
  dropConnectionOn,
  expectNoAxeViolations,
  languageNames,
  presetLanguage,
  presetPilotAccess,
  settle,
  switchLanguage,
} from "./fixtures.ts";

/** Opens `path`, opens the phone menu from the keyboard and tabs to its first link. */
async function openMenuByKeyboard(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
  await page.getByRole("button", { name: "Open menu" }).focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("navigation", { name: "Main" });
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "About" })).toBeFocused();
  return menu;
}

// The paid-feature popups are tested in their pages' specs; here they would cover the header.
test.beforeEach(async ({ page }) => {
  await presetPilotAccess(page);
});

test.describe("header on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("links go to each page and mark the current one", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const pages = [
      { name: "About", path: "/about" },
      { name: "Contact", path: "/contact" },
      { name: "Recognition", path: "/recognition" },
      { name: "Talk", path: "/talk" },
      { name: "Recovery", path: "/recovery" },
    ];
    for (const { name, path } of pages) {
      await nav.getByRole("link", { name }).click();
      await expect(page).toHaveURL(path);
      await expect(nav.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      for (const other of pages.filter((p) => p.name !== name)) {
        await expect(nav.getByRole("link", { name: other.name })).not.toHaveAttribute(
          "aria-current",
          "page",
        );
      }
    }
    await page.getByRole("banner").getByRole("link", { name: "Dauys", exact: true }).click();
    await expect(page).toHaveURL("/");
    await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL("/contact");
  });

  test("each page has its own title and one main heading", async ({ page }) => {
    const titles = new Set<string>();
    for (const path of ["/", "/about", "/contact", "/recognition", "/talk", "/recovery"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(/Dauys/);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(6);
  });

  test("'Skip to content' comes first and moves focus to the main content", async ({ page }) => {
    await page.goto("/about");
    await settle(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });

  test("the menu toggle is hidden on wide screens", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });
});

test.describe("header on a phone", () => {
  // Reduced motion: the menu opens and closes at once, so each tap meets a settled menu.
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, reducedMotion: "reduce" });

  test("the menu opens, closes on choice, and offers Sign In", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();

    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Main" });
    for (const name of [
      "About",
      "Contact",
      "Recognition",
      "Talk",
      "Recovery",
      "Get Started",
      "Sign In",
    ]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }

    await menu.getByRole("link", { name: "Recovery" }).click();
    await expect(page).toHaveURL("/recovery");
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    // Leaving the page another way closes it too: the logo, and the browser's Back.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Dauys", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.goBack();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  test("on a phone on its side, the menu scrolls to its last link", async ({ page }) => {
    await page.setViewportSize({ width: 740, height: 360 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const signIn = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
      name: "Sign In",
    });
    await signIn.scrollIntoViewIfNeeded();
    await expect(signIn).toBeInViewport();
    await signIn.click();
    await expect(page).toHaveURL("/contact");
  });

  test("with large text on a phone on its side, the menu's last link can be reached whole", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 740, height: 360 });
    await page.goto("/");
    // Text at twice its size (the browser's or the phone's text size): the bar is taller too.
    await page.addStyleTag({ content: "html { font-size: 200%; }" });
    await page.getByRole("button", { name: "Open menu" }).click();
    const signIn = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
      name: "Sign In",
    });
    await signIn.scrollIntoViewIfNeeded();
    await expect(signIn).toBeInViewport({ ratio: 1 });
  });

  test("a link chosen in the menu by keyboard leaves the focus on the page it opens", async ({
    page,
  }) => {
    const menu = await openMenuByKeyboard(page, "/");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/about");
    await expect(menu).toBeHidden();
    // On the new page's main content, where Tab goes on from, not back at the top of the page.
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("Escape closes the menu and puts focus back on its button", async ({ page }) => {
    const menu = await openMenuByKeyboard(page, "/");

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page).toHaveURL("/");
  });

  test("a tap on the page outside the open menu closes it", async ({ page }) => {
    await page.goto("/about");
    await settle(page);
    await page.getByRole("button", { name: "Open menu" }).tap();
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();

    // The page's margin below the menu: nothing there that a tap could activate.
    const box = (await menu.boundingBox())!;
    await page.touchscreen.tap(box.x + 4, box.y + box.height + 120);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await expect(page).toHaveURL("/about");
  });

  test("a menu open when the links come into the bar is closed when they leave it", async ({
    page,
  }) => {
    await page.goto("/about");
    await settle(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    // A tablet turned to landscape and back.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toBeVisible();
    // The links are in the bar and the menu's button is gone: the page has laid the bar out wide
    // (on a loaded machine the turn back could come before it saw the tablet in landscape; the
    // button hides by the screen's width alone, so it does not say so).
    await expect(page.getByRole("banner")).toHaveAttribute("data-nav", "links");
    await expect(page.getByRole("button", { name: /^(Open|Close) menu$/ })).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Sign In" })).toBeHidden();
  });

  test("tabbing on past the menu's last link closes it, so it hides nothing", async ({ page }) => {
    const menu = await openMenuByKeyboard(page, "/about");
    // Moving between the menu and its button keeps it open.
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    for (const name of [
      "About",
      "Contact",
      "Recognition",
      "Talk",
      "Recovery",
      "Get Started",
      "Sign In",
    ]) {
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name })).toBeFocused();
    }

    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await expect(page.getByRole("main").locator(":focus")).toBeVisible();
  });
});

test.describe("header at every width", () => {
  // Kazakh and Kyrgyz have the longest labels, and a 1024 px tablet in landscape is a clinic's.
  for (const locale of ["kk", "ky"] as const) {
    test(`in ${languageNames[locale]}, every header link and button stays on one line`, async ({
      page,
    }) => {
      await presetLanguage(page, locale);
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto("/recovery");
      await settle(page);
      await expectRoomyHeader(page, "at 1024 px");
      for (const width of [320, 390, 900, 1100, 1280, 1600]) {
        await page.setViewportSize({ width, height: 768 });
        await expectRoomyHeader(page, `at ${width} px`);
      }
    });
  }

  test("offline, the offline notice pushes nothing onto a second line or off the screen", async ({
    page,
    context,
  }) => {
    await presetLanguage(page, "ky");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/recovery");
    await settle(page);
    await context.setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: "Тармак жок" })).toBeVisible();
    const banner = page.getByRole("banner");
    for (const width of [1280, 1024, 390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await expectRoomyHeader(page, `at ${width} px`);
      // Every page can still be reached, from the bar or from the menu.
      const menuButton = banner.getByRole("button", { name: "Менюну ачуу" });
      const inMenu = await menuButton.isVisible();
      if (inMenu) await menuButton.click();
      await expect(banner.getByRole("link", { name: "Калыбына келтирүү" })).toBeVisible();
      if (inMenu) {
        await page.keyboard.press("Escape");
        await expect(menuButton).toBeFocused();
      }
    }
  });

  test("in kiosk mode and offline, the bar still fits a 320 px phone", async ({
    page,
    context,
  }) => {
    await presetLanguage(page, "ky");
    await page.setViewportSize({ width: 320, height: 700 });
    // The kiosk exit button joins the bar.
    await page.goto("/?kiosk=on&pin=2580");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: "Киоск режиминен чыгуу" })).toBeVisible();
    await settle(page);
    await context.setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: "Тармак жок" })).toBeVisible();
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 700 });
      await expectRoomyHeader(page, `at ${width} px`);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBe(width);
    }
  });
});

/**
 * Expects no header control to wrap or stick out of the bar. The bar picks its layout when it
 * resizes, just before the browser paints, so a check right after a resize may come before the
 * frame that fixes it: the check is repeated until it passes or times out.
 */
async function expectRoomyHeader(page: Page, when: string) {
  await expect.poll(() => crowdedHeaderControls(page), { message: when }).toEqual([]);
}

/**
 * The header's visible links and buttons whose label runs onto a second line or that stick out
 * of the bar, described so a failure says which and how.
 */
function crowdedHeaderControls(page: Page) {
  return page.getByRole("banner").evaluate((header) => {
    // The bar is the row that holds the brand link; the page's margins are outside it.
    const bar = header.querySelector("a")!.parentElement!.getBoundingClientRect();
    const problems: string[] = [];
    for (const control of header.querySelectorAll("a, button")) {
      const box = control.getBoundingClientRect();
      if (box.width === 0) continue;
      const name = (control.textContent || control.getAttribute("aria-label") || "").trim();
      const lineTops: number[] = [];
      const texts = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const rect of range.getClientRects()) lineTops.push(rect.top);
      }
      if (lineTops.length && Math.max(...lineTops) - Math.min(...lineTops) > 8) {
        problems.push(`"${name}" wraps (${Math.round(box.height)} px tall)`);
      }
      if (box.left < bar.left || box.right > bar.right) {
        problems.push(
          `"${name}" sticks out of the bar (${Math.round(box.left)}–${Math.round(box.right)})`,
        );
      }
    }
    return problems;
  });
}

test("an unknown path shows the not-found page and logs the path", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/no/such/page");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  expect(errors.some((text) => text.includes("/no/such/page"))).toBe(true);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the language choice changes the page, sets <html lang> and survives a reload", async ({
  page,
}) => {
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Language: English" })).toBeVisible();

  await page.getByRole("button", { name: "Language: English" }).click();
  const items = page.getByRole("menuitemradio");
  await expect(items).toHaveText(Object.values(languageNames));
  // The chosen language is said, not only shown by a tick.
  await expect(page.getByRole("menuitemradio", { checked: true })).toHaveText(languageNames.en);
  await expect(page.getByRole("menuitemradio", { checked: false })).toHaveCount(5);
  await page.keyboard.press("Escape");

  await switchLanguage(page, "ru");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("О нас");
  await expect(page.getByRole("button", { name: "Язык: Русский" })).toBeVisible();
  await expect(page).toHaveTitle("О нас · Dauys");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("О нас");

  await switchLanguage(page, "kk");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Біз туралы");
  await page.getByRole("button", { name: /^Тіл: / }).click();
  await expect(page.getByRole("menuitemradio", { checked: true })).toHaveText(languageNames.kk);
  await page.keyboard.press("Escape");
  await page.goto("/recognition");
  await expect(page.getByRole("link", { name: "Біз туралы" })).toBeVisible();
});

test("a language whose texts do not load says so in the language shown, and can be chosen again", async ({
  page,
}) => {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  // The server answers with an error (the device is online): the Kazakh texts do not come.
  let failing = true;
  await page.route(/\/assets\/catalog-kk-messages-[\w-]+\.js$/, (route) =>
    failing ? route.fulfill({ status: 503, body: "Service unavailable" }) : route.continue(),
  );
  await page.goto("/about");
  await settle(page);
  await page.getByRole("button", { name: /^Language: / }).click();
  await page.getByRole("menuitemradio", { name: languageNames.kk }).click();
  const alert = page.getByRole("alert").filter({ hasText: "The language could not be loaded." });
  await expect(alert).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
  await expectNoAxeViolations(page, "a language that did not load");
  await alert.getByRole("button", { name: "Close" }).click();
  await expect(alert).toHaveCount(0);

  // Saved for the next start: the server is told too, so the next page comes in it as sent,
  // not in English for the app to draw again.
  failing = false;
  const next = await page.request.get("/contact");
  expect(await next.text()).toContain('<html lang="kk">');
  await switchLanguage(page, "kk");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Біз туралы");
  await page.getByRole("button", { name: /^Тіл: / }).click();
  await expect(page.getByRole("menuitemradio", { checked: true })).toHaveText(languageNames.kk);
  await page.keyboard.press("Escape");
  expect(errors).toEqual([]);
});

test("a language is saved before it is shown, so a reload at once keeps it", async ({ page }) => {
  await page.goto("/about");
  await settle(page);
  // The moment <html lang> changes, read what the device has saved: what a reload then would
  // start in. The database is opened beforehand, so the read starts in that very moment.
  await page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open("dauys");
      open.onsuccess = () => resolve(open.result);
    });
    const saved = new Promise((resolve) => {
      new MutationObserver((_, observer) => {
        observer.disconnect();
        const get = database.transaction("keyval").objectStore("keyval").get("dauys.language");
        get.onsuccess = () => resolve(get.result);
      }).observe(document.documentElement, { attributeFilter: ["lang"] });
    });
    Object.assign(window, { savedWhenShown: saved });
  });
  await switchLanguage(page, "ky");
  expect(
    await page.evaluate(() => (window as unknown as { savedWhenShown: unknown }).savedWhenShown),
  ).toBe("ky");
});

test("the first paint is already in the saved language", async ({ page }) => {
  await page.goto("/about");
  await switchLanguage(page, "uz");
  // Record every heading text the page ever shows while it loads again.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
    new MutationObserver(() => {
      const heading = document.querySelector("h1");
      if (heading?.textContent) seen.push(heading.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Biz haqimizda");
  const seen = await page.evaluate(
    () => (window as unknown as { seenHeadings: string[] }).seenHeadings,
  );
  expect(seen.filter((text) => text === "About")).toEqual([]);
});

/** The loading bar a prerendered page shows until the app has taken it over. */
function loadingBar(page: Page) {
  return page.locator("#root").evaluate((root) => {
    const bar = getComputedStyle(root, "::before");
    return {
      shown: bar.content !== "none" && bar.display !== "none",
      top: parseFloat(bar.top),
      height: parseFloat(bar.height),
    };
  });
}

test.describe("a first visit without the service worker", () => {
  test("shows the page, styled and in the saved language, before any JavaScript runs", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: "dauys-language", value: "ru", url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("О нас");
    await expect(page).toHaveTitle("О нас · Dauys");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /^Dauys превращает неразборчивую речь в понятный текст/,
    );
    // What needs JavaScript is said in the page's language too. (Playwright turns scripts off
    // without the parser knowing, so <noscript> is not drawn here: its text is checked instead.)
    expect(await page.locator("noscript").evaluate((element) => element.textContent)).toMatch(
      /^Эту страницу можно прочитать, но/,
    );
    // The page's own styles came with it: the header is fixed at the top, as the app draws it.
    await expect(page.locator("header")).toHaveCSS("position", "fixed");
    // Its links and fields work before the app (issue 39): nothing is disabled...
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    await expect(page.locator("#root")).not.toHaveAttribute("aria-disabled");
    await expect(page.locator("#root")).toHaveAttribute("data-app-starting");
    // ...and a bar across the top says the app is still coming.
    expect(await loadingBar(page)).toEqual({ shown: true, top: 0, height: 4 });
    await context.close();
  });

  test("lesson pictures show the placeholder before the app starts", async ({ browser }) => {
    // YouTube's thumbnails cannot load here, as on a patchy connection: the box is not empty.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/recovery");
    const picture = page.locator("figure img").first();
    await expect(picture).toHaveAttribute("src", /ytimg\.com/);
    await expect(picture).toHaveCSS("background-image", /lesson-placeholder\.svg/);
    await context.close();
  });

  test("coming alive adds no second copy of the page's baseline styles", async ({
    browser,
    context,
  }) => {
    const bodyRules = () =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule instanceof CSSStyleRule && rule.selectorText === "body").length;
    const still = await browser.newContext({ javaScriptEnabled: false });
    const before = await still.newPage();
    await before.goto("/");
    const prerendered = await before.evaluate(bodyRules);
    await still.close();
    const page = await context.newPage();
    await page.goto("/");
    await appStarted(page);
    expect(prerendered).toBeGreaterThan(0);
    expect(await page.evaluate(bodyRules)).toBe(prerendered);
  });

  test("coming alive leaves the page's styles in place and adds none of them again", async ({
    context,
  }) => {
    // Moving a <style> element makes the browser style the whole page again (issue 22): a long
    // task as the page starts. The page records every <style> taken out of its head.
    const page = await context.newPage();
    await page.addInitScript(() => {
      const taken: string[] = [];
      Object.assign(window, { takenStyles: taken });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof HTMLStyleElement) taken.push(node.outerHTML.slice(0, 80));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    await appStarted(page);
    const { taken, duplicated, headerClass } = await page.evaluate(() => {
      const selectors = [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule instanceof CSSStyleRule)
        .map((rule) => rule.selectorText);
      return {
        taken: (window as unknown as { takenStyles: string[] }).takenStyles,
        duplicated: selectors.filter((selector, index) => selectors.indexOf(selector) !== index),
        headerClass: document.querySelector("header")!.className,
      };
    });
    expect(taken).toEqual([]);
    // A class rule written twice would mean the app inserted a style the page already had.
    expect(duplicated.filter((selector) => selector.startsWith(".css-"))).toEqual([]);
    // The header is still drawn by the page's own class rule.
    expect(headerClass).toMatch(/css-/);
    await expect(page.locator("header")).toHaveCSS("position", "fixed");
  });

  for (const path of ["/", "/about", "/contact", "/recognition", "/talk", "/recovery"]) {
    test(`${path} comes alive from its prerendered markup without errors`, async ({ context }) => {
      // A page of its own: the setup page of beforeEach logs its own (expected) not-found error.
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        // Thumbnails from YouTube cannot load in the test environment; nothing else may fail.
        if (message.type() === "error" && !message.location().url.includes("ytimg.com"))
          errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      const response = await page.goto(path);
      expect(await response!.text()).toContain('data-prerendered-language="en"');
      await appStarted(page);
      expect((await loadingBar(page)).shown).toBe(false);
      // The menu button answers: the page is live.
      await page.getByRole("button", { name: "Language: English" }).click();
      await expect(page.getByRole("menuitemradio", { name: "Русский" })).toBeVisible();
      await page.keyboard.press("Escape");
      expect(errors).toEqual([]);
    });
  }
});

test.describe("a first visit over a connection that drops", () => {
  const routeChunk = /\/assets\/recognition-[\w-]+\.js$/;
  const catalogChunk = /\/assets\/catalog-en-messages-[\w-]+\.js$/;

  test("when the page's code fails to arrive, the error view offers to load it again", async ({
    page,
  }) => {
    let refused = 0;
    await page.route(routeChunk, (route) => {
      refused++;
      return route.abort("connectionreset");
    });
    await page.goto("/recognition");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Unexpected Application Error!",
    );
    await expect(page.getByText(/Part of the page could not be loaded/)).toBeVisible();
    expect(refused).toBeGreaterThan(0);

    await page.unroute(routeChunk);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Speech Recognition");
    await appStarted(page);
  });

  test("when the language catalog fails to arrive, the page loads again by itself", async ({
    page,
  }) => {
    let requests = 0;
    await page.route(catalogChunk, (route) =>
      requests++ === 0 ? route.abort("connectionreset") : route.continue(),
    );
    await page.goto("/about");
    // Without the retry the page would stay under its loading bar, without the app, for good.
    await appStarted(page);
    expect(requests).toBeGreaterThan(1);
    await page.getByRole("button", { name: "Language: English" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Русский" })).toBeVisible();
  });
  test("when the language menu's code fails on a working connection, the page goes on and the menu opens when it comes", async ({
    page,
  }) => {
    const menuChunk = /\/assets\/language-menu-[\w-]+\.js$/;
    // The menu's code fails while the device says it is online (a stalled or reset request), up
    // to a moment after the tap: the head start on hover and the tap's own request both fail.
    let failing = true;
    const failed: string[] = [];
    await page.route(menuChunk, (route) => {
      if (!failing) return route.continue();
      failed.push(route.request().url());
      return route.abort("connectionreset");
    });
    await page.goto("/about");
    await settle(page);
    await page.getByRole("button", { name: "Language: English" }).click();
    await expect.poll(() => failed.length).toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    failing = false;
    await expect(page.getByRole("menuitemradio", { name: "Русский" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
  });
  test("when the language menu's code is lost offline, the page goes on and the menu opens once the connection is back", async ({
    page,
    context,
  }) => {
    const menuChunk = /\/assets\/language-menu-[\w-]+\.js$/;
    const { failed } = await dropConnectionOn(page, menuChunk);
    await page.goto("/about");
    await settle(page);
    await page.getByRole("button", { name: "Language: English" }).click();
    await failed;
    await settle(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
    await expect(page.getByRole("menu")).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByRole("menuitemradio", { name: "Русский" })).toBeVisible();
  });
});
