import { createElement, Fragment } from "react";
import { createRouter, type AnyRoute, type RouterHistory } from "@tanstack/react-router";
import { ContentLive } from "@/components/hydration-part";
import { parseSearch, stringifySearch } from "@/lib/search-params";
import { routeTree } from "@/routeTree.gen";

const contentLive = createElement(ContentLive);
const marked = new WeakSet<AnyRoute>();

/**
 * Every route's content is followed by `ContentLive`, which tells the page's hydration gate that
 * the content is live (src/components/hydration-part.tsx). The router renders a route's content
 * in a Suspense boundary of its own, which hydrates after the part around it: without the mark,
 * the page could be made usable while the content still waited for React, and a choice made in
 * it then would be undone by its hydration. The mark renders nothing.
 */
function markContentLive(route: AnyRoute) {
  const Content = route.options.component;
  if (route.isRoot || !Content || marked.has(route)) return;
  marked.add(route);
  const Marked = (props: object) =>
    createElement(Fragment, null, createElement(Content, props), contentLive);
  // The route's code is still loaded the router's way, before the route renders.
  route.update({ component: Object.assign(Marked, { preload: Content.preload }) });
}

/**
 * The app's router: typed file routes, scroll positions restored on back and forward. The
 * build-time page renderer passes a memory history, and no scroll restoration: that would add an
 * inline script to the page, which the Content-Security-Policy forbids.
 */
export function createAppRouter(prerender?: { history: RouterHistory }) {
  let firstRender = true;
  const router = createRouter({
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
  for (const route of Object.values(router.routesById)) markContentLive(route);
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
