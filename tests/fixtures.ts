import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  chromium,
  expect,
  type Browser,
  type Locator,
  type Page,
  type Request,
} from "@playwright/test";
import type { AxeResults } from "axe-core";
import { baseURL, chromiumArgs, chromiumPath } from "../playwright.config.ts";

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

export const routes = [
  "/",
  "/about",
  "/contact",
  "/recognition",
  "/talk",
  "/recovery",
  "/no-such-page",
];

/**
 * Waits until no finite animation or transition is running (a dialog fading in, say). Asked
 * every 50 ms: with expect.poll's default, slower and slower, a one-second entrance was waited
 * for up to two.
 */
export async function waitForAnimations(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter(
                (animation) =>
                  animation.playState === "running" &&
                  animation.effect?.getTiming().iterations !== Infinity,
              ).length,
        ),
      { intervals: [50] },
    )
    .toBe(0);
}

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * Axe's WCAG 2.x A and AA rules on the page. A page without frames (every page of the app's but
 * the lesson player's video) is scanned by axe.run in the page itself, as axe's own browser
 * extension does. With frames, @axe-core/playwright's way: a partial run in each frame, finished
 * in a blank page of its own, which costs a second page and two more copies of axe per scan (0.55
 * to 0.75 s a scan against 0.22 to 0.35 s, the same rules and the same results).
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(wcagTags).analyze();
  await page.evaluate(axeSource);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, {
        runOnly: { type: "tag", values: tags },
      }),
    wcagTags,
  );
}

/** Runs axe with the WCAG 2.x A and AA rules (2.2 included) and expects no violations. */
export async function expectNoAxeViolations(page: Page, context = "") {
  await waitForAnimations(page);
  // Parts of a page below the first screen are drawn only when they come near it
  // (content-visibility: auto, src/theme/drawn-when-near.ts). Until first drawn, the browser's hit
  // testing does not see them, and axe would take their controls as covered by the part around
  // them. A reader only ever meets them drawn, so the scan draws them all first.
  const deferred = await page.evaluate(() => {
    const parts = [...document.querySelectorAll<HTMLElement>("body *")].filter(
      (element) => getComputedStyle(element).contentVisibility === "auto",
    );
    for (const part of parts) part.style.contentVisibility = "visible";
    return parts.length;
  });
  const results = await runAxe(page);
  if (deferred > 0) {
    await page.evaluate(() => {
      for (const part of document.querySelectorAll<HTMLElement>("body *")) {
        if (part.style.contentVisibility === "visible")
          part.style.removeProperty("content-visibility");
      }
    });
  }
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

/**
 * Switches the interface language with the header's switcher, as a user would, and waits until
 * the choice is saved: the page shows the new language before it writes it to IndexedDB, and a
 * reload or a new page right after would otherwise start from the old one.
 */
export async function switchLanguage(page: Page, locale: Locale) {
  await page.getByRole("button", { name: /^(Language|Язык|Dil|Тіл|Тил|Til): / }).click();
  await page.getByRole("menuitemradio", { name: languageNames[locale] }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect.poll(() => storedValue(page, "dauys.language")).toBe(locale);
}

/**
 * Saves a language preference before the app starts, as a returning user would have: in
 * IndexedDB, and in the cookie the app mirrors it to for the server (src/lib/page-cookies.ts).
 */
export async function presetLanguage(page: Page, locale: Locale) {
  await presetStoredValue(page, "dauys.language", locale);
  // The setup page's own start-up writes the cookie too; let it finish before overwriting it.
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.evaluate((code) => {
    document.cookie = `dauys-language=${code}; Path=/; SameSite=Lax`;
  }, locale);
}

/**
 * Saves any value in the app's IndexedDB store ("dauys" / "keyval") before the app starts; at
 * `origin` when the test runs a server of its own.
 */
export async function presetStoredValue(page: Page, key: string, value: unknown, origin = "") {
  await page.goto(`${origin}/no-such-page-for-setup`);
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

/**
 * What the app keeps in IndexedDB ("dauys" / "keyval") under `key`, as plain data: null when
 * absent, and a Blob, which cannot leave the page, as its size.
 */
export function storedValue(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (key) =>
      new Promise((resolve, reject) => {
        const plain = (value: unknown): unknown =>
          value instanceof Blob
            ? { blobSize: value.size }
            : Array.isArray(value)
              ? value.map(plain)
              : value && typeof value === "object"
                ? Object.fromEntries(Object.entries(value).map(([name, v]) => [name, plain(v)]))
                : value;
        const open = indexedDB.open("dauys");
        open.onupgradeneeded = () => open.result.createObjectStore("keyval");
        open.onsuccess = () => {
          const request = open.result.transaction("keyval").objectStore("keyval").get(key);
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result === undefined ? null : plain(request.result));
          };
          request.onerror = () => reject(request.error);
        };
        open.onerror = () => reject(open.error);
      }),
    key,
  );
}

