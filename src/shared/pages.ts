/**
 * The pages a visitor can open directly, defined once: prerendered in every language
 * (src/prerender.tsx, scripts/build/prerender.ts), served by the server in the visitor's language
 * (server/prerendered-pages.ts), listed in the sitemap, and measured by the bench.
 */
import { isLanguageCode } from "./languages.ts";

export const pages = [
  { path: "/", name: "index" },
  { path: "/about", name: "about" },
  { path: "/contact", name: "contact" },
  { path: "/recognition", name: "recognition" },
  { path: "/talk", name: "talk" },
  { path: "/recovery", name: "recovery" },
] as const;

export type PagePath = (typeof pages)[number]["path"];

export const pagePaths: readonly PagePath[] = pages.map((page) => page.path);

/** The page's file name in the build (`prerendered/<language>/<name>.html`) and its route module
 * (`src/routes/<name>.tsx`). */
export function pageNameOf(path: string): string | undefined {
  return pages.find((page) => page.path === path)?.name;
}

/**
 * The file under the build directory that holds `path` prerendered in `language` (written by
 * scripts/build/prerender.ts, sent by server/prerendered-pages.ts), or undefined for other paths.
 */
export function prerenderedFile(path: string, language: string): string | undefined {
  // Trailing slashes are counted off, not matched with /\/+$/: on a long run of slashes followed
  // by anything else, that expression takes time growing with the square of the length, and a
  // 16 kB address held the server for over a second.
  let end = path.length;
  while (end > 0 && path[end - 1] === "/") end--;
  const page = pageNameOf(path.length > 1 ? path.slice(0, end) : path);
  return page && isLanguageCode(language) ? `prerendered/${language}/${page}.html` : undefined;
}

/** The address of `path` in `language`: a `?lang=` link, as hreflang links and sitemaps give it. */
export function languageUrl(path: string, language: string): string {
  return `${path}?lang=${language}`;
}
