/**
 * Which prerendered page (scripts/prerender.ts) answers a page request: the path's page in the
 * language of the `dauys-language` cookie, English without one. Kiosk tablets (`dauys-kiosk`
 * cookie) get the plain shell, so no link that leaves the app is ever painted there.
 */
const pages: Record<string, string> = {
  "/": "index",
  "/about": "about",
  "/contact": "contact",
  "/recognition": "recognition",
  "/talk": "talk",
  "/recovery": "recovery",
};
const languageCodes = new Set(["en", "ru", "az", "kk", "ky", "uz"]);

/** The file under the build directory for `path` in `language`, or undefined for other paths. */
export function prerenderedFile(path: string, language: string): string | undefined {
  const page = pages[path.length > 1 ? path.replace(/\/+$/, "") : path];
  return page && languageCodes.has(language) ? `prerendered/${language}/${page}.html` : undefined;
}

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** The prerendered file for a page request, or undefined when the shell should answer. */
export function prerenderedPageFor(path: string, cookieHeader: string | undefined) {
  if (cookie(cookieHeader, "dauys-kiosk") === "on") return undefined;
  const language = cookie(cookieHeader, "dauys-language") ?? "en";
  return prerenderedFile(path, languageCodes.has(language) ? language : "en");
}
