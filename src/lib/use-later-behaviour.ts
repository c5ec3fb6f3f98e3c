import { useEffect, useRef } from "react";

/**
 * Gives an element a behaviour whose code comes after the page is drawn: `load` brings a function
 * that starts it on the element and returns the one that stops it, called when the element goes.
 * Code that does not come leaves the element as it was drawn. Returns the element's ref.
 */
export function useLaterBehaviour<T extends HTMLElement>(
  load: () => Promise<(element: T) => () => void>,
) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current!;
    const stopping = load().then(
      (start) => start(element),
      () => () => {},
    );
    return () => void stopping.then((stop) => stop());
    // Once, as the element is drawn: `load` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
