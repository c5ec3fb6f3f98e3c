/**
 * Where the build (scripts/build/page-scripts.ts) leaves the text of the page's two inline
 * scripts (src/page-scripts/): the prerender writes the language check into each page from there,
 * and the server allows both by their hashes (server/page-script-hashes.ts).
 */
export type PageScripts = { languageCheck: string; appLoader: string };

/** The file under the build directory. */
export const pageScriptsFile = "page-scripts.json";
