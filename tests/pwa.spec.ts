import { spawn, type ChildProcess } from "node:child_process";
import {
  appendFileSync,
  closeSync,
  cpSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  chromium,
  expect,
  test,
  type BrowserContext,
  type Page,
  type Request,
  type Route,
} from "@playwright/test";
import {
  expectNoAxeViolations,
  languageNames,
  locales,
  presetStoredValue,
  switchLanguage,
  visitUntilControlled,
} from "./fixtures.ts";

// This spec is about the service worker, so it is allowed here (other specs block it).
test.use({ serviceWorkers: "allow" });

const pages = [
  { path: "/", link: "", heading: /./ },
  { path: "/about", link: "About", heading: /About/ },
  { path: "/contact", link: "Contact", heading: /Contact/ },
  { path: "/recognition", link: "Recognition", heading: /Speech Recognition/ },
  { path: "/talk", link: "Talk", heading: /Talk/ },
  { path: "/recovery", link: "Recovery", heading: /Speech Recovery/ },
];

// Installing the app and saving a voice fetch many megabytes through the service worker: on a
// slower machine (this file alone, or beside the other tests), several tests here took over 30 s.
test.describe.configure({ timeout: 90_000 });

/**
 * Follows the requests of the test's pages and workers, to wait until they have been quiet for a
 * moment. A new version let in takes over once the old worker's work is done, and the old worker
 * stops for it; a request it gets just then (Talk still loading its parts) starts it again, and
 * Chromium, with DevTools attached as Playwright is, leaves it running and the new version waiting
 * for minutes (ci121, stop 78). A patient's browser stops it again after its idle time: the wait
 * is the tests', not the app's.
 */
function followRequests(context: BrowserContext) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  context.on("request", (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  context.on("requestfinished", ended);
  context.on("requestfailed", ended);
  return {
    /** Until nothing but the `held` requests is in flight, and nothing has changed for 3 s. */
    quiet: (held: (request: Request) => boolean = () => false) =>
      expect
        .poll(() => [...inFlight].every(held) && Date.now() - lastChange > 3_000, {
          timeout: 30_000,
        })
        .toBe(true),
  };
}

/** Asks the server for a new version of the service worker, as the browser does now and then. */
function checkForUpdate(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

/** Lets the waiting version take over once the page's requests are quiet; until it has. */
async function letWaitingVersionIn(page: Page, requests: ReturnType<typeof followRequests>) {
  await requests.quiet();
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const changed = new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
    );
    registration?.waiting?.postMessage({ type: "SKIP_WAITING" });
    await changed;
  });
}

/**
 * First visit: wait until the service worker is active and controls the page. The device has
 * pilot access, so the paid-feature popups stay out of the way.
 */
async function installApp(page: Page) {
  await presetStoredValue(page, "dauys.pilot-access", {
    grantedAt: "2026-01-01",
    reason: "request-sent",
  });
  await visitUntilControlled(page, "/");
}

/**
 * How many engine code files and voice packs the service worker keeps for offline audio. It
 * answers the page first and stores the copy after (Workbox's cache-first puts it in the cache
 * in `waitUntil`), so "The voice is saved" can come before the cache holds everything.
 */
function keptForOffline(page: Page) {
  return page.evaluate(async () => {
    const cache = await caches.open("voice-pack");
    const paths = (await cache.keys()).map((request) => new URL(request.url).pathname);
    return {
      engine: paths.filter((path) => path.startsWith("/assets/device-engine")).length,
      voices: paths.filter((path) => path.startsWith("/voice-pack/")).length,
    };
  });
}

/**
 * Opens /recognition in the installed app with `text` as recognized Kazakh, and saves the Kazakh
 * voice for offline use.
 */
async function saveKazakhVoiceWith(page: Page, text: string) {
  await presetStoredValue(page, "dauys.recognition-draft", {
    text,
    language: "kk-KZ",
    resultsShown: true,
  });
  await installApp(page);
  await page.goto("/recognition");
  await page.getByRole("button", { name: "Save voice for offline use" }).click();
  await expect(page.getByText("The voice is saved")).toBeVisible({ timeout: 30_000 });
  // The button went once the voice was saved; the focus is on what it became.
  await expect(page.getByRole("status").filter({ hasText: "The voice is saved" })).toBeFocused();
}

test("the service worker takes control and every route works offline, by reload and by link", async ({
  page,
  context,
}) => {
  await installApp(page);
  await context.setOffline(true);

  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  await page.goto("/some/deep/link");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();

  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const { path, link, heading } of pages.slice(1)) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});

test("a first visit says when the app is ready offline; the note stays while pointed at, then goes", async ({
  page,
}) => {
  await page.goto("/about");
  const note = page.getByRole("alert").filter({ hasText: "Ready to work offline" });
  await expect(note).toBeVisible({ timeout: 20_000 });
  // The page's clock from here on: the note's time starts again when the pointer leaves it.
  await page.clock.install();
  await note.hover();
  await page.clock.runFor(20_000);
  await expect(note).toBeVisible();
  await page.mouse.move(5, 5);
  await page.clock.runFor(7_000);
  await expect(note).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(note).toHaveCount(0);
});

