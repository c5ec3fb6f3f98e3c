/**
 * Build-time rendering of the app's pages (run by scripts/build/prerender.ts from an SSR build), so a
 * first visit on a slow connection shows the page itself, in the visitor's language, before the
 * JavaScript has arrived; the browser then hydrates the same markup (main.tsx).
 */
import { StrictMode } from "react";
import { i18n } from "@lingui/core";
import { renderToString } from "react-dom/server";
import { CacheProvider } from "@emotion/react";
import { createAppEmotionCache } from "@/theme/emotion-cache";
import { RouterProvider, createMemoryHistory } from "@tanstack/react-router";
import { AppProviders } from "@/components/app-providers";
import { brand } from "@/lib/brand";
import { activateLanguage, languages, loadCatalogParts, type LanguageCode } from "@/lib/i18n";
import { contactFormAnswerTexts } from "@/features/contact/contact-form-answer-texts";
import { manifestTexts, pageTexts } from "@/features/marketing/page-texts";
import type { ContactFormAnswerTexts } from "@/shared/contact-form-post";
import type { ManifestTexts } from "@/shared/app-manifest";
import { createAppRouter } from "@/router";
import { pagePaths } from "@/shared/pages";
import { titleOf } from "@/lib/page-title";

export { languages };

/** The pages rendered ahead of time: every route a visitor can open directly. */
export const prerenderedPaths = pagePaths;

export type PrerenderedPage = {
  /** The markup for `#root`. */
  html: string;
  /** The document title the page sets. */
  title: string;
  /** The page's `<meta name="description">`, in its language. */
  description: string;
  /** What a browser with JavaScript turned off shows below the page, in its language. */
  noscript: string;
  /** What the page says when its app could not start (src/page-scripts/app-loader.ts). */
  startFailed: string;
  /** Its button, which loads the page again. */
  tryAgain: string;
  /** Said after it while the loader waits for the connection to load the page again. */
  waitingForConnection: string;
  /** The page's styles, with the Emotion class names they define (for the client's cache). */
  css: string;
  classNames: string[];
  /**
   * Styles of `<Global>` components (CssBaseline), by name: each goes into a `<style>` of its
   * own, the form a `<Global>` adopts when it hydrates instead of inserting its rules again.
   */
  globalStyles: { name: string; css: string }[];
};

export async function prerenderPage(
  path: string,
  language: LanguageCode,
): Promise<PrerenderedPage> {
  await activateLanguage(language);
  await loadCatalogParts(["page-texts"]);
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  // `compat` makes Emotion collect the styles in the cache instead of writing <style> elements
  // into the markup, so they can go into <head>, where the client's cache picks them up.
  const cache = createAppEmotionCache();
  cache.compat = true;
  // A <Global> inserts its rules without a selector; so do keyframes, which are class styles.
  const globalNames = new Set<string>();
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (selector === "" && !serialized.styles.startsWith("@keyframes")) {
      globalNames.add(serialized.name);
    }
    return insert(selector, serialized, sheet, shouldCache);
  };
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  const styles = Object.entries(cache.inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  );
  const classStyles = styles.filter(([name]) => !globalNames.has(name));
  return {
    html,
    title: titleOf(router.state.matches) ?? brand.name,
    ...pageTexts(i18n),
    css: classStyles.map(([, rules]) => rules).join(""),
    classNames: classStyles.map(([name]) => name),
    globalStyles: styles
      .filter(([name]) => globalNames.has(name))
      .map(([name, css]) => ({ name, css })),
  };
}

/**
 * The words of the server's answer to the contact form sent without the app, in `language`
 * (server/routes/request-form.ts reads them from the build).
 */
export async function prerenderContactFormAnswer(
  language: LanguageCode,
): Promise<ContactFormAnswerTexts> {
  await activateLanguage(language);
  await loadCatalogParts(["contact-form-answer"]);
  return contactFormAnswerTexts(i18n, language);
}

/** The app's name, description and shortcuts in `language`, for its manifest. */
export async function prerenderManifestTexts(language: LanguageCode): Promise<ManifestTexts> {
  await activateLanguage(language);
  await loadCatalogParts(["page-texts"]);
  return manifestTexts(i18n);
}
