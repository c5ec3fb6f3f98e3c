/** The site header's layouts (which fits on one line) and the styles of its links. */
import { useEffectEvent, useLayoutEffect, type RefObject } from "react";
import type { Theme } from "@mui/material/styles";
import { tokens } from "@/theme/tokens";
import { visuallyHidden } from "@/theme/visually-hidden";

export type NavTarget = "/about" | "/contact" | "/recognition" | "/talk" | "/recovery";

export const activeStyle = {
  "&[aria-current='page']": {
    backgroundColor: "rgba(10, 88, 168, 0.1)",
    color: tokens.color.primaryDark,
    boxShadow: `inset 0 -3px 0 ${tokens.color.primary}`,
  },
} as const;

// How the bar lays itself out, most generous first; useNavLayout picks the first that fits on one
// line and marks the header with it (`data-nav`). "links": the links and Get Started in the bar,
// from `md` up (at 1024 px the English links fit and the Kyrgyz ones do not). "menu": the menu
// button stands in for them. "narrow": the brand name is left to screen readers, as on a phone
// offline; "narrowest": the word "Offline" too, its icon staying; "tightest": the bar's margins
// halve as well, which a 320 px phone needs in kiosk mode offline. Until the app has measured (a
// prerendered page before it starts), the breakpoints guess: from `lg` the links fit in every
// language, below `md` they never do (the menu button); between the two neither shows until the
// app knows which fits, so no menu button appears only to be swapped for the links.
const navLayouts = ["links", "menu", "narrow", "narrowest", "tightest"] as const;
const inLinksLayout = "[data-nav='links'] &";
const inMenuLayout = "[data-nav]:not([data-nav='links']) &";
export const linksOnly = (display: "flex" | "inline-flex") => (theme: Theme) => ({
  display: "none",
  [theme.breakpoints.up("lg")]: { display },
  [inMenuLayout]: { display: "none" },
  [theme.breakpoints.up("md")]: { [inLinksLayout]: { display } },
});
export const menuOnly = (display: "block" | "inline-flex") => (theme: Theme) => ({
  // From `md` only the menu layout shows it: before the app has measured, and in the links layout.
  [theme.breakpoints.up("md")]: { display: "none" },
  [inMenuLayout]: { display },
});
export const brandNameStyle = {
  "[data-nav='narrow'] &, [data-nav='narrowest'] &, [data-nav='tightest'] &": visuallyHidden,
};
export const offlineLabelStyle = {
  "[data-nav='narrowest'] &, [data-nav='tightest'] &": visuallyHidden,
};
export const barMarginStyle = { "[data-nav='tightest'] &": { paddingInline: 1 } };

export type NavItem = { to: NavTarget; label: string };

/**
 * Sets `data-nav` on `header` to the first of `navLayouts` in which its bar fits on one line (the
 * last if none does), then calls `onLayout`. No breakpoint can promise that: the labels come in
 * six languages, the bar also holds the offline notice and the kiosk exit button when they show,
 * and users may enlarge the text. Each check tries the layouts, measuring each, and decides in
 * one go, before the browser paints, so the header never shows a layout that does not fit.
 */
export function useNavLayout(
  headerRef: RefObject<HTMLElement | null>,
  barRef: RefObject<HTMLElement | null>,
  onLayout: () => void,
) {
  const laidOut = useEffectEvent(onLayout);
  useLayoutEffect(() => {
    const header = headerRef.current;
    const bar = barRef.current;
    if (!header || !bar) return;
    const check = () => {
      for (const layout of navLayouts) {
        header.dataset.nav = layout;
        if (bar.scrollWidth <= bar.clientWidth) break;
      }
      laidOut();
    };
    check();
    // A new width, or new content in the bar: another language, the offline notice.
    const resizes = new ResizeObserver(check);
    resizes.observe(bar);
    const changes = new MutationObserver(check);
    changes.observe(bar, { childList: true, characterData: true, subtree: true });
    return () => {
      resizes.disconnect();
      changes.disconnect();
    };
  }, [headerRef, barRef]);
}
