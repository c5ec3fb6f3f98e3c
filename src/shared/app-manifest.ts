/**
 * The web app manifest in each language: the build writes one per language from the generic one
 * (scripts/build/prerender.ts), with the app's name, description and shortcut names translated,
 * and each page links the one of the language it shows (prerendered, and as the language changes:
 * src/lib/i18n.ts). A phone installing the app from a Kazakh page shows Kazakh shortcuts. All have
 * the same `id`, so they describe one app.
 */
export const manifestPathOf = (language: string) => `/manifest-${language}.webmanifest`;

/** What a manifest says in words, in one language. */
export type ManifestTexts = {
  name: string;
  description: string;
  /** By the shortcut's address. */
  shortcuts: Record<string, { name: string; short_name: string }>;
};