/** Gives this browser pilot access (a contact request was sent), so no paid-feature popup. */
export async function presetPilotAccess(page: Page) {
  await presetStoredValue(page, "dauys.pilot-access", {
    grantedAt: new Date().toISOString(),
    reason: "request-sent",
  });
}

/**
 * Headings, paragraphs, list items and cards whose text is wider than they are: a long word that
 * spills over the edge, or is cut off by a card (WCAG 1.4.10, reflow). Described for the failure.
 * The page's main content is searched, and a dialog open over it (MUI's are outside `main`).
 */
export async function findSpilledText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const spilled = [
      ...document.querySelectorAll(
        ":is(main, [role=dialog]) :is(h1, h2, h3, p, li, .MuiPaper-root)",
      ),
    ]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => {
        const text = (element.textContent ?? "").trim().slice(0, 50);
        return `<${element.tagName.toLowerCase()}> ${element.clientWidth}px wide holds ${element.scrollWidth}px: "${text}"`;
      });
    // A picker shows its chosen line on one line, cut where the box ends: the end of it, often
    // what matters ("now 12 s"), is not seen. Measured with the picker's own font.
    const measure = document.createElement("canvas").getContext("2d")!;
    const cut = [...document.querySelectorAll(":is(main, [role=dialog]) select")].flatMap(
      (select) => {
        const chosen = (select as HTMLSelectElement).selectedOptions[0]?.text ?? "";
        const style = getComputedStyle(select);
        measure.font = style.font;
        const room =
          select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        // A customisable one (with large text on a phone, index.html) wraps the line instead.
        const width =
          style.appearance === "base-select"
            ? select.scrollWidth - select.clientWidth + room
            : measure.measureText(chosen).width;
        return select.clientWidth > 0 && width > room + 1
          ? [`<select> shows ${Math.round(room)}px of ${Math.round(width)}px: "${chosen}"`]
          : [];
      },
    );
    return [...spilled, ...cut];
  });
}

/**
 * Every visible control is at least 44×44 CSS px, except a link inside running text (WCAG 2.5.8
 * exempts inline targets). Returns the offenders, described so a failure says what to fix.
 */
