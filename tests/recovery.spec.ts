import { expect, test, type Page } from "@playwright/test";
import {
  brokenWords,
  buildYear,
  expectNoAxeViolations,
  findSmallTargets,
  presetLanguage,
  presetPilotAccess,
  settle,
  storedValue,
} from "./fixtures.ts";

// The page's only third-party hosts. Tests answer them locally so they never touch the network.
const youtubeEmbedHost = "www.youtube-nocookie.com";
const youtubeImageHost = "i.ytimg.com";
const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

test.beforeEach(async ({ context }) => {
  await context.route(`https://${youtubeImageHost}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: tinyPng }),
  );
  await context.route(`https://${youtubeEmbedHost}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: '<!doctype html><html lang="en"><title>Video</title><body></body></html>',
    }),
  );
});

const player = (page: Page) => page.getByRole("region", { name: "Lesson player" });
const playerTitle = (page: Page) => player(page).getByRole("heading", { level: 2 });
const lessonList = (page: Page) => page.getByRole("list", { name: "All video lessons" });
const lessonCards = (page: Page) => lessonList(page).getByRole("button");
/** A card's accessible name starts with the lesson's title, then its level and duration. */
const card = (page: Page, title: string) =>
  lessonList(page).getByRole("button", {
    name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `),
  });
/** "Lesson 3 of 16" beside Previous and Next (the player's notes under the video are statuses too). */
const lessonStatus = (page: Page) =>
  player(page)
    .getByRole("status")
    .filter({ hasText: /^Lesson \d+ of \d+/ });
const embed = (page: Page) => page.locator(`iframe[src^="https://${youtubeEmbedHost}/embed/"]`);

async function openWithPilotAccess(page: Page) {
  await presetPilotAccess(page);
  await page.goto("/recovery");
  await expect(playerTitle(page)).toBeVisible();
}

test.describe("with pilot access", () => {
  test("shows the first lesson with its details, and a way back home", async ({ page }) => {
    await openWithPilotAccess(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Speech Recovery");
    await expect(playerTitle(page)).toHaveText("Breathing basics for clear speech");
    await expect(player(page).getByText("Beginner", { exact: true })).toBeVisible();
    await expect(player(page).getByText("Duration: 12:40")).toBeVisible();
    await expect(player(page).getByText("Instructor: Personal Growth Academy")).toBeVisible();
    await expect(player(page).getByText(/Learn calm, deep breathing/)).toBeVisible();
    await expect(player(page).getByText("Lesson 1 of 16")).toBeVisible();
    await expect(player(page).getByRole("img")).toHaveCount(0);

    await expect(lessonCards(page)).toHaveCount(16);
    await expect(page.getByRole("heading", { level: 2, name: "All video lessons" })).toBeVisible();
    await expect(page.getByText(/Choose a lesson to watch it in the player/)).toBeVisible();

    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
  });

  // 360 px is the width of most phones here. A title's word wider than its card was broken
  // mid-way: "Выразительна / я", "rahatlaşdırılmas / ı", "жаңылтпашта / р".
  test("on a 360 px phone, the lessons' titles keep their words whole, in Russian, Azerbaijani and Kazakh", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await presetPilotAccess(page);
    // The cards' titles and level badges, each fitted to its card (the list's name is in the
    // page's language).
    const fitted = page.getByRole("listitem").locator("[data-fit-words]");
    for (const [language, title] of [
      ["ru", "Выразительная интонация"],
      ["az", "Üz və çənənin rahatlaşdırılması"],
      ["kk", "Анықтыққа арналған жаңылтпаштар"],
    ] as const) {
      await presetLanguage(page, language);
      await page.goto("/recovery");
      const card = page.getByRole("button", { name: new RegExp(`^${title} `) });
      await card.scrollIntoViewIfNeeded();
      // Whole (their code comes after the page), the title made smaller by a fifth at most.
      await expect.poll(() => brokenWords(fitted), language).toEqual([]);
      const size = (element: HTMLElement) => parseFloat(getComputedStyle(element).fontSize);
      const own = 0.9375 * 16;
      // A card's title comes first in it (it starts the card's name).
      const cardTitle = card.locator("[data-fit-words]").first();
      expect(await cardTitle.evaluate(size), language).toBeLessThan(own);
      const sizes = await page.getByRole("listitem").evaluateAll((items) =>
        items.flatMap((item) => {
          const first = item.querySelector("[data-fit-words]");
          return first ? [parseFloat(getComputedStyle(first).fontSize)] : [];
        }),
      );
      expect(Math.min(...sizes), language).toBeGreaterThanOrEqual(Math.round(own * 0.8));
    }
  });

  test("choosing a card selects its lesson, marks it and brings the player into view", async ({
    page,
  }) => {
    await openWithPilotAccess(page);
    const first = card(page, "Breathing basics for clear speech");
    await expect(first).toHaveAttribute("aria-current", "true");
    await expect(lessonList(page).locator("[aria-current]")).toHaveCount(1);

    const last = card(page, "Speaking on the phone");
    await last.scrollIntoViewIfNeeded();
    await expect(player(page)).not.toBeInViewport();
    await last.click();
    await expect(last).toHaveAttribute("aria-current", "true");
    await expect(first).not.toHaveAttribute("aria-current");
    await expect(lessonList(page).locator("[aria-current]")).toHaveCount(1);
    await expect(playerTitle(page)).toHaveText("Speaking on the phone");
    // The focus waits on Play, which the title describes: the keyboard's next step.
    const play = player(page).getByRole("button", { name: "Play lesson" });
    await expect(play).toBeFocused();
    await expect(play).toHaveAccessibleDescription("Speaking on the phone");
    // The status line says where it is, and not the title again (Play's description says it).
    await expect(lessonStatus(page)).toHaveText("Lesson 16 of 16");
    await expect(player(page).getByText("Instructor: Dauys")).toBeVisible();
    await expect(player(page)).toBeInViewport();

    // The keyboard works the same way.
    const tongue = card(page, "Tongue warm-up");
    await tongue.focus();
    await page.keyboard.press("Enter");
    await expect(tongue).toHaveAttribute("aria-current", "true");
    await expect(playerTitle(page)).toHaveText("Tongue warm-up");
    await expect(play).toBeFocused();
    await expect(play).toHaveAccessibleDescription("Tongue warm-up");
    // Its ring is white: the theme's blue one is lost on the blue button over a dark picture.
    await expect(play).toHaveCSS("outline-color", "rgb(255, 255, 255)");
  });

  test("the lesson shown is kept in the address: a reload finds it again", async ({ page }) => {
    await openWithPilotAccess(page);
    await card(page, "Speaking on the phone").click();
    await expect(page).toHaveURL(/\/recovery\?lesson=16$/);
    await player(page).getByRole("button", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/recovery\?lesson=15$/);
    const title = await playerTitle(page).textContent();
    await page.reload();
    await expect(playerTitle(page)).toHaveText(title!);
    await expect(player(page).getByText("Lesson 15 of 16")).toBeVisible();
    await expect(card(page, title!)).toHaveAttribute("aria-current", "true");
    // A lesson that does not exist shows the first one.
    await page.goto("/recovery?lesson=99");
    await expect(playerTitle(page)).toHaveText("Breathing basics for clear speech");
  });

  test("Previous and Next wrap around at both ends", async ({ page }) => {
    await openWithPilotAccess(page);
    const previous = player(page).getByRole("button", { name: "Previous" });
    const next = player(page).getByRole("button", { name: "Next" });

    await previous.click();
    await expect(playerTitle(page)).toHaveText("Speaking on the phone");
    await expect(card(page, "Speaking on the phone")).toHaveAttribute("aria-current", "true");
    await expect(player(page).getByText("Lesson 16 of 16")).toBeVisible();

    await next.click();
    await expect(playerTitle(page)).toHaveText("Breathing basics for clear speech");
    await expect(player(page).getByText("Lesson 1 of 16")).toBeVisible();
    // The focus stays on Next: the status line names the lesson.
    await expect(lessonStatus(page)).toHaveText(
      "Lesson 1 of 16: Breathing basics for clear speech",
    );

    await next.click();
    await expect(playerTitle(page)).toHaveText("Relaxing the face and jaw");
    await previous.click();
    await previous.click();
    await expect(playerTitle(page)).toHaveText("Speaking on the phone");
    await previous.click();
    await expect(playerTitle(page)).toHaveText("Tongue twisters for clarity");
    await expect(card(page, "Tongue twisters for clarity")).toHaveAttribute("aria-current", "true");
  });

  for (const { device, width, height } of [
    { device: "a phone", width: 390, height: 844 },
    { device: "a tablet held upright", width: 768, height: 1024 },
    { device: "a tablet on its side", width: 1024, height: 768 },
    { device: "a laptop", width: 1366, height: 768 },
  ]) {
    test(`Previous and Next stay where they were between a landscape and a portrait lesson, on ${device}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await presetPilotAccess(page);
      await page.goto("/recovery?lesson=6");
      await expect(playerTitle(page)).toHaveText("Expressive intonation");
      const frame = player(page).getByRole("figure");
      const previous = player(page).getByRole("button", { name: "Previous" });
      const next = player(page).getByRole("button", { name: "Next" });
      const places = async () => ({
        previous: await previous.boundingBox(),
        next: await next.boundingBox(),
      });
      await expect(frame).toHaveAttribute("data-orientation", "horizontal");
      const before = await places();
      expect(before.next).not.toBeNull();

      // A user with a tremor taps Next again and again: from the 16:9 lesson to a 9:16 short...
      await next.click();
      await expect(playerTitle(page)).toHaveText("Lip exercises in one minute");
      await expect(frame).toHaveAttribute("data-orientation", "vertical");
      expect(await places()).toEqual(before);
      // ...from one short to the next...
      await next.click();
      await expect(playerTitle(page)).toHaveText("Tongue warm-up");
      expect(await places()).toEqual(before);
      // ...and back, from the short to the 16:9 lesson.
      await previous.click();
      await previous.click();
      await expect(playerTitle(page)).toHaveText("Expressive intonation");
      await expect(frame).toHaveAttribute("data-orientation", "horizontal");
      expect(await places()).toEqual(before);
    });
  }

  for (const { width, columns } of [
    { width: 400, columns: 2 },
    { width: 700, columns: 3 },
    { width: 1000, columns: 4 },
    { width: 1300, columns: 5 },
  ]) {
    test(`the lesson grid has ${columns} columns at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openWithPilotAccess(page);
      await expect(lessonCards(page)).toHaveCount(16);
      const boxes = await lessonCards(page).evaluateAll((cards) =>
        cards.map((element) => {
          const box = element.getBoundingClientRect();
          return { x: Math.round(box.left), width: box.width, height: box.height };
        }),
      );
      expect(new Set(boxes.map((box) => box.x)).size).toBe(columns);
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      for (const box of boxes) {
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
    });
  }

  test("one-minute shorts play in a 9:16 frame, longer lessons in 16:9", async ({ page }) => {
    await openWithPilotAccess(page);
    const frame = player(page).getByRole("figure");
    const ratio = async () => {
      const box = await frame.boundingBox();
      if (!box) throw new Error("The video frame is not visible");
      return box.width / box.height;
    };
    expect(await ratio()).toBeCloseTo(16 / 9, 1);
    await card(page, "Lip exercises in one minute").click();
    await expect(player(page).getByText("Duration: 0:60")).toBeVisible();
    await expect(frame).toHaveAttribute("data-orientation", "vertical");
    expect(await ratio()).toBeCloseTo(9 / 16, 1);
    await card(page, "Reading aloud slowly").click();
    await expect(frame).toHaveAttribute("data-orientation", "horizontal");
    expect(await ratio()).toBeCloseTo(16 / 9, 1);
  });

  test("the video is embedded only after 'Play lesson', and only from allowed hosts", async ({
    page,
  }) => {
    const hosts = new Set<string>();
    page.on("request", (request) => hosts.add(new URL(request.url()).host));
    // What the page itself says in the console (requests to YouTube fail here: no internet).
    const complaints: string[] = [];
    page.on("console", (message) => {
      if (
        ["warning", "error"].includes(message.type()) &&
        !message.location().url.includes("youtube")
      )
        complaints.push(message.text());
    });
    // What the thumbnails tell YouTube of the page they are shown on (answered as beforeEach does).
    const imageReferrers: (string | null)[] = [];
    await page.route(`https://${youtubeImageHost}/**`, async (route) => {
      imageReferrers.push(await route.request().headerValue("referer"));
      await route.fallback();
    });
    await openWithPilotAccess(page);

    const thumbnail = player(page).locator("img");
    await expect(thumbnail).toHaveAttribute(
      "src",
      `https://${youtubeImageHost}/vi/qVqS7xkuSU4/hqdefault.jpg`,
    );
    await expect(thumbnail).toHaveAttribute("referrerpolicy", "no-referrer");
    await expect(embed(page)).toHaveCount(0);
    expect(hosts.has(youtubeEmbedHost)).toBe(false);

    await player(page).getByRole("button", { name: "Play lesson" }).click();
    await expect(embed(page)).toHaveCount(1);
    await expect(embed(page)).toHaveAttribute(
      "src",
      `https://${youtubeEmbedHost}/embed/qVqS7xkuSU4?autoplay=1&enablejsapi=1&origin=${encodeURIComponent(new URL(page.url()).origin)}&hl=en&cc_lang_pref=en&rel=0&playsinline=1&iv_load_policy=3`,
    );
    await expect(embed(page)).toHaveAttribute(
      "title",
      "Video lesson: Breathing basics for clear speech",
    );
    await expect(embed(page)).toBeFocused();
    await expect(player(page).getByRole("button", { name: "Play lesson" })).toHaveCount(0);
    const ownComplaints = complaints.filter(
      (text) =>
        !text.startsWith("Failed to load resource") &&
        // The tests block service workers (playwright.config.ts).
        !text.includes("Service Worker registration blocked by Playwright") &&
        // The set-up step visits an unknown path on purpose, and the app logs that it is unknown
        // when it gets to render it before the test moves on.
        !text.includes("/no-such-page-for-setup"),
    );
    expect(ownComplaints).toEqual([]);

    // Another lesson waits for Play again.
    await player(page).getByRole("button", { name: "Next" }).click();
    await expect(embed(page)).toHaveCount(0);
    await expect(player(page).getByRole("button", { name: "Play lesson" })).toBeVisible();

    // Scrolling down loads the lazy card thumbnails too.
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect(page.locator("footer")).toBeInViewport();
    const allowed = new Set([new URL(page.url()).host, youtubeEmbedHost, youtubeImageHost]);
    expect([...hosts].filter((host) => !allowed.has(host))).toEqual([]);
    // The thumbnails were asked for without the page's address (nor its origin).
    expect(imageReferrers.length).toBeGreaterThan(0);
    expect(imageReferrers.filter((referrer) => referrer !== null)).toEqual([]);
  });

  test("lessons without a thumbnail, or whose thumbnail fails, show the placeholder", async ({
    page,
    context,
  }) => {
    await context.route(`https://${youtubeImageHost}/vi/qVqS7xkuSU4/**`, (route) =>
      route.fulfill({ status: 404, contentType: "text/plain", body: "Not found" }),
    );
    await openWithPilotAccess(page);
    await expect(player(page).locator("img")).toHaveAttribute("src", "/lesson-placeholder.svg");
    const noThumbnail = card(page, "Speaking on the phone").locator("img");
    await expect(noThumbnail).toHaveAttribute("src", "/lesson-placeholder.svg");
    await expect(noThumbnail).toHaveAttribute("loading", "lazy");
    await expect(card(page, "Tongue warm-up").locator("img")).toHaveAttribute(
      "src",
      `https://${youtubeImageHost}/vi/0Ipl5R1HSOo/hqdefault.jpg`,
    );
  });

  test("lesson pictures that could not come offline come once the connection is back", async ({
    page,
    context,
  }) => {
    let connected = false;
    await context.route(`https://${youtubeImageHost}/**`, (route) =>
      connected
        ? route.fulfill({ status: 200, contentType: "image/png", body: tinyPng })
        : route.abort("internetdisconnected"),
    );
    await openWithPilotAccess(page);
    await settle(page);
    const picture = card(page, "Tongue warm-up").locator("img");
    await picture.scrollIntoViewIfNeeded();
    await expect(picture).toHaveAttribute("src", "/lesson-placeholder.svg");
    await context.setOffline(true);
    await expect(player(page).getByText("This video needs an internet connection.")).toBeVisible();
    connected = true;
    await context.setOffline(false);
    await expect(picture).toHaveAttribute(
      "src",
      `https://${youtubeImageHost}/vi/0Ipl5R1HSOo/hqdefault.jpg`,
    );
  });

  test("offline, the player says the video needs a connection instead of loading it", async ({
    page,
    context,
  }) => {
    await openWithPilotAccess(page);
    // Without a service worker in tests, the app must have started before the network goes.
    await settle(page);
    await context.setOffline(true);
    const message = player(page).getByText(
      "This video needs an internet connection. Connect to the internet to play it.",
    );
    await expect(message).toBeVisible();
    const play = player(page).getByRole("button", { name: "Play lesson" });
    await expect(play).toHaveAttribute("aria-disabled", "true");
    await expect(play).toHaveAccessibleDescription(
      "Breathing basics for clear speech This video needs an internet connection. Connect to the internet to play it.",
    );
    await play.focus();
    await page.keyboard.press("Enter");
    await expect(embed(page)).toHaveCount(0);
    await expectNoAxeViolations(page, "offline");

    await context.setOffline(false);
    await expect(message).toHaveCount(0);
    await play.click();
    await expect(embed(page)).toHaveCount(1);
  });

  test("a video cut off by a lost connection says why, and loads again when it is back", async ({
    page,
    context,
  }) => {
    await openWithPilotAccess(page);
    await settle(page);
    await player(page).getByRole("button", { name: "Play lesson" }).click();
    await expect(embed(page)).toHaveCount(1);
    await context.setOffline(true);
    await expect(
      player(page).getByText(
        "This video needs an internet connection. Connect to the internet to play it.",
      ),
    ).toBeVisible();
    await expect(embed(page)).toHaveCount(0);
    await context.setOffline(false);
    await expect(embed(page)).toHaveCount(1);
  });

  test("a video cut off by a lost connection comes back where it was, and leaves the focus where the user is; a lesson left offers to go on from there", async ({
    page,
    context,
  }) => {
    // A stand-in for YouTube's player that says, as it does, where the video is (14 minutes in).
    await context.route(`https://${youtubeEmbedHost}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><title>Video</title><script>
          addEventListener("message", (event) => {
            if (JSON.parse(event.data).event !== "listening") return;
            const info = { playerState: 1, currentTime: 840.6 };
            parent.postMessage(JSON.stringify({ event: "infoDelivery", info }), event.origin);
          });
        </script></html>`,
      }),
    );
    await openWithPilotAccess(page);
    await settle(page);
    const play = player(page).getByRole("button", { name: "Play lesson" });
    await play.click();
    await expect(embed(page)).toBeFocused();
    await expect(embed(page)).not.toHaveAttribute("src", /[?&]start=/);
    await expect(embed(page)).toHaveAttribute("data-media-playing", "");

    await context.setOffline(true);
    await expect(embed(page)).toHaveCount(0);
    // The focus was in the video: it waits on Play, which says why it does nothing now.
    await expect(play).toBeFocused();
    // Meanwhile the user goes on to read the list.
    const tongue = card(page, "Tongue warm-up");
    await tongue.focus();
    await context.setOffline(false);
    await expect(embed(page)).toHaveAttribute("src", /[?&]start=840(&|$)/);
    await expect(tongue).toBeFocused();

    // Left by a stray tap on Next, and come back to: the cover offers to go on where it was.
    const next = player(page).getByRole("button", { name: "Next" });
    const previous = player(page).getByRole("button", { name: "Previous" });
    await next.click();
    await expect(player(page).getByRole("button", { name: /^Go on from/ })).toHaveCount(0);
    await previous.click();
    const goOn = player(page).getByRole("button", { name: "Go on from 14:00" });
    await expect(goOn).toBeVisible();
    expect(await findSmallTargets(page)).toEqual([]);
    await expectNoAxeViolations(page, "a lesson left while it played");
    await goOn.click();
    await expect(embed(page)).toHaveAttribute("src", /[?&]start=840(&|$)/);

    // Play starts the lesson from its beginning.
    await next.click();
    await previous.click();
    await play.click();
    await expect(embed(page)).toHaveCount(1);
    await expect(embed(page)).not.toHaveAttribute("src", /[?&]start=/);
  });

  test("where a lesson was left is kept on the device: opened again, the page offers to go on from there, but not for a lesson watched to its end", async ({
    page,
    context,
  }) => {
    // A stand-in for YouTube's player that says where the video is: the first lesson 14 minutes
    // in, the second near its end (and at its end, 760 s, when started there).
    await context.route(`https://${youtubeEmbedHost}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><title>Video</title><script>
          addEventListener("message", (event) => {
            if (JSON.parse(event.data).event !== "listening") return;
            const currentTime = location.pathname.endsWith("/qVqS7xkuSU4") ? 840.6 : 755.2;
            const info = new URLSearchParams(location.search).get("start") === "760"
              ? { playerState: 0, currentTime: 760 }
              : { playerState: 1, currentTime };
            parent.postMessage(JSON.stringify({ event: "infoDelivery", info }), event.origin);
          });
        </script></html>`,
      }),
    );
    await openWithPilotAccess(page);
    await settle(page);
    const play = player(page).getByRole("button", { name: "Play lesson" });
    const next = player(page).getByRole("button", { name: "Next" });
    const previous = player(page).getByRole("button", { name: "Previous" });
    const goOn = player(page).getByRole("button", { name: /^Go on from/ });

    // The second lesson is watched to its end.
    await next.click();
    await play.click();
    await expect(embed(page)).toHaveAttribute("data-media-playing", "");
    const video = await (await embed(page).elementHandle())?.contentFrame();
    if (!video) throw new Error("The video's frame is not there");
    await video.evaluate(() => {
      const info = { playerState: 0, currentTime: 760 };
      parent.postMessage(JSON.stringify({ event: "infoDelivery", info }), "*");
    });
    await expect(embed(page)).not.toHaveAttribute("data-media-playing");
    // Cut off at its end by a lost connection, it comes back at its end: it does not play again
    // from the start by itself.
    await context.setOffline(true);
    await expect(embed(page)).toHaveCount(0);
    await context.setOffline(false);
    await expect(embed(page)).toHaveAttribute("src", /[?&]start=760(&|$)/);
    // The first lesson is left 14 minutes in: the app is closed (here, left for another page).
    await previous.click();
    await play.click();
    await expect(embed(page)).toHaveAttribute("data-media-playing", "");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Talk" })
      .click();
    await expect(page).toHaveURL(/\/talk$/);
    // Each place is kept with the time it was reached (of two tabs' places the later wins); the
    // lesson watched to its end is kept as having none, with that time.
    await expect
      .poll(() => storedValue(page, "dauys.lesson-places"))
      .toEqual({
        qVqS7xkuSU4: { seconds: 840, at: expect.any(Number) },
        ndxE81HS0tk: { at: expect.any(Number) },
      });

    // Opened again: the first lesson offers to go on where it was, the second starts again.
    await page.goto("/recovery");
    await expect(playerTitle(page)).toHaveText("Breathing basics for clear speech");
    await expect(goOn).toHaveAccessibleName("Go on from 14:00");
    await goOn.click();
    await expect(embed(page)).toHaveAttribute("src", /[?&]start=840(&|$)/);
    await next.click();
    await expect(playerTitle(page)).toHaveText("Relaxing the face and jaw");
    await expect(play).toBeVisible();
    await expect(goOn).toHaveCount(0);
  });

  test("a video that does not load says so, and Try again loads it again", async ({
    page,
    context,
  }) => {
    // A frame whose player never answers: a network that blocks the video, or a stalled one.
    let loads = 0;
    await context.route(`https://${youtubeEmbedHost}/**`, (route) => {
      loads += 1;
      return route.fulfill({
        contentType: "text/html",
        body: '<!doctype html><html lang="en"><title>Blocked</title></html>',
      });
    });
    await page.clock.install();
    await openWithPilotAccess(page);
    await settle(page);
    await player(page).getByRole("button", { name: "Play lesson" }).click();
    await expect(embed(page)).toBeFocused();
    const note = player(page).getByRole("status").filter({ hasText: "The video has not loaded." });
    await page.clock.fastForward(15_000);
    await expect(note).toHaveCount(0);
    await page.clock.fastForward(6_000);
    await expect(note).toHaveText(
      "The video has not loaded. The connection may be slow, or videos may be blocked on this network.Try again",
    );
    await expectNoAxeViolations(page, "video not loaded");
    expect(await findSmallTargets(page)).toEqual([]);

    await note.getByRole("button", { name: "Try again" }).click();
    await expect(note).toHaveCount(0);
    await expect(embed(page)).toBeFocused();
    await expect.poll(() => loads).toBe(2);
  });

  test("choosing the card of the lesson playing brings the video into view with the focus", async ({
    page,
  }) => {
    await openWithPilotAccess(page);
    await player(page).getByRole("button", { name: "Play lesson" }).click();
    await expect(embed(page)).toBeFocused();
    const first = card(page, "Breathing basics for clear speech");
    await first.scrollIntoViewIfNeeded();
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(embed(page)).toBeFocused();
    await expect(player(page)).toBeInViewport();
  });

  test("shows the six articles, the call to action and the footer", async ({ page }) => {
    await openWithPilotAccess(page);
    await expect(
      page.getByRole("heading", { level: 2, name: "Educational articles" }),
    ).toBeVisible();
    const articles = page.getByRole("article");
    await expect(articles).toHaveCount(6);
    for (const article of await articles.all()) {
      await article.scrollIntoViewIfNeeded();
      await expect(article).toBeVisible();
      await expect(article.getByRole("heading", { level: 3 })).toBeVisible();
      await expect(article.getByText(/^\d+ min read$/)).toBeVisible();
    }
    await expect(page.getByRole("article", { name: "What is dysarthria?" })).toContainText(
      "Basics",
    );
    await expect(
      page.getByRole("article", { name: "How AI understands unclear speech" }),
    ).toContainText("Technologies");

    await expect(page.getByRole("link", { name: "Follow us on social media" })).toBeVisible();
    await expect(page.getByText(`© ${buildYear} Dauys. All rights reserved.`)).toBeVisible();
    await page.getByRole("link", { name: "Leave a request" }).click();
    await expect(page).toHaveURL("/contact");
  });

  test("the lesson last chosen is shown when the page is opened again without it in the address", async ({
    page,
  }) => {
    await openWithPilotAccess(page);
    await card(page, "Speaking on the phone").click();
    await expect(page).toHaveURL(/\/recovery\?lesson=16$/);
    // Elsewhere in the app, then Recovery from the menu.
    const menu = page.getByRole("navigation", { name: "Main" });
    await menu.getByRole("link", { name: "Talk" }).click();
    await expect(page).toHaveURL(/\/talk$/);
    await menu.getByRole("link", { name: "Recovery" }).click();
    await expect(playerTitle(page)).toHaveText("Speaking on the phone");
    await expect(page).toHaveURL(/\/recovery\?lesson=16$/);
    await expect(card(page, "Speaking on the phone")).toHaveAttribute("aria-current", "true");
    // The installed app opened again at Recovery.
    await page.goto("/recovery");
    await expect(playerTitle(page)).toHaveText("Speaking on the phone");
    await expect(player(page).getByText("Lesson 16 of 16")).toBeVisible();
    // A lesson in the address wins, and is the one kept from then on.
    await page.goto("/recovery?lesson=3");
    await expect(player(page).getByText("Lesson 3 of 16")).toBeVisible();
    await page.goto("/recovery");
    await expect(player(page).getByText("Lesson 3 of 16")).toBeVisible();
  });

  test("never shows the paid-feature popup", async ({ page }) => {
    await openWithPilotAccess(page);
    // Working through the page takes longer than the popup's delay; a modal would block it.
    await card(page, "Tongue warm-up").click();
    await player(page).getByRole("button", { name: "Next" }).click();
    await player(page).getByRole("button", { name: "Play lesson" }).click();
    await expect(embed(page)).toHaveCount(1);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Still on the page (the popup would have gone to the contact page), at the lesson played.
    await expect(page).toHaveURL("/recovery?lesson=9");
  });

  test("is axe clean, before and after playing a lesson", async ({ page }) => {
    await openWithPilotAccess(page);
    await expect(lessonCards(page)).toHaveCount(16);
    await expectNoAxeViolations(page, "recovery page");
    await card(page, "Lip exercises in one minute").click();
    await player(page).getByRole("button", { name: "Play lesson" }).click();
    await expect(embed(page)).toHaveCount(1);
    await expectNoAxeViolations(page, "recovery page playing a short");
  });

  test("cards enter one after another, and not at all with reduced motion", async ({ page }) => {
    await openWithPilotAccess(page);
    const items = lessonList(page).getByRole("listitem");
    const delays = await items.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).animationDelay),
    );
    expect(delays.slice(0, 4)).toEqual(["0s", "0.05s", "0.1s", "0.15s"]);
    expect(delays[15]).toBe("0.75s");

    await page.emulateMedia({ reducedMotion: "reduce" });
    const names = await items.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).animationName),
    );
    expect(new Set(names)).toEqual(new Set(["none"]));
  });
});