test("offline, the indicator shows and every language can be switched to", async ({
  page,
  context,
}) => {
  await installApp(page);
  await page.goto("/about");
  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: "Offline" })).toBeVisible();
  for (const locale of locales.filter((code) => code !== "en")) {
    await switchLanguage(page, locale);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/About/);
  }
  await switchLanguage(page, "en");
  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: "Offline" })).toHaveCount(0);
  expect(Object.keys(languageNames)).toHaveLength(6);
});

/**
 * YouTube's thumbnail host, answered locally (the tests never touch the network). The service
 * worker's own requests reach this route too, as they would reach YouTube.
 */
/**
 * Answers YouTube's picture requests, the page's and the service worker's, and returns what each
 * told YouTube of the site that asked (its Referer), and whether the worker sent it.
 */
async function answerThumbnails(context: BrowserContext, headers: Record<string, string> = {}) {
  const thumbnail = readFileSync(join(import.meta.dirname, "../public/icons/icon-192.png"));
  const asked: { byWorker: boolean; referer: string | null }[] = [];
  await context.route("https://i.ytimg.com/**", async (route) => {
    asked.push({
      byWorker: route.request().serviceWorker() !== null,
      referer: await route.request().headerValue("referer"),
    });
    await route.fulfill({ status: 200, contentType: "image/png", headers, body: thumbnail });
  });
  return asked;
}

/** The first lesson's YouTube picture, loaded. */
const youtubePicture = { src: "https://i.ytimg.com/vi/qVqS7xkuSU4/hqdefault.jpg", loaded: true };

/** The lesson player's picture: where it came from, and whether it loaded. */
function playerPicture(page: Page) {
  return page
    .getByRole("region", { name: "Lesson player" })
    .locator("img")
    .evaluate((image: HTMLImageElement) => ({
      src: image.currentSrc,
      loaded: image.complete && image.naturalWidth > 0,
    }));
}

test("offline, the Recovery page shows all 16 lessons", async ({ page, context }) => {
  await installApp(page);
  await context.setOffline(true);
  await page.goto("/recovery");
  await expect(page.getByRole("heading", { name: "All video lessons" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "All video lessons" }).getByRole("button"),
  ).toHaveCount(16);
});

test("lesson pictures come through the service worker, and those seen before show offline", async ({
  page,
  context,
}) => {
  const asked = await answerThumbnails(context);
  await installApp(page);
  await page.goto("/recovery");
  const shown = () => playerPicture(page);
  await expect.poll(shown).toEqual(youtubePicture);
  expect(asked).toContainEqual({ byWorker: true, referer: null });
  expect(asked.filter(({ referer }) => referer !== null)).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect.poll(shown).toEqual(youtubePicture);
});

test("lesson pictures seen on the very first visit show offline too", async ({ page, context }) => {
  // As YouTube's, the pictures may be kept by the browser: asking again costs nothing.
  const asked = await answerThumbnails(context, { "Cache-Control": "public, max-age=7200" });
  // The first visit, straight to Recovery: the pictures load before the service worker exists.
  await page.goto("/recovery");
  const shown = () => playerPicture(page);
  await expect.poll(shown).toEqual(youtubePicture);
  // The worker takes the open page over once it is installed, and keeps what the page had shown.
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open("lesson-thumbnails");
        return (await cache.keys()).map((request) => request.url);
      }),
    )
    .toContain(youtubePicture.src);
  // The worker asked for them itself, and told YouTube no more than the page did: not the site.
  expect(asked).toContainEqual({ byWorker: true, referer: null });
  expect(asked.filter(({ referer }) => referer !== null)).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect.poll(shown).toEqual(youtubePicture);
});

