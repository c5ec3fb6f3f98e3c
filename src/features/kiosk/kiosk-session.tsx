/**
 * A kiosk session, while kiosk mode is on: the idle timer with its countdown and privacy reset,
 * the click guard, the screen wake lock and fullscreen on the first touch. Loaded only on a kiosk
 * (see kiosk-mode.tsx), never for other visitors.
 */
import { lazy, Suspense, useEffect, useEffectEvent, useReducer, useRef } from "react";
import { useNavigate, useRouter } from "@tanstack/react-router";
import {
  idleReducer,
  initialIdleState,
  nextCheckAt,
  type IdleConfig,
} from "@/features/kiosk/idle-machine";
import { finishPrivacyReset, startPrivacyReset, useKiosk } from "@/features/kiosk/kiosk-store";
import type { KioskSetting } from "@/features/kiosk/kiosk-setting";
import {
  erasePatientData,
  setFinishSession,
  setOpenSessionReset,
} from "@/features/kiosk/privacy-reset";
import { loadKioskToast } from "@/features/kiosk/kiosk-toast-loader";
import {
  bringInNewVersionAfterReset,
  forgetKioskUses,
  isLeftClean,
  lateEraseFailed,
  noteKioskUse,
  noteStaffExit,
  privacyResetEnded,
  readLastUse,
} from "@/features/kiosk/kiosk-uses";
import { activateLanguage, languageActivations, type LanguageCode } from "@/lib/i18n";
import { loadUntilLoaded } from "@/lib/load-when-online";
import { focusMainContent } from "@/lib/main-content";
import {
  useFullscreenOnFirstTouch,
  useLeaveFullscreenOnExit,
  useLinkGuard,
  useScreenWakeLock,
} from "@/features/kiosk/kiosk-device";

/**
 * How long "Are you still there?" counts down before the privacy reset: at least the 20 s WCAG
 * 2.2.1 gives to answer a time limit, and more for a hand that needs several tries to reach
 * Continue.
 */
export const countdownSeconds = 30;

/** While audio or video holds the idle timer, how often the page is checked for it still playing. */
const heldCheckMs = 5000;

/** While the tablet is clean after a reset, how often a new version is looked for. */
const cleanUpdateMs = 10 * 60_000;

const inputEvents = ["pointerdown", "keydown", "touchstart", "wheel", "input"] as const;
const mediaEvents = ["play", "playing", "pause", "ended", "emptied"] as const;

// The idle countdown's dialog (with its words and MUI's modal machinery) loads when a kiosk session starts,
// long before the first countdown. Should it not arrive, it is asked for again until it comes: a
// failed load would otherwise take the whole page down.
const IdleCountdownDialog = lazy(
  loadUntilLoaded(() =>
    import("@/features/kiosk/idle-countdown-dialog").then((module) =>
      module.withWords({ default: module.IdleCountdownDialog }),
    ),
  ),
);

/**
 * The entries of this tab's history that belong to the present patient, by TanStack Router's
 * numbers in `history.state`. A privacy reset leaves for the home page, but the browser's Back
 * would still reach the previous patient's pages (the lesson they chose is in its address), and
 * so would Forward, to those they had gone back from. A reset makes the home page both the floor
 * and the ceiling; a page opened since drops the entries ahead of it and raises the ceiling.
 * Kept in sessionStorage, so a reload (a new version comes in after a reset) keeps them.
 */
type HistoryBounds = { floor: number; ceiling: number };

const historyBoundsKey = "dauys.kiosk-history-bounds";

function readHistoryBounds(): HistoryBounds | undefined {
  try {
    const bounds = JSON.parse(sessionStorage.getItem(historyBoundsKey) ?? "null") as unknown;
    return bounds && typeof bounds === "object" ? (bounds as HistoryBounds) : undefined;
  } catch {
    return undefined;
  }
}

function keepHistoryBounds(bounds: HistoryBounds) {
  try {
    sessionStorage.setItem(historyBoundsKey, JSON.stringify(bounds));
  } catch {
    // Without them Back and Forward can reach the pages of before the reset: their data is
    // erased all the same.
  }
}

