import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { parseSearch, stringifySearch } from "@/lib/search-params";
import { routeTree } from "@/routeTree.gen";

/**
 * The app's router: typed file routes, scroll positions restored on back and forward. The
 * build-time page renderer passes a memory history, and no scroll restoration: that would add an
 * inline script to the page, which the Content-Security-Policy forbids.
 */
export function createAppRouter(prerender?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    parseSearch,
    stringifySearch,
    scrollRestoration: !prerender,
    history: prerender?.history,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
