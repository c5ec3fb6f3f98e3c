/**
 * Kiosk mode for clinic tablets, mounted once in the root layout: the global style that hides
 * links leaving the app, the click guard behind it, the screen wake lock, fullscreen on the first
 * touch, the idle countdown with its privacy reset, the staff's PIN setup dialog and the status
 * toast. The exit control lives in the header (exit-kiosk-control.tsx).
 */
import { lazy, Suspense, useEffect, useEffectEvent, useReducer, useRef } from "react";
import { useNavigate } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import GlobalStyles from "@mui/material/GlobalStyles";
import Snackbar from "@mui/material/Snackbar";
import { ClosableAlert } from "@/components/closable-alert";
import {
  idleReducer,
  initialIdleState,
  nextCheckAt,
  type IdleConfig,
} from "@/features/kiosk/idle-machine";
import {
  finishPrivacyReset,
  startPrivacyReset,
  useKiosk,
  type KioskNoticeKind,
} from "@/features/kiosk/kiosk-store";
import type { KioskSetting } from "@/features/kiosk/kiosk-setting";
import { erasePatientData } from "@/features/kiosk/privacy-reset";
import { activateLanguage } from "@/lib/i18n";
import { focusMainContent } from "@/lib/main-content";
import { visuallyHidden } from "@/theme/visually-hidden";
import {
  useFullscreenOnFirstTouch,
  useLeaveFullscreenOnExit,
  useLinkGuard,
  useScreenWakeLock,
} from "@/features/kiosk/kiosk-device";

/** How long "Are you still there?" counts down before the privacy reset. */
export const countdownSeconds = 15;

// `display: none` takes the links out of sight, out of the tab order and out of the
// accessibility tree. Which links these are is decided by their address, so no other feature
// has to know about kiosk mode.
const hideLinksLeavingTheApp = {
  [[
    'html[data-kiosk] a[target="_blank"]',
    'html[data-kiosk] a[href^="mailto:"]',
    'html[data-kiosk] a[href^="tel:"]',
    'html[data-kiosk] a[href^="http"]',
  ].join(", ")]: { display: "none !important" },
};

const inputEvents = ["pointerdown", "keydown", "touchstart", "wheel", "input"] as const;
const mediaEvents = ["play", "playing", "pause", "ended", "emptied"] as const;

// Staff see the PIN set-up only once per tablet: it loads on demand.
const PinSetupDialog = lazy(() =>
  import("@/features/kiosk/pin-setup-dialog").then((module) => ({
    default: module.PinSetupDialog,
  })),
);

// The idle countdown exists only on a kiosk: its dialog (and MUI's modal machinery) loads when a
// kiosk session starts, long before the first countdown, and never for other visitors.
const IdleCountdownDialog = lazy(() =>
  import("@/features/kiosk/idle-countdown-dialog").then((module) => ({
    default: module.IdleCountdownDialog,
  })),
);

export function KioskMode() {
  const kiosk = useKiosk();
  return (
    <>
      <GlobalStyles styles={hideLinksLeavingTheApp} />
      {kiosk.status === "on" && kiosk.setting && <KioskSession setting={kiosk.setting} />}
      {kiosk.pinSetup && (
        <Suspense fallback={null}>
          <PinSetupDialog idleSeconds={kiosk.pinSetup.idleSeconds} />
        </Suspense>
      )}
      <KioskNotice notice={kiosk.notice} />
    </>
  );
}

/** The page's own audio and video, and embedded players marked `data-media-playing`. */
function isMediaPlaying(): boolean {
  return (
    document.querySelector("[data-media-playing]") !== null ||
    Array.from(document.querySelectorAll("audio, video")).some(
      (media) => media instanceof HTMLMediaElement && !media.paused && !media.ended,
    )
  );
}

