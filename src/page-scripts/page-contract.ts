/**
 * What the page's two inline scripts (language-check.ts, app-loader.ts), the build that writes
 * them into every page (vite.config.ts, scripts/build/prerender.ts) and the app agree on.
 */

/** The id of the JSON block beside the loader that lists the app's scripts. */
export const appScriptsId = "dauys-app-scripts";

/** What the JSON block holds: the entry module and the modules it imports. */
export type AppScripts = { entry: string; preload: string[] };

/** The loader (its built text) and its list, as they end the page's body. */
export function appLoaderMarkup(scripts: AppScripts, appLoader: string): string {
  const json = JSON.stringify(scripts).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${appScriptsId}">${json}</script><script>${appLoader}</script>`;
}

/** On <html> while the language check has not yet decided to show the page. */
export const languagePendingClass = "language-pending";
/** On <html> once the check found the page in another language than the app will show. */
export const languageHiddenClass = "language-hidden";
/** Sent on the document when the page is held hidden: the loader starts the app at once. */
export const languageHiddenEvent = "dauys:language-hidden";
/** Sent on the document by src/main.tsx when the app could not start: the loader retries. */
export const startFailedEvent = "dauys:start-failed";
/** The reloads the loader has tried in this tab (session storage); a start resets it. */
export const startRetriesKey = "dauys.start-retries";

/** Where, below #root, the loader says the app could not start (an alert once it does). */
export const startFailedId = "dauys-start-failed";
/** The template its words come from (written by the prerender, in the page's language). */
export const startFailedTextId = "dauys-start-failed-text";
/** The words while the loader waits for the server to answer, to load the page again. */
export const startWaitingTextId = "dauys-start-waiting-text";
/** On #root once the loader has given up starting the app: the loading bar goes. */
export const startStoppedAttribute = "data-start-stopped";

/**
 * A prerendered page's notice that its app could not start, below #root (React owns what is
 * inside): an empty place for it, and the templates the loader fills it from: while it waits
 * for the connection (`waiting` said after `message`), and once it has stopped trying (with a
 * button that loads the page again). The texts come escaped.
 */
export function startFailedMarkup(message: string, tryAgain: string, waiting: string): string {
  return `<div id="${startFailedId}"></div><template id="${startFailedTextId}"><p>${message}</p><button type="button">${tryAgain}</button></template><template id="${startWaitingTextId}"><p>${message} ${waiting}</p></template>`;
}

/** Hides the page's content, not the loading bar on #root, while the language is checked. */
export const languageCheckStyle = `html.${languagePendingClass} #root > * { visibility: hidden; }`;
