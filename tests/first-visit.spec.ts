import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import {
  appStarted,
  expectNoAxeViolations,
  presetStoredValue,
  settle,
  storedValue,
} from "./fixtures.ts";

/** The text of the page's main heading in a prerendered page's HTML. */
async function prerenderedHeading(page: Page, url: string): Promise<string> {
  const html = await (await page.request.get(url, { headers: { cookie: "" } })).text();
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "";
  return heading.replace(/<[^>]+>/g, "").trim();
}

/**
 * Records, on every frame before it is painted, the main heading when the page's content is
 * visible: what the visitor could have seen.
 */
async function recordVisibleHeadings(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
    const sample = () => {
      const heading = document.querySelector("#root h1");
      if (heading && getComputedStyle(heading).visibility === "visible") {
        const text = heading.textContent?.trim() ?? "";
        if (seen.at(-1) !== text) seen.push(text);
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

const seenHeadings = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);

/**
 * Opens `path` as a first visit whose connection drops while it is still loading: the app's
 * code never comes (until the test unroutes its scripts), and the device goes offline.
 */
async function dropConnectionWhileLoading(page: Page, context: BrowserContext, path: string) {
  await page.route("**/assets/*.js", (route) =>
    route.request().resourceType() === "script"
      ? route.abort("internetdisconnected")
      : route.fallback(),
  );
  await page.goto(path);
  await expect(page.locator("#root")).toHaveAttribute("data-app-starting");
  await context.setOffline(true);
}

/** Whether the page's loading bar (on #root, before the app) is shown. */
const loadingBarShown = (page: Page) =>
  page.evaluate(
    () => getComputedStyle(document.getElementById("root")!, "::before").display !== "none",
  );

/** What a page says while its loader waits for the connection to load it again. */
const waitingNotice =
  "This page could not finish loading, so its buttons do not work yet. You can still read it and follow its links. It finishes loading by itself once the connection is back.";

test.describe("a Kazakh browser", () => {
  test.use({ locale: "kk-KZ" });

  test("sees Kazakh first on a first visit", async ({ page }) => {
    const response = await page.goto("/about");
    // The server answered with the Kazakh page, so that is what paints first.
    expect(await response!.text()).toContain('<html lang="kk">');
    await expect(page.locator("html")).toHaveAttribute("lang", "kk");
    await appStarted(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      await prerenderedHeading(page, "/about?lang=kk"),
    );
    // Nothing was chosen, so nothing is saved: the browser's language is followed.
    expect(await storedValue(page, "dauys.language")).toBeNull();
  });
});

test.describe("an English browser", () => {
  test.use({ locale: "en-US" });

  test("a saved Russian choice wins, even with cookies cleared, with no English flash", async ({
    page,
    context,
  }) => {
    await presetStoredValue(page, "dauys.language", "ru");
    // The set-up page's app, still starting, may write the language cookie at any moment: leave
    // it, then clear the cookies, as a browser's "clear cookies" would.
    await page.goto("about:blank");
    await context.clearCookies();
    const english = await prerenderedHeading(page, "/about?lang=en");
    const russian = await prerenderedHeading(page, "/about?lang=ru");
    // After those two: a ?lang= answer sets the language cookie, and page.request shares the jar.
    await context.clearCookies();
    expect(russian).not.toBe(english);
    await recordVisibleHeadings(page);

    const response = await page.goto("/about");
    // Without the cookie, the server could only follow the browser: it sent English.
    expect(await response!.text()).toContain('<html lang="en">');
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(russian);
    await appStarted(page);
    expect(await seenHeadings(page)).toEqual([russian]);

    // With the cookie restored by the app, the next visit's page is Russian from the server.
    const next = await page.goto("/about");
    expect(await next!.text()).toContain('<html lang="ru">');
  });

  test("a ?lang=uz link opens the page in Uzbek, saves it and cleans the address", async ({
    page,
  }) => {
    const response = await page.goto("/contact?lang=uz");
    expect(await response!.text()).toContain('<html lang="uz">');
    await expect(page.locator("html")).toHaveAttribute("lang", "uz");
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => storedValue(page, "dauys.language")).toBe("uz");
    await page.reload();
    await appStarted(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "uz");
  });

  test("an unknown ?lang= code is ignored and taken off the address", async ({ page }) => {
    await page.goto("/about?lang=xx");
    await appStarted(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveURL(/\/about$/);
    expect(await storedValue(page, "dauys.language")).toBeNull();
  });

  test("the page paints before any of the app's code is asked for, then the app takes it over", async ({
    page,
  }) => {
    await page.goto("/about");
    await appStarted(page);
    await page.getByRole("link", { name: "Contact" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    const { firstPaint, firstScript } = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname));
      return {
        firstPaint: paint?.startTime ?? NaN,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
      };
    });
    expect(firstPaint).toBeGreaterThan(0);
    expect(firstScript).toBeGreaterThan(firstPaint);
  });

  test("a page whose app code could not arrive is readable, and starts once the code can", async ({
    page,
  }) => {
    await page.route("**/assets/*.js", (route) => route.abort("internetdisconnected"));
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      await prerenderedHeading(page, "/about?lang=en"),
    );
    await expect(page.locator("#root")).toHaveAttribute("data-app-starting");
    await page.unroute("**/assets/*.js");
    await appStarted(page);
    await page.getByRole("link", { name: "Contact" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("a page whose app still cannot start after three reloads says so, and Try again keeps what was typed", async ({
    page,
    context,
  }) => {
    // The app's modules fail as the page asks for them, while the server answers the loader's
    // own check (a fetch): the loader reloads the page, three times, and then stops.
    await page.route("**/assets/*.js", (route) =>
      route.request().resourceType() === "script" ? route.abort("failed") : route.fallback(),
    );
    await page.setViewportSize({ width: 390, height: 740 });
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto("/contact");
    const notice = page.getByRole("alert").filter({ hasText: "could not finish loading" });
    await expect(notice).toHaveText(
      "This page could not finish loading, so its buttons do not work yet. You can still read it and follow its links.Try again",
      { timeout: 30_000 },
    );
    expect(loads).toBe(4);
    // The loading bar has gone: nothing is coming by itself.
    expect(await loadingBarShown(page)).toBe(false);
    await expectNoAxeViolations(page, "with the app unable to start");
    const tryAgain = notice.getByRole("button", { name: "Try again" });
    const box = (await tryAgain.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    // The fields the keyboard reaches are scrolled into view above the notice, not under it.
    await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Aigerim Sadykova");
    for (const name of ["Email Address", "Subject", "Message"]) {
      await page.keyboard.press("Tab");
      const field = page.getByRole("textbox", { name, exact: true });
      await expect(field).toBeFocused();
      const [box, kept] = [(await field.boundingBox())!, (await notice.boundingBox())!];
      expect(box.y + box.height, name).toBeLessThanOrEqual(kept.y);
    }
    // Try again with the connection gone does not leave the visitor on the browser's error
    // page: the page says it waits for the connection, with the focus on what it says.
    await context.setOffline(true);
    await tryAgain.click();
    await expect(notice).toHaveText(waitingNotice);
    await expect(notice).toBeFocused();
    await expect(page).toHaveURL(/\/contact$/);
    await page.unroute("**/assets/*.js");
    await context.setOffline(false);
    await appStarted(page);
    await expect(page.getByRole("textbox", { name: "Full Name", exact: true })).toHaveValue(
      "Aigerim Sadykova",
    );
    await expect(page.getByText("could not finish loading")).toHaveCount(0);
  });

  test("a first visit whose connection drops before the app could start says the page waits for it, and finishes once it is back", async ({
    page,
    context,
  }) => {
    await dropConnectionWhileLoading(page, context, "/about");
    // Said without any press, and with nothing to press: the page comes by itself.
    const notice = page.getByRole("alert").filter({ hasText: "could not finish loading" });
    await expect(notice).toHaveText(waitingNotice);
    await expect(notice.getByRole("button")).toHaveCount(0);
    // The loading bar stays: something is still to come.
    expect(await loadingBarShown(page)).toBe(true);
    await expectNoAxeViolations(page, "waiting for the connection");
    await page.unroute("**/assets/*.js");
    await context.setOffline(false);
    await appStarted(page);
    await expect(page.getByText("could not finish loading")).toHaveCount(0);
  });

  test("a request sent offline before the app could start keeps what was typed, and is in the form again once the connection is back", async ({
    page,
    context,
  }) => {
    // The page's plain form is all there is.
    await dropConnectionWhileLoading(page, context, "/contact");
    const typed = {
      "Full Name": "Aigerim Sadykova",
      "Email Address": "aigerim@example.kz",
      Subject: "A tablet for my father",
      Message: "He had a stroke in May and finds it hard to speak.",
    };
    for (const [name, value] of Object.entries(typed)) {
      await page.getByRole("textbox", { name, exact: true }).fill(value);
    }
    await page.getByRole("button", { name: "Send Message" }).click();
    // Not the browser's error page: the page stays, says it cannot work yet, and keeps the text.
    await expect(
      page.getByRole("alert").filter({ hasText: "could not finish loading" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    for (const [name, value] of Object.entries(typed)) {
      await expect(page.getByRole("textbox", { name, exact: true })).toHaveValue(value);
    }
    // Back online, the page loads again by itself, its app starts, and the text is still there.
    await page.unroute("**/assets/*.js");
    await context.setOffline(false);
    await appStarted(page);
    await expect(page.getByText("could not finish loading")).toHaveCount(0);
    for (const [name, value] of Object.entries(typed)) {
      await expect(page.getByRole("textbox", { name, exact: true })).toHaveValue(value);
    }
  });

  test("a choice made the moment a page becomes usable is kept, on a slow phone too", async ({
    page,
  }) => {
    // A page is usable once React has all of it: a part of it that React took over later would
    // undo what was chosen in it before. On a slow CPU the parts arrive in more, later steps.
    // Six page loads at a quarter of the CPU: about 17 s alone, more beside another worker.
    test.slow();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const choices = [
      { path: "/recognition", label: "Recognition language", values: ["en-US", "kk-KZ", "uz-UZ"] },
      { path: "/talk", label: "Speak in", values: ["kk", "uz", "en"] },
    ];
    for (const { path, label, values } of choices) {
      for (const value of values) {
        await page.goto(path);
        // The field is inert until the page is usable; the choice is made at that moment. What is
        // asserted is the choice, not how soon a quarter of the CPU makes the page usable.
        await appStarted(page);
        await page.getByLabel(label).selectOption(value);
        await settle(page);
        await expect(page.getByLabel(label)).toHaveValue(value);
      }
    }
  });

  test("Recovery's largest image is asked for first, over a connection opened early", async ({
    page,
  }) => {
    const html = async (url: string) =>
      (await page.request.get(url, { headers: { cookie: "" } })).text();
    const recovery = await html("/recovery?lang=en");
    const head = recovery.slice(0, recovery.indexOf("</head>"));
    expect(head).toContain('<link rel="preconnect" href="https://i.ytimg.com" />');
    const images = [...recovery.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
    // The player's thumbnail, first and eager, before the lesson grid's lazy ones.
    expect(images[0]).toMatch(/fetchpriority="high"/i);
    expect(images[0]).toMatch(/loading="eager"/);
    expect(images.slice(1).filter((tag) => /fetchpriority/i.test(tag))).toEqual([]);
    // A page without such an image opens no connection it will not use.
    expect(await html("/about?lang=en")).not.toContain('rel="preconnect"');
  });

  test("a visitor who scrolls before the app has started stays where they scrolled to", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await held;
      await route.continue();
    });
    // The page's load event may wait for the held scripts: the page is there before it.
    await page.goto("/recovery", { waitUntil: "domcontentloaded" });
    await expect(page.locator("#root")).toHaveAttribute("data-app-starting");
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    const scrolled = await page.evaluate(() => window.scrollY);
    release();
    await appStarted(page);
    await settle(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test("prerendered pages link their six languages, x-default and a canonical address", async ({
    page,
  }) => {
    const response = await page.request.get("/recovery?lang=ky");
    const html = await response.text();
    // Absolute, as search engines want them: PUBLIC_URL, else the address the page came from.
    const origin = new URL(response.url()).origin;
    expect(html).toContain(`<link rel="canonical" href="${origin}/recovery?lang=ky" />`);
    for (const code of ["en", "ru", "az", "kk", "ky", "uz"]) {
      expect(html).toContain(
        `<link rel="alternate" hreflang="${code}" href="${origin}/recovery?lang=${code}" />`,
      );
    }
    expect(html).toContain(
      `<link rel="alternate" hreflang="x-default" href="${origin}/recovery" />`,
    );
    // Asked for without ?lang=, the page followed the visitor's language: it is its own canonical.
    const adaptive = await (await page.request.get("/recovery")).text();
    expect(adaptive).toContain(`<link rel="canonical" href="${origin}/recovery" />`);
  });
});
