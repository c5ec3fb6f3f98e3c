/**
 * The floor under issue 22's Lighthouse figures: each page as the server sends it, less the
 * list of the app's scripts, so the page's loader (src/page-scripts/app-loader.ts) finds nothing
 * to load.
 * What Lighthouse then measures is the page alone: its navigation, headers, markup, styles and
 * the two small inline scripts, with none of the app's JavaScript. Set beside the real figures,
 * it says how much of a route's total blocking time the app's scripts add, and how much is
 * there before any of them runs. Issue 22's Lighthouse budgets are relative to it: bench-pages.ts
 * measures each route with and without the app in turns, in the same browser.
 *
 * A proxy in front of the running server does it: every response passes through unchanged
 * (headers included, so the security headers are the same), except that HTML loses the list
 * and is compressed again as the browser asked.
 */
import { createServer, request, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { appScriptsId } from "../../src/page-scripts/page-contract.ts";
import type { RunningServer } from "./bench-lib.ts";

const scriptList = new RegExp(
  `<script type="application/json" id="${appScriptsId}">[\\s\\S]*?</script>`,
);

/** The page's markup without the app's script list; throws if there was none to take out. */
export function withoutAppScripts(html: string): string {
  if (!scriptList.test(html)) throw new Error(`No #${appScriptsId} in the page`);
  return html.replace(scriptList, "");
}

function encode(body: string, accepted: string): { body: Buffer; encoding?: string } {
  if (/\bbr\b/.test(accepted)) return { body: brotliCompressSync(body), encoding: "br" };
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(body), encoding: "gzip" };
  return { body: Buffer.from(body) };
}

/**
 * Starts the proxy to `target` (the app's server) on a free port. A page it could not change is
 * answered with 502 and makes `stop` fail, so no figure of a page with the app passes as the floor.
 */
export async function startFloorProxy(target: string): Promise<RunningServer> {
  const upstream = new URL(target);
  let failure: unknown = null;
  const proxy = createServer((incoming, outgoing) => {
    const accepted = String(incoming.headers["accept-encoding"] ?? "");
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: upstream.host };
    // HTML is read whole to be changed, so it is asked for plain; everything else as it was.
    const isDocument = incoming.headers["sec-fetch-dest"] === "document";
    if (isDocument) headers["accept-encoding"] = "identity";
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers,
      },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        if (!isDocument || !type.startsWith("text/html")) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          let page: string;
          try {
            page = withoutAppScripts(Buffer.concat(chunks).toString("utf8"));
          } catch (error) {
            failure ??= new Error(`${incoming.url}: ${String(error)}`);
            outgoing.writeHead(502);
            outgoing.end();
            return;
          }
          const { body, encoding } = encode(page, accepted);
          const answerHeaders = { ...answer.headers, "content-length": String(body.length) };
          delete answerHeaders["content-encoding"];
          delete answerHeaders["transfer-encoding"];
          if (encoding) answerHeaders["content-encoding"] = encoding;
          outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
          outgoing.end(body);
        });
      },
    );
    forward.on("error", () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      if (failure) throw failure;
    },
  };
}