test("offline, the Recognition page makes audio with the on-device engine", async ({
  page,
  context,
}) => {
  await saveKazakhVoiceWith(page, "Сәлеметсіз бе, мен үйге барғым келеді.");
  // The core voice pack (Kazakh needs no other) and the engine's module and worker.
  await expect.poll(() => keptForOffline(page)).toEqual({ engine: 2, voices: 1 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("The voice is saved")).toBeVisible();
  await page.getByRole("button", { name: "Create audio" }).click();
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download audio" }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const wav = Buffer.concat(chunks);
  expect(wav.subarray(0, 4).toString("ascii")).toBe("RIFF");
  expect(wav.subarray(8, 12).toString("ascii")).toBe("WAVE");
  expect(wav.byteLength).toBeGreaterThan(22050);
});

test("offline, text with nothing to read aloud says so, as the server would", async ({
  page,
  context,
}) => {
  await saveKazakhVoiceWith(page, "?!");

  await context.setOffline(true);
  await page.reload();
  await page.getByRole("button", { name: "Create audio" }).click();
  const audioPanel = page.getByRole("region", { name: "Adaptive audio" });
  await expect(audioPanel.getByRole("alert")).toHaveText(
    "There is nothing to read aloud in this text. Record or type some words.",
    { timeout: 30_000 },
  );
  await expect(audioPanel.getByRole("status")).toHaveText("");
  await expect(page.getByRole("button", { name: "Play" })).toHaveCount(0);
});

test("a saved voice whose engine code is missing (an update renamed it) is saved again", async ({
  page,
  context,
}) => {
  await saveKazakhVoiceWith(page, "Сәлеметсіз бе, мен үйге барғым келеді.");

  // What an app update leaves in the cache: the voices, but not this version's engine code.
  const engineFiles = () =>
    page.evaluate(async () => {
      const cache = await caches.open("voice-pack");
      return (await cache.keys())
        .map((request) => new URL(request.url).pathname)
        .filter((path) => path.startsWith("/assets/device-engine"));
    });
  await expect.poll(engineFiles).toHaveLength(2);
  await page.evaluate(async () => {
    const cache = await caches.open("voice-pack");
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.startsWith("/assets/device-engine")) {
        await cache.delete(request);
      }
    }
  });

  await page.reload();
  await expect(page.getByText("The voice is saved")).toBeVisible({ timeout: 30_000 });
  await expect.poll(engineFiles).toHaveLength(2);
  await context.setOffline(true);
  await page.reload();
  await page.getByRole("button", { name: "Create audio" }).click();
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible({ timeout: 30_000 });
});

test("Chromium reports no installability errors", async () => {
  const profile = test.info().outputPath("profile");
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: test.info().project.use.launchOptions?.executablePath,
    args: test.info().project.use.launchOptions?.args,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${test.info().project.use.baseURL}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const session = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = await session.send("Page.getInstallabilityErrors");
        return installabilityErrors.map((error) => error.errorId);
      })
      .toEqual([]);
    const manifest = await (await page.request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining("Dauys"),
      short_name: "Dauys",
      start_url: "/",
      scope: "/",
      display: "standalone",
      lang: "en",
    });
    expect(manifest.display_override.length).toBeGreaterThan(0);
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === "maskable")).toBe(
      true,
    );
    expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual([
      "/recognition",
      "/talk",
      "/recovery",
    ]);
  } finally {
    await context.close();
  }
});

test.describe("installed from a Kazakh page", () => {
  test.use({ locale: "kk-KZ" });

  test("the app and its shortcuts are named in Kazakh, and follow a change of language", async ({
    page,
  }) => {
    type Manifest = {
      id: string;
      lang: string;
      name: string;
      start_url: string;
      icons: unknown[];
      shortcuts: { url: string; name: string; short_name: string }[];
    };
    const manifestOf = async (href: string) =>
      (await (await page.request.get(href)).json()) as Manifest;
    const manifestLink = page.locator('link[rel="manifest"]');

    const response = await page.goto("/");
    // The page as the server sends it links the Kazakh manifest already.
    expect(await response!.text()).toContain('href="/manifest-kk.webmanifest"');
    await expect(page.locator("html")).toHaveAttribute("lang", "kk");
    await expect(manifestLink).toHaveAttribute("href", "/manifest-kk.webmanifest");
    const kazakh = await manifestOf("/manifest-kk.webmanifest");
    const english = await manifestOf("/manifest.webmanifest");
    // One app, in another language.
    expect(kazakh).toMatchObject({
      id: english.id,
      start_url: english.start_url,
      icons: english.icons,
      lang: "kk",
    });
    expect(kazakh.name).toContain("Dauys");
    expect(kazakh.name).not.toBe(english.name);
    // Each shortcut is named as the menu names its page.
    const nav = page.getByRole("navigation").first();
    expect(kazakh.shortcuts.map((shortcut) => shortcut.url)).toEqual(
      english.shortcuts.map((shortcut) => shortcut.url),
    );
    for (const shortcut of kazakh.shortcuts) {
      const link = nav.locator(`a[href="${shortcut.url}"]`);
      await expect(link).toHaveText(shortcut.short_name);
      expect(shortcut.name).not.toBe(
        english.shortcuts.find(({ url }) => url === shortcut.url)!.name,
      );
    }

    await switchLanguage(page, "ru");
    await expect(manifestLink).toHaveAttribute("href", "/manifest-ru.webmanifest");
    expect((await manifestOf("/manifest-ru.webmanifest")).lang).toBe("ru");
  });
});

