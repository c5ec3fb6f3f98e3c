/**
 * Content low on a page that is rendered, and its code fetched, once the reader comes within a
 * screen of it (issue 22): the page does not start with it. Until then only an empty marker is
 * there, which is also what the prerendered page has.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";

export function WhenNear({ children }: { children: ReactNode }) {
  const [near, setNear] = useState(false);
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = marker.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      // A screen's height ahead: it is there before the reader gets to it.
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={marker} />;
}
