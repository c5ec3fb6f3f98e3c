/**
 * Kiosk mode for clinic tablets, mounted once in the root layout: the kiosk session while kiosk
 * mode is on (kiosk-session.tsx: the idle countdown with its privacy reset, the click guard, the
 * screen wake lock, fullscreen on the first touch), the staff's PIN setup dialog and the status
 * toast. Each loads when it is needed, so other visitors carry none of it. The exit control lives
 * in the header (exit-kiosk-control.tsx); the style that hides links leaving the app is in
 * index.html, so it holds before any script runs.
 */
import { lazy, Suspense, useReducer, useState } from "react";
import Box from "@mui/material/Box";
import { useKiosk, type KioskNoticeKind } from "@/features/kiosk/kiosk-store";
import { visuallyHidden } from "@/theme/visually-hidden";
import { loadUntilLoaded } from "@/lib/load-when-online";
import { loadKioskToast } from "@/features/kiosk/kiosk-toast-loader";

// Kiosk mode is often turned on by a link on a patchy clinic connection: a part whose code has not
// arrived is asked for again until it comes (when the connection is back, offline), and the page
// goes on meanwhile; the kiosk's parts never take the page down.
const KioskSession = lazy(loadUntilLoaded(() => import("@/features/kiosk/kiosk-session")));

// A notice's words come with the toast (kiosk-toast-loader.ts): it shows once both are here.
const KioskToast = lazy(loadKioskToast);

// Staff see the PIN set-up only once per tablet: it loads on demand.
const PinSetupDialog = lazy(
  loadUntilLoaded(() =>
    import("@/features/kiosk/pin-setup-dialog").then((module) =>
      module.withWords({ default: module.PinSetupDialog }),
    ),
  ),
);

export function KioskMode() {
  const kiosk = useKiosk();
  return (
    <>
      {kiosk.status === "on" && kiosk.setting && (
        <Suspense fallback={null}>
          <KioskSession setting={kiosk.setting} />
        </Suspense>
      )}
      {kiosk.pinSetup && (
        <Suspense fallback={null}>
          <PinSetupDialog idleSeconds={kiosk.pinSetup.idleSeconds} />
        </Suspense>
      )}
      <KioskNotice notice={kiosk.notice} />
    </>
  );
}

function KioskNotice({ notice }: { notice: { kind: KioskNoticeKind; id: number } | null }) {
  const [closedId, closeNotice] = useReducer((_: number, id: number) => id, 0);
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const open = notice !== null && notice.id !== closedId;
  return (
    <>
      {/* Always present, so screen readers notice the message appear in it (the toast's module
          puts it there, with its words). */}
      <Box role="status" sx={visuallyHidden} ref={setRegion} />
      {notice && region && (
        <Suspense fallback={null}>
          <KioskToast
            notice={notice}
            open={open}
            region={region}
            onClose={() => closeNotice(notice.id)}
          />
        </Suspense>
      )}
    </>
  );
}
