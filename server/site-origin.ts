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
 *
 * `adaptivePath`: the page was asked for without `?lang=`, so its language followed the visitor
 * (the x-default address): its canonical address is that one, not one language's, which would
 * point search engines away to another hreflang version.
 */
export function withAbsoluteLinks(html: string, origin: string, adaptivePath?: string): string {
  const absolute = html.replace(
    /(<link rel="(?:canonical|alternate)"(?: hreflang="[^"]*")? href=")\//g,
    `$1${origin}/`,
  );
  if (adaptivePath === undefined) return absolute;
  return absolute.replace(
    /<link rel="canonical" href="[^"]*"/,
    `<link rel="canonical" href="${origin}${adaptivePath}"`,
  );
}
