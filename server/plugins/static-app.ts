/**
 * Serves the built app. Hashed files under /assets and versioned voice packs never change, so
 * browsers keep them for a year; index.html, the service worker and the manifest must be fetched fresh so updates reach
 * users. Unknown paths that are not API calls get index.html, and the client router decides;
 * the app's own pages get their prerendered copy in the visitor's language when the build made one.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { apiPrefix } from "../../src/shared/api-contract.ts";
import { languageCookieFor, prerenderedPageFor } from "../prerendered-pages.ts";
import { siteOrigin, withAbsoluteLinks } from "../site-origin.ts";

const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";

export async function staticApp(app: FastifyInstance, options: { distDir: string }) {
  if (!existsSync(join(options.distDir, "index.html"))) {
    app.log.warn(`No build in ${options.distDir}: run "npm run build" to serve the app.`);
  }
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: true,
    // "/" is a page like the others (below), so it can get its prerendered copy.
    index: false,
    cacheControl: false,
    // The build writes .br and .gz copies of large files (the voice packs); serve those as is.
    preCompressed: true,
    setHeaders(reply, path) {
      // A page answered with the app shell (sendPage, below) has said how it may be cached: a
      // `?lang=` link's answer sets a cookie, and is private.
      if (reply.hasHeader("Cache-Control")) return;
      const versioned = path.includes("/assets/") || path.includes("/voice-pack/");
      reply.header("Cache-Control", versioned ? immutable : revalidate);
    },
  });

  const hasBuild = () => existsSync(join(options.distDir, "index.html"));
  // Prerendered pages are small and read often: kept in memory until the build changes them.
  const pages = new Map<string, { mtimeMs: number; html: string }>();
  const readPage = (path: string) => {
    const { mtimeMs } = statSync(path);
    const cached = pages.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.html;
    const html = readFileSync(path, "utf8");
    pages.set(path, { mtimeMs, html });
    return html;
  };
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const [path = "/", search = ""] = request.url.split("?");
    const lang = new URLSearchParams(search).get("lang") ?? undefined;
    const prerendered = prerenderedPageFor({
      path,
      cookies: request.cookies,
      acceptLanguage: request.headers["accept-language"],
      lang,
    });
    const file =
      prerendered && existsSync(join(options.distDir, prerendered)) ? prerendered : "index.html";
    // The page's language depends on the saved choice and, without one, on the browser's.
    reply.header("Cache-Control", revalidate).header("Vary", "Cookie, Accept-Language");
    const languageCookie = languageCookieFor(lang);
    // A shared cache must not hand one visitor's saved choice to another.
    if (languageCookie)
      reply.header("Set-Cookie", languageCookie).header("Cache-Control", `private, ${revalidate}`);
    if (file === "index.html") return reply.sendFile(file);
    return reply
      .type("text/html; charset=utf-8")
      .send(
        withAbsoluteLinks(
          readPage(join(options.distDir, file)),
          siteOrigin(request),
          lang && file.includes(`/${lang}/`) ? undefined : path,
        ),
      );
  };

  app.get("/", (request, reply) => (hasBuild() ? sendPage(request, reply) : reply.callNotFound()));

  const isPageRequest = (request: FastifyRequest) =>
    (request.method === "GET" || request.method === "HEAD") &&
    !request.url.startsWith(apiPrefix) &&
    !/\.[a-z0-9]+$/i.test(request.url.split("?")[0] ?? "");

  app.setNotFoundHandler((request, reply) => {
    if (isPageRequest(request) && hasBuild()) return sendPage(request, reply);
    return reply
      .code(404)
      .send({ error: "not_found", message: `No route for ${request.method} ${request.url}` });
  });

  // The file server refuses addresses it will not map to a file (a doubled slash, a segment too
  // long for a file name) with 403. For a page address that is a mistyped link, not an attack on
  // the files: the app answers it, and shows its own "page not found". Other errors go on to the
  // JSON error handler.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    if (error.statusCode === 403 && isPageRequest(request) && hasBuild()) {
      return sendPage(request, reply);
    }
    throw error;
  });
}
