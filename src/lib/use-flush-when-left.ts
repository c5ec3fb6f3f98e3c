/**
 * Writes what a page keeps pending (a draft after a pause in typing, a lesson's place between
 * saves) at once when the page is hidden, closed or left, and when the part that keeps it goes:
 * a phone may drop a hidden page without another word, and nothing typed or watched is lost.
 */
import { useEffect } from "react";

/** `flush` writes what is pending; it should stay the same function from one render to the next. */
export function useFlushWhenLeft(flush: () => unknown) {
  useEffect(() => {
    const flushNow = () => void flush();
    window.addEventListener("pagehide", flushNow);
    document.addEventListener("visibilitychange", flushNow);
    return () => {
      window.removeEventListener("pagehide", flushNow);
      document.removeEventListener("visibilitychange", flushNow);
      flushNow();
    };
  }, [flush]);
}