test("on a phone in Kyrgyz, every lesson card shows the whole of its title", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await presetLanguage(page, "ky");
  await presetPilotAccess(page);
  await page.goto("/recovery");
  const cards = page.getByRole("list", { name: "Бардык видеосабактар" }).getByRole("button");
  await expect(cards).toHaveCount(16);
  // Cut after two lines, 8 of the 16 ended in "…" ("Ышкырма тыбыштар: С,…").
  const cut = await cards.evaluateAll((buttons) =>
    buttons.flatMap((button) => {
      const title = button.querySelector(".MuiTypography-root")!;
      return title.scrollHeight > title.clientHeight + 1 ? [title.textContent] : [];
    }),
  );
  expect(cut).toEqual([]);
});

test.describe("without pilot access", () => {
  test("the paid-feature popup appears, and closing it goes to the contact page", async ({
    page,
  }) => {
    await page.goto("/recovery");
    const dialog = page.getByRole("dialog", { name: "Available in the paid version" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "The speech recovery feature is available in the paid version. Leave a request and be among the first to try it!",
    );
    await expectNoAxeViolations(page, "paid-feature popup open");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(dialog).toHaveCount(0);
  });

  test("pressing Escape also closes the popup and goes to the contact page", async ({ page }) => {
    await page.goto("/recovery");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL("/contact");
  });

  test("a swipe or wheel on the popup's backdrop does not scroll the page behind it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto("/recovery");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.mouse.move(20, 600);
    await page.mouse.wheel(0, 1500);
    await page.keyboard.press("End");
    // A scroll the wheel or the key started would have moved the page by the second frame drawn
    // after them (the page scrolls without smooth behaviour: src/theme/theme.ts).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL("/contact");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      "visible",
    );
  });
});

