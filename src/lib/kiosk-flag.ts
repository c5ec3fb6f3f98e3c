/**
 * Whether this device is a clinic kiosk, for the parts of the app outside the kiosk feature that
 * must behave differently there (never show one patient's data to the next, never leave the
 * app). The kiosk feature sets `<html data-kiosk="on">`; this module only reads it.
 */
import { useSyncExternalStore } from "react";

export function isKioskActive(): boolean {
  return typeof document !== "undefined" && document.documentElement.dataset.kiosk === "on";
}

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-kiosk"] });
  return () => observer.disconnect();
}

export function useKioskActive(): boolean {
  return useSyncExternalStore(subscribe, isKioskActive, () => false);
}
