/**
 * The highlight drawn on the page: a thick yellow ring between two black ones round what is
 * highlighted, so it stands out on light and dark panels alike (over 3:1 against any background,
 * WCAG 1.4.11), and a ring in the system's colours in forced-colours mode. It jumps from place to
 * place, never glides; the page scrolls to it smoothly only when the user has not asked for
 * reduced motion. It sits above the page (inside an open modal <dialog> when there is one, whose
 * top layer would cover it) and lets every tap through.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import {
  boxOf,
  elementOf as elementOfTarget,
  focusElementOf,
  isTypedIn,
} from "@/features/talk/scanning/scan-targets";
import type { ScanHighlight } from "@/features/talk/scanning/use-switch-scanning";

/** User Timing mark of the first highlight drawn (`npm run bench` reads it). */
export const firstHighlightMark = "dauys:scan-first-highlight";

const ring = 6;
const gap = 3;

function createRing(): HTMLDivElement {
  const element = document.createElement("div");
  element.setAttribute("aria-hidden", "true");
  element.dataset.scanHighlight = "";
  Object.assign(element.style, {
    position: "fixed",
    zIndex: "2147483000",
    pointerEvents: "none",
    boxSizing: "border-box",
    border: `${ring}px solid #ffd600`,
    borderRadius: "12px",
    boxShadow: "0 0 0 3px #000, inset 0 0 0 3px #000",
    display: "none",
  });
  return element;
}

/**
 * Adds the element with id `id` to what describes `element` (a screen reader says it after the
 * element's name); returns the function that takes it away again.
 */
export function lendDescription(element: Element, id: string): () => void {
  const before = element.getAttribute("aria-describedby");
  element.setAttribute("aria-describedby", before ? `${id} ${before}` : id);
  return () => {
    if (before === null) element.removeAttribute("aria-describedby");
    else element.setAttribute("aria-describedby", before);
  };
}

/**
 * What the scanning's live region says for a new highlight: its words when the focus stays where
 * it is (a row entered: its first button had the focus already, and a screen reader says nothing
 * of a focus that does not move), else nothing, so the same words said again are a change.
 */
export const wordsWhenFocusStays = (
  focusTarget: Element | null,
  focusedNow: Element | null,
  words: string,
) => (focusTarget !== null && focusTarget === focusedNow ? words : "");

/**
 * Draws the highlight and gives the highlighted thing the focus. A row or block of buttons gives
 * it to its first button, described by all of them (`steps.rowDescription`, the id of an element
 * naming them), so a screen reader says what is in it, not only the first. A group that cannot take the
 * focus takes it for as long as it is highlighted; a text box is not focused until chosen (on a
 * phone the focus would open the keyboard at every pass). When the focus stays on the same
 * button (a row entered), the live region `steps.said` says the highlight's `words`.
 */
export function useScanHighlight(
  highlight: ScanHighlight,
  words: string,
  steps: {
    back: RefObject<HTMLElement | null>;
    undo: RefObject<HTMLElement | null>;
    rowDescription: string;
    /** The id of a live region, for the words of a highlight that leaves the focus where it was. */
    said: string;
  },
) {
  const ringRef = useRef<HTMLDivElement | null>(null);
  const drawn = useRef(false);

  useEffect(() => {
    const element = createRing();
    ringRef.current = element;
    return () => {
      element.remove();
      ringRef.current = null;
    };
  }, []);

  const elementOf = (now: ScanHighlight): HTMLElement | null => {
    if (!now) return null;
    if (now.kind === "back") return steps.back.current;
    if (now.kind === "undo") return steps.undo.current;
    return elementOfTarget(now.target);
  };

  useLayoutEffect(() => {
    const element = ringRef.current;
    if (!element) return;
    const target = elementOf(highlight);
    const place = () => {
      const box =
        highlight?.kind === "target" ? boxOf(highlight.target) : target?.getBoundingClientRect();
      if (!box) {
        element.style.display = "none";
        return;
      }
      const outset = ring + gap;
      Object.assign(element.style, {
        display: "block",
        left: `${box.left - outset}px`,
        top: `${box.top - outset}px`,
        width: `${box.width + 2 * outset}px`,
        height: `${box.height + 2 * outset}px`,
      });
    };
    // In the top layer of an open modal <dialog>, else above the page.
    const host =
      [...document.querySelectorAll("dialog")]
        .filter((dialog) => dialog.matches(":modal"))
        .at(-1) ?? document.body;
    if (element.parentElement !== host) host.append(element);

    const focusTarget = highlight?.kind === "target" ? focusElementOf(highlight.target) : target;
    let lent: HTMLElement | null = null;
    const isRows =
      highlight?.kind === "target" &&
      (highlight.target.kind === "row" || highlight.target.kind === "block");
    const takeDescriptionBack =
      isRows && focusTarget ? lendDescription(focusTarget, steps.rowDescription) : undefined;
    // While the user types in a box (use-switch-scanning.ts), the box keeps the focus and the page
    // stays where it is.
    const active = document.activeElement;
    const typing = active instanceof HTMLElement && isTypedIn(active);
    const said = document.getElementById(steps.said);
    if (said) said.textContent = typing ? "" : wordsWhenFocusStays(focusTarget, active, words);
    if (focusTarget && !typing) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      focusTarget.scrollIntoView({
        block: "nearest",
        inline: "nearest",
        behavior: reduce ? "instant" : "smooth",
      });
      if (focusTarget.tabIndex < 0 && !focusTarget.hasAttribute("tabindex")) {
        focusTarget.tabIndex = -1;
        lent = focusTarget;
      }
      if (!isTypedIn(focusTarget) && !focusTarget.closest("[inert]"))
        focusTarget.focus({ preventScroll: true });
    }
    place();
    if (highlight && !drawn.current && element.style.display === "block") {
      drawn.current = true;
      requestAnimationFrame(() => performance.mark(firstHighlightMark));
    }

    const observer = new ResizeObserver(place);
    observer.observe(document.body);
    // What is highlighted can move without a resize (a phrase moved back by Undo, a row above it
    // gone): the ring follows it.
    const moves = new MutationObserver(place);
    moves.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("scroll", place, { capture: true, passive: true });
    window.addEventListener("resize", place);
    return () => {
      observer.disconnect();
      moves.disconnect();
      window.removeEventListener("scroll", place, { capture: true });
      window.removeEventListener("resize", place);
      lent?.removeAttribute("tabindex");
      takeDescriptionBack?.();
    };
    // A new highlight comes with each switch press or tick; the steps' elements are stable refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [highlight]);
}