/** Back and Forward stay within the present patient's pages. */
function useHistoryBounds() {
  const { history } = useRouter();
  useEffect(() => {
    // Pages opened while kiosk mode was off were not followed: the ceiling is at least here.
    const here = history.location.state.__TSR_index;
    const bounds = readHistoryBounds();
    if (bounds && bounds.ceiling < here) keepHistoryBounds({ ...bounds, ceiling: here });
    const stopBlocking = history.block({
      blockerFn: ({ nextLocation, action }) => {
        const within = readHistoryBounds();
        const index = nextLocation.state.__TSR_index;
        return (
          action !== "PUSH" &&
          action !== "REPLACE" &&
          within !== undefined &&
          (index < within.floor || index > within.ceiling)
        );
      },
      enableBeforeUnload: false,
    });
    const stopFollowing = history.subscribe(({ location, action }) => {
      const within = readHistoryBounds();
      if (action.type === "PUSH" && within) {
        keepHistoryBounds({ ...within, ceiling: location.state.__TSR_index });
      }
    });
    return () => {
      stopBlocking();
      stopFollowing();
    };
  }, [history]);
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

/**
 * Shows the kiosk's language. Its texts normally come from the offline copy; should they fail (a
 * first visit's copy not made yet, a server error), the first try's failure is logged and they are
 * asked for again, after 2 s and then less often, until they come, unless a language is chosen
 * in the meantime (the next person's choice wins). Resolves after the first try.
 */
async function activateKioskLanguage(language: LanguageCode): Promise<void> {
  const attempt = async (wait: number): Promise<void> => {
    try {
      await activateLanguage(language);
    } catch (error) {
      console.warn("The kiosk's language did not load; asking for it again:", error);
      const before = languageActivations();
      window.setTimeout(() => {
        if (languageActivations() === before) void attempt(Math.min(wait * 2, 60_000));
      }, wait);
    }
  };
  await attempt(2000);
}

export default function KioskSession({ setting }: { setting: KioskSetting }) {
  const { resets } = useKiosk();
  const navigate = useNavigate();
  const { history } = useRouter();
  const [idle, dispatch] = useReducer(idleReducer, initialIdleState);
  const resetRunning = useRef<Promise<boolean> | null>(null);
  const { idleSeconds, language } = setting;

  // The idle timer runs while kiosk mode is on.
  useEffect(() => {
    const config: IdleConfig = { idleMs: idleSeconds * 1000, countdownMs: countdownSeconds * 1000 };
    dispatch({
      type: "arm",
      now: Date.now(),
      config,
      lastInputAt: readLastUse(),
      clean: isLeftClean(),
    });
    return () => dispatch({ type: "disarm" });
  }, [idleSeconds]);
  // Kiosk mode turned off: no session is left to reset.
  useEffect(() => () => forgetKioskUses(), []);

  // Any touch, click, key, wheel or typing means someone is there; playing audio or video too.
  useEffect(() => {
    const onInput = () => {
      const now = Date.now();
      dispatch({ type: "input", now });
      noteKioskUse(now);
    };
    const onMedia = () => {
      const now = Date.now();
      const playing = isMediaPlaying();
      dispatch({ type: "media", now, playing });
      noteKioskUse(now);
    };
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

  // A tablet left clean after a reset may stay so for hours: a new version found meanwhile (the
  // app asks now and then, lib/update-checks.ts) comes in while nobody is there, not at the
  // reset after the next patient.
  useEffect(() => {
    if (idle.phase !== "clean") return;
    const timer = window.setInterval(() => void bringInNewVersionAfterReset(), cleanUpdateMs);
    return () => window.clearInterval(timer);
  }, [idle.phase]);

  // A player taken off the page while it plays (a screen left mid-phrase) sends its "pause" where
  // the document no longer hears it, which would hold the timer for good: while held, the page is
  // looked at again every few seconds.
  useEffect(() => {
    if (idle.phase !== "held") return;
    const timer = window.setInterval(() => {
      // Someone watching or listening is using the tablet.
      noteKioskUse(Date.now());
      if (!isMediaPlaying()) dispatch({ type: "media", now: Date.now(), playing: false });
    }, heldCheckMs);
    return () => window.clearInterval(timer);
  }, [idle.phase]);

  // `betweenPatients`: the idle reset, after which a new version may come in; not the one staff
  // leaving kiosk mode make, whose outcome they must read (a reload would take it away, and so
  // would closing their exit dialog, which says when kiosk mode could not be turned off).
  const runPrivacyReset = useEffectEvent(async (betweenPatients: boolean) => {
    startPrivacyReset(betweenPatients);
    let erased = false;
    // A value a slow change wrote back after the erasing is erased again when that change ends
    // (privacy-reset.ts); should that fail, staff are told as after any reset that could not
    // erase (by this reset if it has not ended, or at once), and the reset is made again.
    let ended = false;
    let failedLate = false;
    const onLateFailure = () => {
      if (!ended) {
        failedLate = true;
        return;
      }
      finishPrivacyReset(false);
      lateEraseFailed(Date.now());
      dispatch({ type: "erase-failed", now: Date.now() });
    };
    try {
      // Leaving the page unmounts it, so nothing of this patient stays in memory; the pages that
      // are left write their last draft on the way out, so the erasing comes after that. Should
      // the home page not come, the erasing is done all the same.
      await navigate({ to: "/", replace: true }).catch((error: unknown) =>
        console.error("The privacy reset could not go to the home page:", error),
      );
      const index = history.location.state.__TSR_index;
      keepHistoryBounds({ floor: index, ceiling: index });
      await new Promise((resolve) => window.setTimeout(resolve, 50));
      // A refusal can be passing (a busy disk): a second try before anyone is told.
      erased =
        (await erasePatientData(language, onLateFailure)) ||
        (await erasePatientData(language, onLateFailure));
    } catch (error) {
      console.error("The privacy reset could not erase the patient's data:", error);
    }
    // The next person gets the kiosk's language; should its texts not load now, the screen is
    // made ready all the same, and they come as soon as they can.
    await activateKioskLanguage(language);
    window.getSelection()?.removeAllRanges();
    window.scrollTo({ top: 0 });
    focusMainContent();
    erased &&= !failedLate;
    ended = true;
    finishPrivacyReset(erased);
    privacyResetEnded(erased);
    dispatch({ type: "reset-done", now: Date.now(), erased });
    // The new version is let in once the "Ready for the next person" notice's code and words are
    // here: a request the old version's worker answers while it hands over starts that worker
    // again, and Chromium then lets the new version in only once it is idle again (half a minute;
    // five minutes with DevTools open, which held pwa.spec's kiosk test up for good).
    if (betweenPatients) void loadKioskToast().then(bringInNewVersionAfterReset);
    return erased;
  });

  // One reset at a time: staff leaving kiosk mode during the idle reset wait for it.
  const resetOnce = useEffectEvent(
    (betweenPatients: boolean) =>
      (resetRunning.current ??= runPrivacyReset(betweenPatients).finally(() => {
        resetRunning.current = null;
      })),
  );
  // Staff leaving kiosk mode end the patient's session first (kiosk-store.ts); should the idle
  // reset be running, they wait for it, and it brings no new version in under them.
  useEffect(() => {
    setOpenSessionReset(() => {
      noteStaffExit();
      return resetOnce(false);
    });
    // The patient's "I have finished" (kiosk-header-controls.tsx): as if the countdown ran out.
    setFinishSession(() => dispatch({ type: "finish" }));
    return () => {
      setOpenSessionReset(null);
      setFinishSession(null);
    };
  }, []);

  useEffect(() => {
    if (idle.phase === "resetting") void resetOnce(true);
  }, [idle.phase]);

  useLinkGuard();
  useHistoryBounds();
  useScreenWakeLock();
  useFullscreenOnFirstTouch(resets);
  useLeaveFullscreenOnExit();

  return (
    <Suspense fallback={null}>
      <IdleCountdownDialog
        open={idle.phase === "countdown"}
        secondsLeft={idle.phase === "countdown" ? idle.secondsLeft : countdownSeconds}
        // The tap or key that answers is an input, and is noted as a use.
        onContinue={() => dispatch({ type: "continue", now: Date.now() })}
      />
    </Suspense>
  );
}
