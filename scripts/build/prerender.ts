/**
 * After `vite build`: renders every page in every language into
 * `<dist>/prerendered/<language>/<page>.html`. The server sends these to visits that the service
 * worker does not answer (a first visit, a browser without the worker), choosing the language
 * from the `dauys-language` cookie the app keeps, so the page shows before its JavaScript has
 * arrived; the app then hydrates it. Installed apps keep using the precached shell.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { contactFormAnswerFile } from "../../src/shared/contact-form-post.ts";
import { languageCodes, type LanguageCode } from "../../src/shared/languages.ts";
import { languageCheckStyle, startFailedMarkup } from "../../src/page-scripts/page-contract.ts";
import { pageScriptsFile, type PageScripts } from "../../src/shared/page-scripts.ts";
import { languageUrl, prerenderedFile } from "../../src/shared/pages.ts";
import { holdAppControls } from "./hold-app-controls.ts";
import { manifestPathOf, type ManifestTexts } from "../../src/shared/app-manifest.ts";

/** What src/prerender.tsx exports. */
type Renderer = {
  languages: readonly { code: LanguageCode }[];
  prerenderedPaths: readonly string[];
  prerenderPage(
    path: string,
    language: string,
  ): Promise<{
    html: string;
    title: string;
    description: string;
    noscript: string;
    startFailed: string;
    tryAgain: string;
    waitingForConnection: string;
    css: string;
    classNames: string[];
    globalStyles: { name: string; css: string }[];
  }>;
  prerenderContactFormAnswer(language: string): Promise<object>;
  prerenderManifestTexts(language: string): Promise<ManifestTexts>;
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The page's canonical address (its `?lang=` link, so each language is its own page to search
 * engines) and its alternates in the six languages, plus `x-default` (the address without a
 * language: the server picks one from the browser's). Absolute when the build is given
 * `PUBLIC_URL` (as search engines prefer), root-relative otherwise; `/sitemap.xml` always gives
 * absolute ones.
 */
const origin = escapeHtml((process.env.PUBLIC_URL ?? "").replace(/\/+$/, ""));
const languageLinks = (path: string, code: string) =>
  [
    `<link rel="canonical" href="${origin}${languageUrl(path, code)}" />`,
    ...languageCodes.map(
      (language) =>
        `<link rel="alternate" hreflang="${language}" href="${origin}${languageUrl(path, language)}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${origin}${path}" />`,
  ].join("");

/**
 * A connection opened early to each other host whose image the page shows at once (the lesson
 * player's thumbnail on Recovery, its largest paint): the image need not wait for the DNS, TCP
 * and TLS round trips of a host first met in the markup (issue 22).
 */
function imageHostHints(html: string): string {
  const hosts = new Set(
    [...html.matchAll(/<img\b[^>]*\bsrc="(https:\/\/[^/"]+)\/[^"]*"[^>]*>/g)]
      .filter(([tag]) => !/\bloading="lazy"/.test(tag))
      .map((match) => match[1]!),
  );
  return [...hosts].map((host) => `<link rel="preconnect" href="${host}" />`).join("");
}

const dist = process.argv[2] || process.env.DIST_DIR || "dist";
const ssrDir = mkdtempSync(join(tmpdir(), "dauys-prerender-"));

try {
  await build({
    logLevel: "warn",
    build: { ssr: "src/prerender.tsx", outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
    ssr: { noExternal: true },
  });
  const bundle = pathToFileURL(join(ssrDir, "prerender.js")).href;
  const renderer = (await import(bundle)) as Renderer;
  const template = readFileSync(join(dist, "index.html"), "utf8");
  const { languageCheck } = JSON.parse(
    readFileSync(join(dist, pageScriptsFile), "utf8"),
  ) as PageScripts;
  const shell = /<div id="root">\s*<!--shell-->[\s\S]*?<!--\/shell-->\s*<\/div>/;
  if (!shell.test(template)) throw new Error(`${dist}/index.html has no <!--shell--> in #root`);

  // The manifest vite-plugin-pwa wrote (in English), the base of each language's.
  const genericManifest = "/manifest.webmanifest";
  const manifest = JSON.parse(readFileSync(join(dist, genericManifest), "utf8")) as {
    shortcuts: { url: string }[];
  };
  if (!template.includes(`href="${genericManifest}"`)) {
    throw new Error(`${dist}/index.html does not link ${genericManifest}`);
  }

  let count = 0;
  for (const { code } of renderer.languages) {
    const texts = await renderer.prerenderManifestTexts(code);
    writeFileSync(
      join(dist, manifestPathOf(code)),
      JSON.stringify({
        ...manifest,
        lang: code,
        name: texts.name,
        description: texts.description,
        shortcuts: manifest.shortcuts.map((shortcut) => ({
          ...shortcut,
          ...texts.shortcuts[shortcut.url],
        })),
      }),
    );
    for (const path of renderer.prerenderedPaths) {
      const page = await renderer.prerenderPage(path, code);
      // Global styles first, then the class styles. Neither carries Emotion's own mark: an Emotion
      // cache adopts the <style> elements it finds by moving them to the end of the head (two
      // caches do: @emotion/react's default and the app's), and each move makes the browser style
      // the whole page again, a long task as the app starts (issue 22). The app's cache takes the
      // class names from `data-prerendered-styles` instead (src/theme/emotion-cache.ts), and the
      // baseline is not rendered again over `data-prerendered-baseline` (app-providers.tsx).
      const styles = [
        ...page.globalStyles.map(
          ({ name, css }) => `<style data-prerendered-baseline="${name}">${css}</style>`,
        ),
        `<style data-prerendered-styles="${page.classNames.join(" ")}">${page.css}</style>`,
      ].join("");
      const html = template
        .replace(/<html lang="[a-z]+">/, `<html lang="${code}">`)
        .replace(`href="${genericManifest}"`, `href="${manifestPathOf(code)}"`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
        .replace(
          /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
          () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
        )
        .replace(
          /<noscript>[^<]*<\/noscript>/,
          () => `<noscript>${escapeHtml(page.noscript)}</noscript>`,
        )
        .replace(
          "</head>",
          () =>
            `${languageLinks(path, code)}${imageHostHints(page.html)}<style>${languageCheckStyle}</style><script>${languageCheck}</script>${styles}</head>`,
        )
        .replace(
          shell,
          // Usable before its scripts (issue 39): links are links, and the contact form takes
          // typing that the app keeps when it takes the markup over, and posts natively; the
          // controls that need the app wait for it. It is marked as starting until the app is
          // live (start-app.tsx), under a loading bar. If the app cannot start, the loader says so
          // below it, in the page's language (app-loader.ts).
          () =>
            `<div id="root" data-prerendered-language="${code}" data-app-starting>${holdAppControls(page.html)}</div>${startFailedMarkup(escapeHtml(page.startFailed), escapeHtml(page.tryAgain), escapeHtml(page.waitingForConnection))}`,
        );
      const file = join(dist, prerenderedFile(path, code)!);
      mkdirSync(join(file, ".."), { recursive: true });
      writeFileSync(file, html);
      count++;
    }
    // The words of the server's answer to the contact form sent without the app.
    writeFileSync(
      join(dist, contactFormAnswerFile(code)),
      JSON.stringify(await renderer.prerenderContactFormAnswer(code)),
    );
  }
  console.log(`Prerendered ${count} pages into ${dist}/prerendered.`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
// The app's modules leave timers behind (the router's, the outbox's); nothing else is pending.
process.exit();
