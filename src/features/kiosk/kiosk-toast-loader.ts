/**
 * The kiosk notices' toast with its words (kiosk-toast.tsx), loaded once, with the first notice:
 * by kiosk-mode.tsx to show it, and by a privacy reset between two patients, whose new version
 * takes over only once the "Ready for the next person" notice is here (kiosk-session.tsx).
 */
import { loadUntilLoaded } from "@/lib/load-when-online";

type KioskToastModule = typeof import("@/features/kiosk/kiosk-toast");

let loading: Promise<KioskToastModule> | undefined;

export function loadKioskToast(): Promise<KioskToastModule> {
  loading ??= loadUntilLoaded(() =>
    import("@/features/kiosk/kiosk-toast").then((module) => module.withWords(module)),
  )();
  return loading;
}
