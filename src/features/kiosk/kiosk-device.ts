/**
 * What kiosk mode asks of the tablet while it is on: links out of the app do nothing, the screen
 * stays on, and the app fills the screen (until staff leave kiosk mode).
 */
import { useEffect } from "react";

/** A link's address leaves the app when it is on another origin or opens another window. */
function leavesTheApp(anchor: Element): boolean {
  const href = anchor.getAttribute("href");
  if (href === null) return false;
  let url: URL;
  try {
    url = new URL(href, document.baseURI);
  } catch {
    return true;
  }
  const target = anchor.getAttribute("target");
  return url.origin !== window.location.origin || Boolean(target && target !== "_self");
}

/** The second line of defence behind the global style: a click on a link out is cancelled. */
export function useLinkGuard() {
  useEffect(() => {
    const guard = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest("a, area") : null;
      if (anchor && leavesTheApp(anchor)) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    document.addEventListener("click", guard, true);
    document.addEventListener("auxclick", guard, true);
    return () => {
      document.removeEventListener("click", guard, true);
      document.removeEventListener("auxclick", guard, true);
    };
  }, []);
}

/** Keeps the screen on; the browser drops the lock when the page is hidden, so it is taken again. */
export function useScreenWakeLock() {
  useEffect(() => {
    if (!("wakeLock" in navigator)) return;
    let active = true;
    let sentinel: WakeLockSentinel | null = null;
    const acquire = async () => {
      if (document.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
      try {
        const next = await navigator.wakeLock.request("screen");
        if (active) sentinel = next;
        else void next.release();
      } catch {
        // Refused (battery saver, no permission): the tablet's own settings must keep it awake.
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      active = false;
      document.removeEventListener("visibilitychange", onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}

/**
 * Browsers allow fullscreen only in answer to a user's action, so it is asked for on the first
 * touch, click or key press, and again on the first one after each privacy reset.
 */
export function useFullscreenOnFirstTouch(resets: number) {
  useEffect(() => {
    const request = () => {
      remove();
      if (document.fullscreenElement || !document.fullscreenEnabled) return;
      void document.documentElement.requestFullscreen?.().catch(() => undefined);
    };
    const remove = () => {
      window.removeEventListener("click", request, true);
      window.removeEventListener("keydown", request, true);
    };
    window.addEventListener("click", request, true);
    window.addEventListener("keydown", request, true);
    return remove;
  }, [resets]);
}

/** Staff who leave kiosk mode get the browser's usual window back. */
export function useLeaveFullscreenOnExit() {
  useEffect(
    () => () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    },
    [],
  );
}
