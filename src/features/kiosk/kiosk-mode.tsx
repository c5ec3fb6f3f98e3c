/**
 * Kiosk mode for clinic tablets, mounted once in the root layout: the kiosk session while kiosk
 * mode is on (kiosk-session.tsx: the idle countdown with its privacy reset, the click guard, the
 * screen wake lock, fullscreen on the first touch), the staff's PIN setup dialog and the status
 * toast. Each loads when it is needed, so other visitors carry none of it. The exit control lives
 * in the header (exit-kiosk-control.tsx); the style that hides links leaving the app is in
 * index.html, so it holds before any script runs.
 */
import { lazy, Suspense, useReducer } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { useKiosk, type KioskNoticeKind } from "@/features/kiosk/kiosk-store";
import { visuallyHidden } from "@/theme/visually-hidden";
import { loadUntilLoaded } from "@/lib/load-when-online";

// Kiosk mode is often turned on by a link on a patchy clinic connection: a part whose code has not
// arrived is asked for again until it comes (when the connection is back, offline), and the page
// goes on meanwhile; the kiosk's parts never take the page down.
const KioskSession = lazy(loadUntilLoaded(() => import("@/features/kiosk/kiosk-session")));

const KioskToast = lazy(loadUntilLoaded(() => import("@/features/kiosk/kiosk-toast")));

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
  const { t } = useLingui();
  const [closedId, closeNotice] = useReducer((_: number, id: number) => id, 0);
  const messages: Record<KioskNoticeKind, string> = {
    enabled: t`Kiosk mode is on.`,
    "enabled-not-saved": t`Kiosk mode is on for this visit, but this device could not save it: it will be off after a restart.`,
    "not-loaded": t`Kiosk mode is not on: part of the app did not load. Check the connection and try again.`,
    exited: t`Kiosk mode is off.`,
    ready: t`Ready for the next person.`,
    "not-erased": t`This device did not let the app erase everything the last person left. Staff: clear this site's data in the browser's settings, then turn kiosk mode on again.`,
    insecure: t`Kiosk mode needs a secure connection (https). Open the link again over https.`,
    lost: t`Kiosk mode is off: this device lost its kiosk settings, perhaps to free space. Staff: open the kiosk link again to turn it on.`,
  };
  const open = notice !== null && notice.id !== closedId;
  const message = notice ? messages[notice.kind] : "";
  const warning =
    notice?.kind === "enabled-not-saved" ||
    notice?.kind === "not-loaded" ||
    notice?.kind === "not-erased" ||
    notice?.kind === "insecure" ||
    notice?.kind === "lost";
  const close = () => {
    if (notice) closeNotice(notice.id);
  };
  return (
    <>
      {/* Always present, so screen readers notice the message appear in it. */}
      <Box role="status" sx={visuallyHidden}>
        {open ? message : ""}
      </Box>
      {notice && (
        <Suspense fallback={null}>
          <KioskToast
            noticeId={notice.id}
            open={open}
            message={message}
            warning={warning}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
