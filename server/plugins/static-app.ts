/**
 * Serves the built app. Hashed files under /assets and versioned voice packs never change, so
 * browsers keep them for a year; index.html, the service worker and the manifest must be fetched fresh so updates reach
 * users. Unknown paths that are not API calls get index.html, and the client router decides.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";

export async function staticApp(app: FastifyInstance, options: { distDir: string }) {
  if (!existsSync(join(options.distDir, "index.html"))) {
    app.log.warn(`No build in ${options.distDir}: run "npm run build" to serve the app.`);
  }
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: true,
    index: ["index.html"],
    cacheControl: false,
    // The build writes .br and .gz copies of large files (the voice packs); serve those as is.
    preCompressed: true,
    setHeaders(reply, path) {
      const versioned = path.includes("/assets/") || path.includes("/voice-pack/");
      reply.header("Cache-Control", versioned ? immutable : revalidate);
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      !/\.[a-z0-9]+$/i.test(request.url.split("?")[0] ?? "");
    if (isPageRequest && existsSync(join(options.distDir, "index.html"))) {
      return reply.header("Cache-Control", revalidate).sendFile("index.html");
    }
    return reply
      .code(404)
      .send({ error: "not_found", message: `No route for ${request.method} ${request.url}` });
  });
}
