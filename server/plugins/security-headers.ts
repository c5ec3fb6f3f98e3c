/**
 * Security headers on every response. The policy allows this origin only, plus the two hosts
 * the Recovery page needs: the privacy-enhanced YouTube embed and YouTube's thumbnail host.
 * Styles may be inline because Emotion (MUI) injects style elements; scripts may not.
 */
import type { FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";
import fp from "fastify-plugin";
import { pageScriptHashes } from "../page-script-hashes.ts";

export const videoEmbedOrigin = "https://www.youtube-nocookie.com";
export const thumbnailOrigin = "https://i.ytimg.com";

async function securityHeaders(app: FastifyInstance, options: { distDir: string }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The speech engine may run as WebAssembly in a worker.
        // The inline scripts are the pages' app loader and the prerendered pages' language
        // check, each allowed by the hash of the text the build wrote.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", pageScriptHashes(options.distDir)],
        workerSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", thumbnailOrigin],
        mediaSrc: ["'self'", "blob:", "data:"],
        fontSrc: ["'self'"],
        // The service worker runs under the policy its own script came with, and it fetches the
        // lesson thumbnails itself (to cache them for offline use): without the thumbnail host
        // here, every thumbnail failed once the worker controlled the page.
        connectSrc: ["'self'", thumbnailOrigin],
        frameSrc: [videoEmbedOrigin],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The YouTube embed is not served with CORP headers, so cross-origin isolation stays off.
    crossOriginEmbedderPolicy: false,
    // Kept on purpose, though it costs Lighthouse's score (issue 22): a page with it cannot share
    // a process with the tab's `about:blank`, so each run starts a renderer, and the commit of
    // the page in it was 89-124 ms on this machine. On / without the app's scripts that was
    // TBT 189-534 ms against 69-124 ms without the header. Chrome on Android gives a site that
    // sends it a process of its own (since Chrome 92), away from other sites' pages and
    // Spectre-type attacks from them: Dauys keeps patients' phrases, voice recordings and
    // drafts on the device, and the staff inbox shows visitors' names and phone numbers. It also
    // keeps a site that opens Dauys in a popup from holding on to its window.
    crossOriginOpenerPolicy: { policy: "same-origin" },
    // The embed needs to know which site hosts it; the origin alone is enough.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
  app.addHook("onSend", async (_request, reply) => {
    // On-device speech recognition (the Recognition page's language packs) for this origin
    // only: an embedded frame cannot ask the browser which packs are installed or install one.
    reply.header(
      "Permissions-Policy",
      "microphone=(self), on-device-speech-recognition=(self), camera=(), geolocation=(), payment=()",
    );
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: "security-headers" });
