/**
 * The Emotion cache of the browser and of the build-time page renderer (src/prerender.tsx).
 *
 * Emotion's default vendor prefixer writes the old `-webkit-`, `-ms-` and `-moz-` forms of most
 * declarations (flexbox, transitions, transforms, appearance…), which every browser the app
 * supports has long done without: a quarter of each prerendered page's CSS, parsed and matched
 * before the first paint and generated again as the app runs (issue 22). Only the two properties
 * Safari still needs a prefix for are prefixed here.
 */
import createCache, { type EmotionCache, type StylisPlugin } from "@emotion/cache";

const webkitPrefixed = new Set(["user-select", "hyphens"]);

export const webkitPrefixes: StylisPlugin = (element) => {
  if (element.type !== "decl" || element.return) return;
  if (typeof element.props === "string" && webkitPrefixed.has(element.props)) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * In the browser, the class styles of a prerendered page (scripts/build/prerender.ts) count as
 * inserted already, so the app adds only the rules the page did not have. They are left where
 * they are: Emotion's own way of adopting them moves their `<style>` element, and the browser then
 * styles the whole page again in one long task (issue 22).
 */
export function createAppEmotionCache(): EmotionCache {
  const cache = createCache({ key: "css", stylisPlugins: [webkitPrefixes] });
  if (typeof document === "undefined") return cache;
  for (const style of document.querySelectorAll<HTMLElement>("style[data-prerendered-styles]")) {
    for (const name of style.dataset.prerenderedStyles?.split(" ") ?? []) {
      if (name) cache.inserted[name] = true;
    }
  }
  return cache;
}
