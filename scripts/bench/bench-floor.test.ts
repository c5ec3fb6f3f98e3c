import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { appLoaderMarkup } from "../../src/page-scripts/page-contract.ts";
import { startFloorProxy } from "./bench-floor.ts";

const page = (loader: string) => `<!doctype html><html><body><h1>Dauys</h1>${loader}</body></html>`;

let upstream: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve())),
);

/** A stand-in for the app's server: the page with or without the loader, and a script. */
async function startUpstream(html: string): Promise<string> {
  upstream = createServer((request, response) => {
    if (request.url === "/app.js") {
      response.writeHead(200, { "content-type": "text/javascript" });
      response.end("console.log(1)");
      return;
    }
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cross-origin-opener-policy": "same-origin",
    });
    response.end(html);
  });
  await new Promise<void>((resolve) => upstream!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
}

const asDocument = { "sec-fetch-dest": "document", "accept-encoding": "br" };

describe("the floor proxy", () => {
  it("serves the page without the app's script list, with the server's headers, compressed", async () => {
    const loader = appLoaderMarkup({ entry: "/app.js", preload: [] }, "(function(){})();");
    const proxy = await startFloorProxy(await startUpstream(page(loader)));
    const { request } = await import("node:http");
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve) => {
      request(`${proxy.url}/`, { headers: asDocument }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
      }).end();
    });
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(raw.headers["cross-origin-opener-policy"]).toBe("same-origin");
    const html = brotliDecompressSync(raw.body).toString("utf8");
    expect(html).toContain("<h1>Dauys</h1>");
    expect(html).not.toContain("/app.js");
    // The loader itself stays: it finds no list and loads nothing.
    expect(html).toContain("<script>(function(){})();</script>");
    // Anything else passes unchanged.
    expect(await (await fetch(`${proxy.url}/app.js`)).text()).toBe("console.log(1)");
    await proxy.stop();
  });

  it("answers 502 and fails when a page has no script list to take out", async () => {
    const proxy = await startFloorProxy(await startUpstream(page("")));
    expect((await fetch(`${proxy.url}/`, { headers: asDocument })).status).toBe(502);
    await expect(proxy.stop()).rejects.toThrow(/dauys-app-scripts/);
  });
});
