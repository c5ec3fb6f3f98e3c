/**
 * `/sitemap.xml` (every prerendered page in each of the six languages, as `?lang=` links with
 * their `hreflang` alternates) and `/robots.txt` pointing to it. Both need absolute addresses:
 * `PUBLIC_URL` (e.g. https://dauys.example) when set, else the address the request came to.
 */
import type { FastifyInstance } from "fastify";
import { apiPaths } from "../../src/shared/api-contract.ts";
import { pageLanguages, prerenderedPaths } from "../prerendered-pages.ts";
import { siteOrigin } from "../site-origin.ts";
import { languageUrl } from "../../src/shared/pages.ts";

export function sitemapXml(origin: string): string {
  const alternates = (path: string) =>
    [
      ...pageLanguages.map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${language}" href="${origin}${languageUrl(path, language)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${origin}${path}"/>`,
    ].join("\n");
  const urls = prerenderedPaths.flatMap((path) =>
    pageLanguages.map(
      (language) =>
        `  <url>\n    <loc>${origin}${languageUrl(path, language)}</loc>\n${alternates(path)}\n  </url>`,
    ),
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

export async function siteMapRoutes(
  app: FastifyInstance,
  options: { publicUrl?: string | undefined },
) {
  const publicUrl = options.publicUrl ?? process.env.PUBLIC_URL;
  app.get("/sitemap.xml", (request, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .send(sitemapXml(siteOrigin(request, publicUrl))),
  );
  app.get("/robots.txt", (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .send(
        `User-agent: *\nAllow: /\nDisallow: /staff\nDisallow: ${apiPaths.staff}/\n\nSitemap: ${siteOrigin(request, publicUrl)}/sitemap.xml\n`,
      ),
  );
}
