/**
 * Content low on a page that is rendered, and its code fetched, once the reader comes within a
 * screen of it (issue 22): the page does not start with it. Until then only an empty marker is
 * there, which is also what the prerendered page has.
 *
 * With `orWhenIdle` it also comes once the page is live and the browser has nothing else to do,
 * so someone who moves through the page with the keyboard, or jumps to its end, finds it there
 * without having scrolled past it.
 */
import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import { usePageLive } from "@/components/hydration-part";

/** At most this long after the page is live, even on a browser that is never idle. */
const idleTimeoutMs = 2000;

export function WhenNear({
  orWhenIdle = false,
  children,
}: {
  orWhenIdle?: boolean;
  children: ReactNode;
}) {
  const [near, setNear] = useState(false);
  const marker = useRef<HTMLDivElement>(null);
  const live = usePageLive();
  useEffect(() => {
    const element = marker.current;
    if (near || !element) return;
    // In slices: a panel rendered while the reader scrolls or types must not hold up either.
    const come = () => startTransition(() => setNear(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) come();
      },
      // A screen's height ahead: it is there before the reader gets to it.
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    let cancelIdle = () => {};
    if (orWhenIdle && live) {
      if (typeof requestIdleCallback === "function") {
        const handle = requestIdleCallback(come, { timeout: idleTimeoutMs });
        cancelIdle = () => cancelIdleCallback(handle);
      } else {
        const handle = setTimeout(come, idleTimeoutMs / 4);
        cancelIdle = () => clearTimeout(handle);
      }
    }
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [near, orWhenIdle, live]);
  return near ? children : <div ref={marker} />;
}
