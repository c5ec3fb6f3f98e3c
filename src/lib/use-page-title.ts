import { useEffect } from "react";
import { brand } from "@/lib/brand";

/** The title the page being rendered at build time asked for (see src/prerender.tsx). */
let prerenderedTitle: string | undefined;

function rememberPrerenderedTitle(title: string) {
  prerenderedTitle = title;
}

/** Sets `document.title` to "<page> · <brand>", following the current language. */
export function usePageTitle(title: string) {
  const fullTitle = title === brand.name ? title : `${title} · ${brand.name}`;
  // Rendering without a document happens only at build time, where effects never run: the
  // title is kept for the prerendered page's <title> instead.
  if (typeof document === "undefined") rememberPrerenderedTitle(fullTitle);
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}

/** The title the last build-time render asked for, and forgets it. */
export function takePrerenderedTitle(): string {
  const title = prerenderedTitle ?? brand.name;
  prerenderedTitle = undefined;
  return title;
}
