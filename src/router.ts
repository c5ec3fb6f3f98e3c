import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { parseSearch, stringifySearch } from "@/lib/search-params";
import { routeTree } from "@/routeTree.gen";

/**
 * The app's router: typed file routes, scroll positions restored on back and forward. The
 * build-time page renderer passes a memory history, and no scroll restoration: that would add an
 * inline script to the page, which the Content-Security-Policy forbids.
 */
export function createAppRouter(prerender?: { history: RouterHistory }) {
  let firstRender = true;
  return createRouter({
    routeTree,
    parseSearch,
    stringifySearch,
    // A prerendered page can be read, and scrolled, before the app has started (issue 22): the
    // first render keeps where the visitor has scrolled to instead of jumping back to the top.
    scrollRestoration: prerender
      ? false
      : () => {
          const scrolled = firstRender && window.scrollY > 0;
          firstRender = false;
          return !scrolled;
        },
    history: prerender?.history,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