function KioskSession({ setting }: { setting: KioskSetting }) {
  const { resets } = useKiosk();
  const navigate = useNavigate();
  const [idle, dispatch] = useReducer(idleReducer, initialIdleState);
  const resetRunning = useRef(false);
  const { idleSeconds, language } = setting;

  // The idle timer runs while kiosk mode is on.
  useEffect(() => {
    const config: IdleConfig = { idleMs: idleSeconds * 1000, countdownMs: countdownSeconds * 1000 };
    dispatch({ type: "arm", now: Date.now(), config });
    return () => dispatch({ type: "disarm" });
  }, [idleSeconds]);

  // Any touch, click, key, wheel or typing means someone is there; playing audio or video too.
  useEffect(() => {
    const onInput = () => dispatch({ type: "input", now: Date.now() });
    const onMedia = () => dispatch({ type: "media", now: Date.now(), playing: isMediaPlaying() });
    // A tablet waking up checks the clock at once rather than when its timer catches up.
    const onVisible = () => {
      if (document.visibilityState === "visible") dispatch({ type: "tick", now: Date.now() });
    };
    const options = { capture: true, passive: true };
    for (const type of inputEvents) window.addEventListener(type, onInput, options);
    for (const type of mediaEvents) document.addEventListener(type, onMedia, true);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      for (const type of inputEvents) window.removeEventListener(type, onInput, options);
      for (const type of mediaEvents) document.removeEventListener(type, onMedia, true);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  // One timer, to the next moment the machine has something to decide.
  const checkAt = nextCheckAt(idle);
  useEffect(() => {
    if (checkAt === undefined) return;
    let timer: number;
    const check = () => {
      const now = Date.now();
      // A timer may fire a little early; the machine is asked only once the moment has come.
      if (now < checkAt) timer = window.setTimeout(check, checkAt - now);
      else dispatch({ type: "tick", now });
    };
    timer = window.setTimeout(check, Math.max(0, checkAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [checkAt]);

  const runPrivacyReset = useEffectEvent(async () => {
    startPrivacyReset();
    try {
      // Leaving the page unmounts it, so nothing of this patient stays in memory; the pages that
      // are left write their last draft on the way out, so the erasing comes after that.
      await navigate({ to: "/", replace: true });
      await new Promise((resolve) => window.setTimeout(resolve, 50));
      await erasePatientData(language);
      await activateLanguage(language);
      window.getSelection()?.removeAllRanges();
      window.scrollTo({ top: 0 });
      focusMainContent();
    } finally {
      finishPrivacyReset();
      dispatch({ type: "reset-done", now: Date.now() });
    }
  });

  useEffect(() => {
    if (idle.phase !== "resetting" || resetRunning.current) return;
    resetRunning.current = true;
    void runPrivacyReset().finally(() => {
      resetRunning.current = false;
    });
  }, [idle.phase]);

  useLinkGuard();
  useScreenWakeLock();
  useFullscreenOnFirstTouch(resets);
  useLeaveFullscreenOnExit();

  return (
    <Suspense fallback={null}>
      <IdleCountdownDialog
        open={idle.phase === "countdown"}
        secondsLeft={idle.phase === "countdown" ? idle.secondsLeft : countdownSeconds}
        onContinue={() => dispatch({ type: "continue", now: Date.now() })}
      />
    </Suspense>
  );
}

function KioskNotice({ notice }: { notice: { kind: KioskNoticeKind; id: number } | null }) {
  const { t } = useLingui();
  const [closedId, closeNotice] = useReducer((_: number, id: number) => id, 0);
  const messages: Record<KioskNoticeKind, string> = {
    enabled: t`Kiosk mode is on.`,
    "enabled-not-saved": t`Kiosk mode is on for this visit, but this device could not save it: it will be off after a restart.`,
    exited: t`Kiosk mode is off.`,
    ready: t`Ready for the next person.`,
    insecure: t`Kiosk mode needs a secure connection (https). Open the link again over https.`,
  };
  const open = notice !== null && notice.id !== closedId;
  const message = notice ? messages[notice.kind] : "";
  const warning = notice?.kind === "enabled-not-saved" || notice?.kind === "insecure";
  const close = () => {
    if (notice) closeNotice(notice.id);
  };
  return (
    <>
      {/* Always present, so screen readers notice the message appear in it. */}
      <Box role="status" sx={visuallyHidden}>
        {open ? message : ""}
      </Box>
      <Snackbar
        key={notice?.id}
        open={open}
        autoHideDuration={warning ? null : 6000}
        onClose={(_event, reason) => {
          if (reason !== "clickaway") close();
        }}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <ClosableAlert
          role="none"
          severity={warning ? "warning" : "success"}
          variant="filled"
          onClose={close}
        >
          {message}
        </ClosableAlert>
      </Snackbar>
    </>
  );
}
