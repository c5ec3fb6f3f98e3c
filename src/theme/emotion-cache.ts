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

export function createAppEmotionCache(): EmotionCache {
  return createCache({ key: "css", stylisPlugins: [webkitPrefixes] });
}