test("the page is translated (Russian)", async ({ page }) => {
  await presetLanguage(page, "ru");
  await page.goto("/recovery");
  const dialog = page.getByRole("dialog", { name: "Доступно в платной версии" });
  await expect(dialog).toContainText("Функция восстановления речи доступна в платной версии.");
  await expectNoAxeViolations(page, "popup in Russian");

  await presetPilotAccess(page);
  await page.goto("/recovery");
  await expect(page).toHaveTitle("Восстановление речи · Dauys");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Восстановление речи");
  await expect(page.getByRole("link", { name: "На главную" })).toBeVisible();
  const ruPlayer = page.getByRole("region", { name: "Проигрыватель уроков" });
  await expect(ruPlayer.getByRole("heading", { level: 2 })).toHaveText(
    "Основы дыхания для чёткой речи",
  );
  await expect(ruPlayer.getByText("Преподаватель: Академия личностного роста")).toBeVisible();
  await expect(ruPlayer.getByRole("button", { name: "Смотреть урок" })).toBeVisible();
  await expect(ruPlayer.getByRole("button", { name: "Предыдущий" })).toBeVisible();
  await expect(ruPlayer.getByRole("button", { name: "Далее" })).toBeVisible();
  await expect(ruPlayer.getByText("Урок 1 из 16")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Все видеоуроки" })).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "Образовательные статьи" }),
  ).toBeVisible();
  const grid = page.getByRole("list", { name: "Все видеоуроки" });
  for (const label of ["Начальный", "Средний", "Продвинутый"]) {
    await expect(grid.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole("article", { name: "Что такое дизартрия?" })).toContainText(
    "6 мин чтения",
  );
  await expectNoAxeViolations(page, "recovery page in Russian");
});

for (const { locale, title, lessonsHeading, beginner } of [
  {
    locale: "az",
    title: "Nitqin bərpası",
    lessonsHeading: "Bütün video dərslər",
    beginner: "Başlanğıc",
  },
  {
    locale: "kk",
    title: "Сөйлеуді қалпына келтіру",
    lessonsHeading: "Барлық бейнесабақтар",
    beginner: "Бастапқы",
  },
  {
    locale: "ky",
    title: "Кепти калыбына келтирүү",
    lessonsHeading: "Бардык видеосабактар",
    beginner: "Баштапкы",
  },
  {
    locale: "uz",
    title: "Nutqni tiklash",
    lessonsHeading: "Barcha video darslar",
    beginner: "Boshlangʻich",
  },
] as const) {
  test(`the page is translated and axe clean in ${locale}`, async ({ page }) => {
    await presetLanguage(page, locale);
    await presetPilotAccess(page);
    await page.goto("/recovery");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { level: 2, name: lessonsHeading })).toBeVisible();
    await expect(
      page.getByRole("list", { name: lessonsHeading }).getByText(beginner, { exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(6);
    await expectNoAxeViolations(page, `recovery page in ${locale}`);
  });
}
