/**
 * Page titles, by the router's `head` option: each route names its page with a message, and
 * the title is made in the language of the moment ("<page> · <brand>"). The root route puts the
 * current page's title on the document; the build-time renderer puts it in the page's <title>.
 */
import { i18n, type MessageDescriptor } from "@lingui/core";
import { brand } from "@/lib/brand";

/** A route's `head`: the document title for its page. */
export function pageHead(title: MessageDescriptor) {
  return () => {
    // The app starts its router and its language at the same time: a route loaded before the
    // language has no title yet (src/main.tsx has the titles made again once it is there).
    if (!i18n.locale) return {};
    const name = i18n._(title);
    return { meta: [{ title: name === brand.name ? name : `${name} · ${brand.name}` }] };
  };
}

type MatchWithHead = { meta?: ({ title?: string } | undefined)[] };

/** The title of the deepest matched route that has one. */
export function titleOf(matches: readonly MatchWithHead[]): string | undefined {
  for (const match of [...matches].reverse()) {
    const title = match.meta?.find((tag) => tag?.title)?.title;
    if (title) return title;
  }
  return undefined;
}
