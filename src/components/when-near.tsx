/**
 * Content low on a page that is rendered, and its code fetched, once the reader comes within a
 * screen of it (issue 22): the page does not start with it. Until then only an empty marker is
 * there, which is also what the prerendered page has.
 *
 * With `orWhenIdle` it also comes without the reader coming near: at once when they first press a
 * key (someone who moves through the page with the keyboard finds it there), otherwise once the
 * page has been live for a few seconds and the browser has nothing else to do (a screen reader, or
 * a jump to the page's end, finds it too). Not sooner: a first visit on a slow phone spends those
 * seconds on what is on screen, and a tap on it is answered at once. Such pieces come one at a
 * time, each in an idle moment of its own once the one before is drawn: together they would make
 * one long task.
 */
import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { usePageLive } from "@/components/hydration-part";

/** At most this long after its turn comes, even on a browser that is never idle. */
const idleTimeoutMs = 2000;

/** How long after the page is live the pieces start to come when nobody has asked for them. */
const unaskedDelayMs = 3000;

/**
 * Resolves when the pieces that wait for an idle moment may start to come: a few seconds after
 * the page is live, or at the reader's first key press.
 */
let startOfTurns: Promise<void> | null = null;
function turnsStart(): Promise<void> {
  startOfTurns ??= new Promise<void>((start) => {
    const begin = () => {
      window.removeEventListener("keydown", begin, true);
      clearTimeout(timer);
      start();
    };
    const timer = setTimeout(begin, unaskedDelayMs);
    window.addEventListener("keydown", begin, true);
  });
  return startOfTurns;
}

/** Drawn once the last piece that waits for an idle moment is drawn (or gone). */
let lastInTurn: Promise<void> | null = null;

function onIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: idleTimeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, idleTimeoutMs / 4);
  return () => clearTimeout(handle);
}

/** In slices: a panel rendered while the reader scrolls or types must not hold up either. */
function come(setNear: (near: boolean) => void) {
  startTransition(() => setNear(true));
}

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
  const [drawn] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  });
  // The piece this one waits for, taken once (effects can run twice).
  const waitsFor = useRef<Promise<void> | null>(null);

  useEffect(() => {
    const element = marker.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) come(setNear);
      },
      // A screen's height ahead: it is there before the reader gets to it.
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!orWhenIdle || !live || near) return;
    if (!waitsFor.current) {
      waitsFor.current = lastInTurn ?? turnsStart();
      lastInTurn = drawn.promise;
    }
    let cancelled = false;
    let cancelIdle = () => {};
    void waitsFor.current.then(() => {
      if (!cancelled) cancelIdle = onIdle(() => come(setNear));
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [orWhenIdle, live, near, drawn]);

  // A piece that goes away before it is drawn does not hold up the ones after it.
  useEffect(() => () => drawn.resolve(), [drawn]);

  return near ? (
    <Suspense fallback={null}>
      {children}
      <Drawn onDrawn={drawn.resolve} />
    </Suspense>
  ) : (
    // Marked: tests wait for a page's pieces to have come.
    <div ref={marker} data-when-near="" />
  );
}

/** Says that what comes before it in its Suspense boundary is drawn. */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(onDrawn, [onDrawn]);
  return null;
}
