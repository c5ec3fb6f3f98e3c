/**
 * The site's absolute origin for addresses that must be absolute (sitemap, robots.txt, a page's
 * canonical and hreflang links): `PUBLIC_URL` (e.g. https://dauys.example) when set, else the
 * address the request came to.
 */
import type { FastifyRequest } from "fastify";

export function siteOrigin(request: FastifyRequest, publicUrl = process.env.PUBLIC_URL): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  // A host name and port only: anything else in Host cannot be echoed into a page.
  const host = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(request.host)
    ? request.host
    : "localhost";
  return `${request.protocol}://${host}`;
}

/**
 * A prerendered page with its canonical and hreflang links made absolute: search engines and
 * Lighthouse's SEO audit take only fully qualified addresses there. Pages built with
 * `PUBLIC_URL` already have absolute links and are left as they are.
 */
export function withAbsoluteLinks(html: string, origin: string): string {
  return html.replace(
    /(<link rel="(?:canonical|alternate)"(?: hreflang="[^"]*")? href=")\//g,
    `$1${origin}/`,
  );
}