test.describe("updates", () => {
  let server: ChildProcess | undefined;
  test.afterEach(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  /** A copy of the build served on a port of its own (`offset` from the tests'), to deploy to. */
  async function ownDeployment(offset: number) {
    // A server starts its speech engine before it listens: beside the suite, on a loaded
    // machine, that took over 30 s once (ci94).
    test.slow();
    const port = Number(process.env.TEST_PORT || 4173) + offset + test.info().repeatEachIndex;
    const distCopy = test.info().outputPath("dist");
    cpSync(process.env.DIST_DIR || "dist", distCopy, { recursive: true });
    // What the server says goes to a file beside the test's results. Once, in CI, a server here
    // did not answer for 90 s: its last words, and how it ended, then go in the failure.
    const logFile = test.info().outputPath("server.log");
    const log = openSync(logFile, "w");
    server = spawn(process.execPath, ["server/server.ts"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DIST_DIR: distCopy },
      stdio: ["ignore", log, log],
    });
    closeSync(log);
    const origin = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        // Each try has a time limit: a connection that never answers must not use up the wait.
        () =>
          fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5000) })
            .then((r) => r.ok)
            .catch(() => false),
        {
          timeout: 90_000,
          message: `the server on port ${port} answers`,
        },
      )
      .toBe(true)
      .catch((error: unknown) => {
        const lastWords = readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n");
        const ended = `exit code ${server?.exitCode}, signal ${server?.signalCode}`;
        throw new Error(`${String(error)}\nThe server (${ended}) said last:\n${lastWords}`);
      });
    // The next deployment: a service worker that differs by a byte is a new version. Its
    // pre-compressed copies are rebuilt too in a real deployment; here they are dropped.
    const deployNext = () => {
      appendFileSync(join(distCopy, "service-worker.js"), "\n// next deployment\n");
      rmSync(join(distCopy, "service-worker.js.br"), { force: true });
      rmSync(join(distCopy, "service-worker.js.gz"), { force: true });
    };
    return { origin, deployNext, distCopy };
  }

  /**
   * A kiosk on the deployment's page, under its service worker, with the next deployment's
   * version installed and waiting.
   */
  async function kioskWithNewVersionWaiting(page: Page, origin: string, deployNext: () => void) {
    await page.clock.install();
    await page.goto(`${origin}/?kiosk=on&pin=482916&idle=10`);
    await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is on." })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-kiosk", "on");

    deployNext();
    await checkForUpdate(page);
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
  }

  /** The service worker of the version installed and waiting to take over. */
  async function waitingVersion(context: BrowserContext) {
    for (const worker of context.serviceWorkers()) {
      const state = await worker.evaluate(
        () => (self as unknown as { serviceWorker?: { state: string } }).serviceWorker?.state,
      );
      if (state === "installed") return worker;
    }
    throw new Error("No version is waiting");
  }

  /**
   * Nobody there: the clock goes on until the countdown shows (the idle time counts from when the
   * session's code has come, late on a loaded machine), then past its end, to the reset.
   */
  async function runOutKioskCountdown(page: Page) {
    const countdown = page.getByRole("alertdialog", { name: "Are you still there?" });
    await page.clock.fastForward(10_000);
    await expect
      .poll(async () => {
        if (await countdown.isVisible()) return true;
        await page.clock.fastForward(1_000);
        return false;
      })
      .toBe(true);
    await page.clock.fastForward(31_000);
  }

  /**
   * The next deployment, in `distCopy`: it builds the staff inbox's code under a new name (that
   * code is not kept offline, so the old version asks the server for its old name, now gone), and
   * the code that loads it changes.
   */
  function deployWithInboxRenamed(distCopy: string) {
    const assets = join(distCopy, "assets");
    const inbox = readdirSync(assets).find((name) => /^staff-inbox-.*\.js$/.test(name))!;
    const renamed = inbox.replace("staff-inbox-", "staff-inbox-next");
    renameSync(join(assets, inbox), join(assets, renamed));
    const worker = join(distCopy, "service-worker.js");
    for (const name of readdirSync(assets).filter((file) => file.endsWith(".js"))) {
      const code = readFileSync(join(assets, name), "utf8");
      if (!code.includes(inbox)) continue;
      writeFileSync(join(assets, name), code.replaceAll(inbox, renamed));
      for (const copy of [".br", ".gz"]) rmSync(join(assets, name + copy), { force: true });
      // Its precache entry gets a revision, as a renamed file would.
      const manifest = readFileSync(worker, "utf8");
      writeFileSync(
        worker,
        manifest.replace(
          `{"revision":null,"url":"assets/${name}"}`,
          `{"revision":"next","url":"assets/${name}"}`,
        ),
      );
    }
    for (const copy of [".br", ".gz"]) rmSync(worker + copy, { force: true });
    for (const copy of [".br", ".gz"]) rmSync(join(assets, inbox + copy), { force: true });
  }

  test("after a deployment, code the old version asks for and the server no longer has comes with the new version on 'Try again'", async ({
    page,
  }) => {
    const { origin, distCopy } = await ownDeployment(70);
    await visitUntilControlled(page, `${origin}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);

    deployWithInboxRenamed(distCopy);

    // A member of staff opens the inbox in the old version: its code is gone.
    await page.goto(`${origin}/staff`);
    const unavailable = page.getByText("Part of the page could not be loaded");
    await expect(unavailable).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page, "staff inbox whose code is gone");

    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Try again" }).click();
    await reloaded;
    await expect(page.getByLabel("Staff password")).toBeVisible({ timeout: 20_000 });
    await expect(unavailable).toHaveCount(0);
  });

  test("'Try again' whose new version waits for the old one's work says that the app is updating until it reloads", async ({
    page,
    context,
  }) => {
    const { origin, distCopy } = await ownDeployment(160);
    const requests = followRequests(context);
    await visitUntilControlled(page, `${origin}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
    deployWithInboxRenamed(distCopy);
    await page.goto(`${origin}/staff`);
    await expect(page.getByText("Part of the page could not be loaded")).toBeVisible({
      timeout: 20_000,
    });

    // The old version is still at work: a lesson picture it fetches on a slow connection.
    const held: Route[] = [];
    await context.route("https://i.ytimg.com/**", (route) => void held.push(route));
    await page.evaluate(() => {
      void fetch("https://i.ytimg.com/vi/qVqS7xkuSU4/hqdefault.jpg", { mode: "no-cors" });
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await expect.poll(() => held.length).toBe(1);
    // The new version has installed: "Try again" waits at most 8 s for one still installing and
    // then loads the page again as it is (new-version.ts), which a loaded machine reached here.
    await checkForUpdate(page);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.waiting?.state ?? "none";
          }),
        { timeout: 60_000 },
      )
      .toBe("installed");
    let loads = 0;
    page.on("load", () => loads++);

    const tryAgain = page.getByRole("button", { name: "Try again" });
    await tryAgain.click();
    // Said while it waits, in a live region; the button keeps the focus, and a second press
    // does nothing more.
    await expect(page.getByRole("status").filter({ hasText: "Updating the app…" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(tryAgain).toHaveAttribute("aria-disabled", "true");
    await expect(tryAgain).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );
    await expectNoAxeViolations(page, "Try again while the app is updating");

    // The old version's work ends: the new version takes over and the page is loaded with it.
    await requests.quiet((request) => request.url().startsWith("https://i.ytimg.com/"));
    expect(loads, "the page was loaded again before the old version's work ended").toBe(0);
    await held[0]!.fulfill({ status: 200, contentType: "image/png", body: Buffer.from("") });
    await expect.poll(() => loads, { timeout: 60_000 }).toBe(1);
    await expect(page.getByLabel("Staff password")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Part of the page could not be loaded")).toHaveCount(0);
  });

  test("an update brings its new engine code to a device that kept the old: Talk speaks offline straight after it", async ({
    page,
    context,
  }) => {
    const { origin, deployNext } = await ownDeployment(90);
    const requests = followRequests(context);
    const access = { grantedAt: new Date().toISOString(), reason: "request-sent" };
    await presetStoredValue(page, "dauys.pilot-access", access, origin);
    await visitUntilControlled(page, `${origin}/talk`);
    // Talk keeps the engine warm: its code is kept for offline speech.
    const engineFiles = () =>
      page.evaluate(async () => {
        const cache = await caches.open("voice-pack");
        return (await cache.keys())
          .map((request) => new URL(request.url).pathname)
          .filter((path) => path.startsWith("/assets/device-engine"))
          .sort();
      });
    await expect.poll(engineFiles, { timeout: 30_000 }).toHaveLength(2);
    const current = await engineFiles();
    // What the version before left: its engine code, under its own names.
    await page.evaluate(async () => {
      const cache = await caches.open("voice-pack");
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (!path.startsWith("/assets/device-engine")) continue;
        await cache.put(
          path.replace("/device-engine", "/device-engine-before"),
          (await cache.match(request))!,
        );
        await cache.delete(request);
      }
    });

    // Nor has the browser's own cache this version's engine: an update brings it under new names.
    await (await context.newCDPSession(page)).send("Network.clearBrowserCache");

    deployNext();
    await checkForUpdate(page);
    await expect(page.getByText("A new version is available")).toBeVisible({ timeout: 20_000 });
    // The connection goes before the new version has opened Talk even once; then it takes over.
    await context.setOffline(true);
    await letWaitingVersionIn(page, requests);
    await page.reload();
    const board = page.getByRole("region", { name: "Phrase board" });
    await expect(board).toHaveAttribute("aria-busy", "false");
    await board
      .getByRole("region", { name: "Needs", exact: true })
      .getByRole("button")
      .first()
      .click();
    await expect
      .poll(
        () =>
          page.evaluate(
            () => document.querySelector<HTMLAudioElement>("audio[data-talk-audio]")?.duration ?? 0,
          ),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0.3);
    await expect(
      page.getByText("The voice for this language is not on this device yet"),
    ).toHaveCount(0);
    expect(await engineFiles()).toEqual(expect.arrayContaining(current));
  });

  test("a saved voice outlives the engine code of many updates, and an update takes the old code away", async ({
    page,
    context,
  }) => {
    const { origin, deployNext, distCopy } = await ownDeployment(100);
    const requests = followRequests(context);
    const access = { grantedAt: new Date().toISOString(), reason: "request-sent" };
    await presetStoredValue(page, "dauys.pilot-access", access, origin);
    await visitUntilControlled(page, `${origin}/talk`);
    const kept = () =>
      page.evaluate(async () => {
        const cache = await caches.open("voice-pack");
        return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
      });
    // Talk keeps the engine warm: its code and the voice are kept for offline speech.
    await expect
      .poll(kept, { timeout: 30_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/^\/voice-pack\/dauys-core-/)]));
    await expect
      .poll(async () => (await kept()).filter((path) => path.startsWith("/assets/")), {
        timeout: 30_000,
      })
      .toHaveLength(2);
    const current = await kept();
    // The engine code seven updates brought, each fetched through the worker as Talk does.
    const before = Array.from({ length: 7 }, (_, n) => `/assets/device-engine-before${n}.js`);
    for (const path of before) writeFileSync(join(distCopy, path), `// engine ${path}\n`);
    await page.evaluate(async (paths) => {
      for (const path of paths) await (await fetch(path)).text();
    }, before);
    await expect.poll(kept).toEqual(expect.arrayContaining(before));

    deployNext();
    await checkForUpdate(page);
    await expect(page.getByText("A new version is available")).toBeVisible({ timeout: 20_000 });
    await letWaitingVersionIn(page, requests);
    // The voice is still on the device; only this version's engine code is kept beside it.
    await expect.poll(kept).toEqual(current);
  });

  test("during a rolling deployment, a new version whose page came from a server still on the old one is not installed", async ({
    page,
    context,
  }) => {
    const { origin, distCopy } = await ownDeployment(120);
    await visitUntilControlled(page, `${origin}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);

    // The next version renames the app's entry code and lists a new page. This server still
    // answers with the old page, which starts the old entry code, as a node not yet updated does.
    const assets = join(distCopy, "assets");
    const entry = readdirSync(assets).find((name) => /^index-.*\.js$/.test(name))!;
    cpSync(join(assets, entry), join(assets, entry.replace("index-", "index-next")));
    const worker = join(distCopy, "service-worker.js");
    const manifest = readFileSync(worker, "utf8");
    const withNext = manifest
      .replace(`"url":"assets/${entry}"`, `"url":"assets/${entry.replace("index-", "index-next")}"`)
      .replace(
        /\{"revision":"[^"]+","url":"index.html"\}/,
        `{"revision":"next","url":"index.html"}`,
      );
    expect(withNext).not.toBe(manifest);
    writeFileSync(worker, withNext);
    for (const copy of [".br", ".gz"]) rmSync(worker + copy, { force: true });

    const outcome = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      await registration.update();
      const next = registration.installing ?? registration.waiting;
      if (!next) return "nothing new";
      return new Promise<string>((resolve) => {
        const settled = () => {
          if (next.state !== "installing") resolve(next.state);
        };
        next.addEventListener("statechange", settled);
        settled();
      });
    });
    expect(outcome).toBe("redundant");
    await expect(page.getByText("A new version is available")).toHaveCount(0);
    // The version in place goes on working, offline too.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
  });

  test("a new deployment offers 'Reload' and reloads only when asked", async ({ page }) => {
    const { origin, deployNext } = await ownDeployment(50);
    await visitUntilControlled(page, `${origin}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);

    deployNext();
    // A task in progress: state that a reload would lose.
    await page.evaluate(() => {
      (window as unknown as { taskInProgress: boolean }).taskInProgress = true;
    });
    await checkForUpdate(page);

    const notice = page.getByText("A new version is available");
    await expect(notice).toBeVisible({ timeout: 20_000 });
    // Nothing reloads by itself: the new version waits, and the page keeps its state.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: Boolean(registration?.waiting),
          taskInProgress: (window as unknown as { taskInProgress?: boolean }).taskInProgress,
        };
      }),
    ).toEqual({ waiting: true, taskInProgress: true });

    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    expect(
      await page.evaluate(
        () => (window as unknown as { taskInProgress?: boolean }).taskInProgress ?? false,
      ),
    ).toBe(false);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
    await expect(notice).toHaveCount(0);
  });

  test("Reload whose new version waits for the old one's work says that the app is updating until it reloads", async ({
    page,
    context,
  }) => {
    const { origin, deployNext } = await ownDeployment(140);
    const requests = followRequests(context);
    await visitUntilControlled(page, `${origin}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
    deployNext();
    await checkForUpdate(page);
    await expect(page.getByText("A new version is available")).toBeVisible({ timeout: 20_000 });

    // The old version is still at work: a lesson picture it fetches on a slow connection.
    const held: Route[] = [];
    await context.route("https://i.ytimg.com/**", (route) => void held.push(route));
    await page.evaluate(() => {
      void fetch("https://i.ytimg.com/vi/qVqS7xkuSU4/hqdefault.jpg", { mode: "no-cors" });
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await expect.poll(() => held.length).toBe(1);

    const reload = page.getByRole("button", { name: "Reload" });
    await reload.click();
    // Said while it waits, in a live region; the button keeps the focus.
    await expect(page.getByRole("status").filter({ hasText: "Updating the app…" })).toBeVisible();
    await expect(reload).toHaveAttribute("aria-disabled", "true");
    await expect(reload).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );

    // The old version's work ends: the new version takes over and the page is loaded with it.
    await requests.quiet((request) => request.url().startsWith("https://i.ytimg.com/"));
    const reloaded = page.waitForEvent("load");
    await held[0]!.fulfill({ status: 200, contentType: "image/png", body: Buffer.from("") });
    await reloaded;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
    await expect(page.getByText("A new version is available")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      undefined,
    );
  });

  test("a page left open finds a new deployment by itself, and only offers it", async ({
    page,
  }) => {
    const { origin, deployNext } = await ownDeployment(130);
    await page.clock.install();
    await visitUntilControlled(page, `${origin}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
    await page.evaluate(() => {
      (window as unknown as { taskInProgress: boolean }).taskInProgress = true;
    });

    // Deployed after the page was opened: nothing asks the server for it (no checkForUpdate),
    // but the page itself, as the hours go by (the notices' code comes once the page is live:
    // the clock goes on an hour at a time until the page has asked).
    deployNext();
    const notice = page.getByText("A new version is available");
    await expect
      .poll(
        async () => {
          if (await notice.isVisible()) return true;
          await page.clock.fastForward("01:00:00");
          return false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { taskInProgress?: boolean }).taskInProgress),
    ).toBe(true);
  });

  test("Reload in one window of the app does not reload its other windows mid-task", async ({
    page,
  }) => {
    const { origin, deployNext } = await ownDeployment(80);
    await visitUntilControlled(page, `${origin}/about`);
    // The installed app beside a browser tab: a second window, in the middle of a task.
    const other = await page.context().newPage();
    await other.goto(`${origin}/contact`);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText(/Contact/);
    await other.evaluate(() => {
      const state = window as unknown as { taskInProgress: boolean; newVersionIn: boolean };
      state.taskInProgress = true;
      navigator.serviceWorker.addEventListener("controllerchange", () => {
        state.newVersionIn = true;
      });
    });

    deployNext();
    await checkForUpdate(page);
    await expect(page.getByText("A new version is available")).toBeVisible({ timeout: 20_000 });
    await expect(other.getByText("A new version is available")).toBeVisible({ timeout: 20_000 });

    let otherLoads = 0;
    other.on("load", () => otherLoads++);
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    // The new version runs the other window too now; it was not reloaded under its user.
    await expect
      .poll(() =>
        other.evaluate(() => (window as unknown as { newVersionIn?: boolean }).newVersionIn),
      )
      .toBe(true);
    // A reload would start at once; a moment later, none has come.
    await other.waitForTimeout(1500);
    expect(otherLoads).toBe(0);
    expect(
      await other.evaluate(
        () => (window as unknown as { taskInProgress?: boolean }).taskInProgress,
      ),
    ).toBe(true);
    await expect(other.getByText("A new version is available")).toBeVisible();

    // Its user reloads when they are ready.
    const otherReloaded = other.waitForEvent("load");
    await other.getByRole("button", { name: "Reload" }).click();
    await otherReloaded;
    await expect(other.getByRole("heading", { level: 1 })).toHaveText(/Contact/);
    await expect(other.getByText("A new version is available")).toHaveCount(0);
  });
  test("on a kiosk, a new version comes in with the privacy reset between two patients", async ({
    page,
  }) => {
    const { origin, deployNext } = await ownDeployment(60);
    // Ready, and not offered to the patient: it waits for the reset.
    await kioskWithNewVersionWaiting(page, origin, deployNext);
    await expect(page.getByText("A new version is available")).toHaveCount(0);
    await page.evaluate(() => {
      (window as unknown as { beforeReset: boolean }).beforeReset = true;
    });

    // Nobody there: the countdown runs out, the reset is made, and the new version comes in.
    // The idle time counts from when the session's code has come after the reload (late on a
    // loaded machine, ci96): the clock goes on until the countdown shows, then past its end.
    const reloaded = page.waitForEvent("load");
    await runOutKioskCountdown(page);
    await reloaded;
    await expect(page.locator("html")).toHaveAttribute("data-kiosk", "on");
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: Boolean(registration?.waiting),
          beforeReset: (window as unknown as { beforeReset?: boolean }).beforeReset ?? false,
        };
      }),
    ).toEqual({ waiting: false, beforeReset: false });
    await expect(page.getByText("A new version is available")).toHaveCount(0);
  });

  test("on a kiosk, staff leaving kiosk mode with a new version waiting read what the exit says: the tablet is not reloaded under them", async ({
    page,
  }) => {
    const { origin, deployNext } = await ownDeployment(150);
    await kioskWithNewVersionWaiting(page, origin, deployNext);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });

    const exit = page.getByRole("button", { name: "Exit kiosk mode" });
    await exit.click();
    const dialog = page.getByRole("dialog", { name: "Exit kiosk mode" });
    await dialog.getByLabel("Kiosk PIN").fill("482916");
    await dialog.getByRole("button", { name: "Exit kiosk mode" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is off." })).toBeVisible();
    await expect(page.locator("html")).not.toHaveAttribute("data-kiosk", "on");
    // The exit's reset did not let the new version in (that reset is not between two patients):
    // it is offered as on any tablet, for staff to take when they are ready.
    await expect(page.getByText("A new version is available")).toBeVisible();
    expect(
      await page.evaluate(async () => ({
        waiting: Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
        samePage: (window as unknown as { samePage?: boolean }).samePage ?? false,
      })),
    ).toEqual({ waiting: true, samePage: true });
  });

  test("on a kiosk, a new version whose taking over is held up past the reset does not reload the tablet under the next patient", async ({
    page,
    context,
  }) => {
    const { origin, deployNext } = await ownDeployment(110);
    const requests = followRequests(context);
    await kioskWithNewVersionWaiting(page, origin, deployNext);
    // The old version is still at work: a lesson picture it fetches on a slow clinic Wi-Fi.
    const held: Route[] = [];
    await context.route("https://i.ytimg.com/**", (route) => void held.push(route));
    await page.evaluate(() => {
      void fetch("https://i.ytimg.com/vi/qVqS7xkuSU4/hqdefault.jpg", { mode: "no-cors" });
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await expect.poll(() => held.length).toBe(1);
    // The waiting version hears it when the page lets it in. (A worker the tests are attached to
    // is not stopped when idle, so what it notes here stays.)
    const waiting = await waitingVersion(context);
    await waiting.evaluate(() => {
      const scope = self as unknown as EventTarget & { letIn?: boolean };
      scope.addEventListener("message", (event) => {
        const { data } = event as MessageEvent<{ type?: string } | null>;
        if (data?.type === "SKIP_WAITING") scope.letIn = true;
      });
    });

    // Nobody there: the countdown runs out and the reset is made; the new version is let in.
    await runOutKioskCountdown(page);
    await expect(
      page.getByRole("status").filter({ hasText: "Ready for the next person." }),
    ).toBeVisible();
    // With nobody there yet, the reset lets the new version in (a moment after it says so).
    await expect
      .poll(() => waiting.evaluate(() => (self as unknown as { letIn?: boolean }).letIn))
      .toBe(true);
    // The next patient starts; then the picture comes, and the new version takes over.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Talk" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Talk" })).toBeVisible();
    // Whether the page asked to be loaded again when the new version took over: told by the
    // browser's own navigation event, before this listener of the change, which runs after the
    // app's.
    await page.evaluate(() => {
      const seen = window as unknown as { reloadAsked?: boolean; taken?: Promise<boolean> };
      const { navigation } = window as unknown as { navigation: EventTarget };
      navigation.addEventListener("navigate", (event) => {
        if ((event as Event & { navigationType: string }).navigationType === "reload") {
          seen.reloadAsked = true;
        }
      });
      seen.taken = new Promise((resolve) =>
        navigator.serviceWorker.addEventListener(
          "controllerchange",
          () => resolve(seen.reloadAsked === true),
          { once: true },
        ),
      );
    });
    // Talk has loaded its parts (followRequests says why); the picture is all the old one does.
    await requests.quiet((request) => request.url().startsWith("https://i.ytimg.com/"));
    await held[0]!.fulfill({ status: 200, contentType: "image/png", body: Buffer.from("") });
    const reloadedUnderPatient = await page
      .evaluate(() => (window as unknown as { taken: Promise<boolean> }).taken)
      .catch(() => true);
    expect(reloadedUnderPatient).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );

    // At the next reset, with nobody there, the page is loaded again with the new version. The
    // reset may wait for a change still under way on the page's clock (at most 15 s for a value's
    // change lock): nobody is there, so the clock goes on until the page is loaded again.
    let loaded = false;
    const reloaded = page.waitForEvent("load").then(() => {
      loaded = true;
    });
    await runOutKioskCountdown(page);
    await expect
      .poll(
        async () => {
          if (!loaded) await page.clock.fastForward(1_000).catch(() => undefined);
          return loaded;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await reloaded;
    await expect(page.locator("html")).toHaveAttribute("data-kiosk", "on");
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      undefined,
    );
  });
});
