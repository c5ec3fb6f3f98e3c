import { lazy, Suspense } from "react";
import { useKiosk } from "@/features/kiosk/kiosk-store";
import { loadUntilLoaded } from "@/lib/load-when-online";

// The kiosk's header controls, with their words, load only on a kiosk; should they not arrive
// (offline, before the service worker has them), they are asked for until they come.
const KioskHeaderControls = lazy(
  loadUntilLoaded(() =>
    import("@/features/kiosk/kiosk-header-controls").then((module) => module.withWords(module)),
  ),
);

/**
 * The kiosk's controls at the end of the header (kiosk-header-controls.tsx): the patient's "I have
 * finished" and staff's way out. Nothing while kiosk mode is off.
 */
export function ExitKioskControl() {
  const { status } = useKiosk();
  if (status !== "on") return null;
  return (
    <Suspense fallback={null}>
      <KioskHeaderControls />
    </Suspense>
  );
}
