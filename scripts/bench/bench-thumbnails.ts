import { lookup } from "node:dns/promises";
import type { Browser, Page } from "puppeteer-core";
import { thumbnailOrigin } from "../../src/shared/lesson-thumbnails.ts";

/**
 * The Recovery page shows YouTube's lesson thumbnails. On a machine that cannot reach YouTube
 * (this workplace's machines have no internet) every one of them fails, which no visitor with a
 * connection sees, and Lighthouse would measure that page instead: the browser logs each failure
 * (best practices), and the pictures never count towards the largest paint. There the benchmark
 * answers for YouTube's image host with a stand-in of the same kind, a 480×360 JPEG like
 * YouTube's hqdefault.jpg, as tests/pwa.spec.ts does. Where the host resolves, the real
 * thumbnails are measured.
 */
export { thumbnailOrigin };

export async function thumbnailSource(): Promise<"youtube" | "stand-in"> {
  try {
    await lookup(new URL(thumbnailOrigin).hostname);
    return "youtube";
  } catch {
    return "stand-in";
  }
}

/** A picture with a photo's mix of smooth areas and edges, drawn and encoded by the browser. */
export async function standInThumbnail(browser: Browser): Promise<string> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(480, 360);
      const context = canvas.getContext("2d")!;
      const sky = context.createLinearGradient(0, 0, 480, 360);
      sky.addColorStop(0, "#2b6cb0");
      sky.addColorStop(1, "#f6ad55");
      context.fillStyle = sky;
      context.fillRect(0, 0, 480, 360);
      for (let index = 0; index < 40; index++) {
        context.fillStyle = `hsl(${(index * 47) % 360} 60% ${30 + (index % 5) * 10}%)`;
        context.beginPath();
        context.arc((index * 97) % 480, (index * 61) % 360, 10 + (index % 7) * 6, 0, 2 * Math.PI);
        context.fill();
      }
      context.fillStyle = "#fff";
      context.font = "bold 40px sans-serif";
      context.fillText("Lesson", 160, 190);
      const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    });
  } finally {
    await page.close();
  }
}

/** Answers the page's requests to YouTube's image host with `jpeg` (base64). */
export async function serveThumbnails(page: Page, jpeg: string) {
  const session = await page.createCDPSession();
  session.on("Fetch.requestPaused", ({ requestId }) => {
    session
      .send("Fetch.fulfillRequest", {
        requestId,
        responseCode: 200,
        responseHeaders: [
          { name: "Content-Type", value: "image/jpeg" },
          { name: "Cache-Control", value: "public, max-age=7200" },
        ],
        body: jpeg,
      })
      // A picture still on its way when the run's tab closes has nobody left to answer; that
      // must not end the whole benchmark with an unhandled rejection.
      .catch(() => undefined);
  });
  await session.send("Fetch.enable", { patterns: [{ urlPattern: `${thumbnailOrigin}/*` }] });
}