export async function findSmallTargets(page: Page, minimum = 44): Promise<string[]> {
  return page.evaluate(async (min) => {
    // A control is measured where it comes to rest, not halfway through growing in or fading
    // out (a toast's entrance): what a finger aims at is the still control.
    // Each is waited on until its time is up at the latest: Chromium does not always announce
    // the end of a transition of a control out of view (a button's colours, as it is held).
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => {
          const { endTime = 0, localTime } = animation.effect?.getComputedTiming() ?? {};
          const left = Math.max(0, Number(endTime) - Number(localTime ?? 0)) + 200;
          return Promise.race([
            animation.finished.catch(() => undefined),
            new Promise((resolve) => setTimeout(resolve, left)),
          ]);
        }),
    );
    const selector = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      "[role=button]",
      "[role=link]",
      "[role=menuitem]",
      "[role=menuitemradio]",
      "[role=tab]",
      "[role=option]",
      "[role=radio]",
      "[role=checkbox]",
      "[role=switch]",
      "[tabindex]:not([tabindex='-1'])",
    ].join(",");
    // A control inside something fully transparent cannot be seen or aimed at: a toast that has
    // faded out and shrunk (MUI's Grow ends at opacity 0, 75 % wide) until it is taken away.
    // The control itself is not asked: a native input drawn by its label has opacity 0.
    const isTransparent = (element: Element) => {
      for (let above = element.parentElement; above; above = above.parentElement) {
        if (getComputedStyle(above).opacity === "0") return true;
      }
      return false;
    };
    const isVisible = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return (
        style.visibility !== "hidden" &&
        style.display !== "none" &&
        box.width > 0 &&
        box.height > 0 &&
        !isTransparent(element)
      );
    };
    const isInlineInText = (element: Element) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      const block = element.parentElement;
      return Boolean(
        block &&
        (block.textContent ?? "").trim().length > (element.textContent ?? "").trim().length,
      );
    };
    const describe = (element: Element, box: DOMRect) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(
        element.getAttribute("aria-label") ||
        element.textContent ||
        ""
      )
        .trim()
        .slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`;

    const offenders: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (!isVisible(element) || isInlineInText(element)) continue;
      // A native input drawn by its label (MUI radio, checkbox, switch) is measured as the label's
      // clickable box, which is what a finger actually hits.
      let target: Element = element;
      if (element instanceof HTMLInputElement && getComputedStyle(element).opacity === "0") {
        target = element.parentElement ?? element;
      }
      const box = target.getBoundingClientRect();
      if (box.width + 0.5 < min || box.height + 0.5 < min) offenders.push(describe(element, box));
    }
    return offenders;
  }, minimum);
}

/**
 * The connection drops just as the page asks for `code` (a chunk of the app, before the service
 * worker has it): that request fails and the browser is offline. Asked for again once the test
 * has put the connection back, the code comes. `failed` resolves when the page has seen it fail.
 */
export async function dropConnectionOn(
  page: Page,
  code: RegExp,
): Promise<{ failed: Promise<Request> }> {
  let first = true;
  await page.route(code, async (route) => {
    if (!first) return route.continue();
    first = false;
    await page.context().setOffline(true);
    await route.abort("internetdisconnected");
  });
  return { failed: page.waitForEvent("requestfailed", (request) => code.test(request.url())) };
}

/**
 * How long a test waits for the app to have started, and for what it shows only then (the
 * paid-feature popups, the kiosk notice). Playwright's default 7 s is too short at the start of
 * `npm test`, beside the build, the type check and two other workers (load average 13–16): tests
 * failed a first try on it in ci46, ci47 and ci49, each time passing on retry.
 */
export const appStartTimeout = 30_000;

/** Waits until the app has taken over the page (a prerendered page is marked starting till then). */
export async function appStarted(page: Page) {
  await expect(page.locator("#root")).not.toHaveAttribute("data-app-starting", {
    timeout: appStartTimeout,
  });
}

/**
 * Draws at once the parts a page draws only once near or in an idle moment (`WhenNear`: Talk's
 * panels under the board), as a key press does, and waits until every one is there.
 */
export async function drawLaterParts(page: Page) {
  await page.keyboard.press("Shift");
  await expect(page.locator("[data-when-near]")).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Lets the page finish what it just started (taking over prerendered markup, tasks, then an
 * IndexedDB round trip) without timers, so it also works while a test holds the page's clock
 * still.
 */
export async function settle(page: Page) {
  // A prerendered page is usable before it is live; it is marked starting until React has it.
  await appStarted(page);
  await page.evaluate(async () => {
    const hop = () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    await hop();
    await hop();
    // A read-write transaction on the app's store runs only after every earlier one finished.
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open("dauys");
      open.onsuccess = () => {
        const tx = open.result.transaction("keyval", "readwrite");
        tx.objectStore("keyval").get("dauys.language");
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    });
    await hop();
    await hop();
  });
}

/**
 * The year the tested build was made (its index.html was written then): the footer's copyright
 * year, which Vite sets at build time (vite.config.ts).
 */
export const buildYear = String(
  statSync(join(process.env.DIST_DIR || "dist", "index.html")).mtime.getUTCFullYear(),
);

/**
 * Opens `path`, waits for the service worker to be installed, and loads the page again so that
 * the worker controls it: what a second visit after a first online one looks like.
 */
export async function visitUntilControlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

/**
 * A photo drawn in the page: `camera`, as a phone's camera would give it (a 1200×800 JPEG);
 * `stripes`, a 4000×3000 PNG of black and white stripes one pixel wide, an even grey at a
 * button's size, and bands of black and white where it is made small by sampling coarsely.
 */
async function drawnPhoto(page: Page, kind: "camera" | "stripes") {
  const base64 = await page.evaluate((kind) => {
    const [width, height] = kind === "camera" ? [1200, 800] : [4000, 3000];
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d")!;
    context.fillStyle = kind === "camera" ? "#e07b39" : "#fff";
    context.fillRect(0, 0, width, height);
    context.fillStyle = kind === "camera" ? "#1d3557" : "#000";
    if (kind === "camera") {
      context.beginPath();
      context.arc(600, 400, 300, 0, Math.PI * 2);
      context.fill();
    } else for (let x = 0; x < width; x += 2) context.fillRect(x, 0, 1, height);
    return canvas.toDataURL(kind === "camera" ? "image/jpeg" : "image/png", 0.95).split(",")[1]!;
  }, kind);
  return Buffer.from(base64, "base64");
}

export async function cameraPhoto(page: Page) {
  return { name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: await drawnPhoto(page, "camera") };
}

export async function stripedPhoto(page: Page) {
  return { name: "shirt.png", mimeType: "image/png", buffer: await drawnPhoto(page, "stripes") };
}

/**
 * A phone's photo taken with the phone upright: a 4000×3000 JPEG whose EXIF data says to turn it
 * a quarter turn clockwise for viewing (orientation 6). As stored, its top left sixth is red and
 * its bottom right sixth blue; as seen, the red is at the top right and the blue at the bottom
 * left.
 */
export async function uprightPhoto(page: Page) {
  const base64 = await page.evaluate(async () => {
    const [width, height] = [4000, 3000];
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.fillStyle = "#f00";
    context.fillRect(0, 0, width / 2, height / 3);
    context.fillStyle = "#00f";
    context.fillRect(width / 2, (height * 2) / 3, width / 2, height / 3);
    return canvas.toDataURL("image/jpeg", 0.9).split(",")[1]!;
  });
  const jpeg = Buffer.from(base64, "base64");
  // An APP1 segment after the start of image: "Exif", a big-endian TIFF header, one entry.
  const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0];
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff, 0, 0, 0, 0];
  const segment = Buffer.from([0xff, 0xe1, 0, exif.length + 2, ...exif]);
  const buffer = Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
  return { name: "IMG_0043.jpg", mimeType: "image/jpeg", buffer };
}

/**
 * A page in a Chromium of its own that reaches the test server as `clinic.test` over plain http:
 * not localhost, so not a secure context (no crypto.randomUUID or crypto.subtle, no service
 * worker), as on a clinic's own server reached on its network by name. Close `browser` after.
 */
export async function plainHttpPage(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--host-resolver-rules=MAP clinic.test 127.0.0.1"],
  });
  const context = await browser.newContext({
    baseURL: `http://clinic.test:${new URL(baseURL).port}`,
    serviceWorkers: "block",
    viewport: { width: 1280, height: 900 },
  });
  return { browser, page: await context.newPage() };
}

/**
 * The words in `texts` that are split across two lines: a word broken mid-way is hard to read.
 * A hyphenated word may break at its hyphen ("кое-что").
 */
export const brokenWords = (texts: Locator) =>
  texts.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const words: string[] = [];
      for (let node = walker.nextNode(); node instanceof Text; node = walker.nextNode()) {
        for (const word of node.data.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) words.push(word[0]);
        }
      }
      return words;
    }),
  );
