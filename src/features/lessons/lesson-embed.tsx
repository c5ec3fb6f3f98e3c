import { useEffect, useEffectEvent, useRef, type RefObject } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { embedOrigin, followEmbeddedPlayback } from "@/features/lessons/embedded-player-state";
import { useKioskActive } from "@/lib/kiosk-flag";
import { isFocusLost, useFocusMainContentWhenLost } from "@/lib/main-content";

/**
 * The privacy-enhanced YouTube player:
 * - `autoplay=1` because the user has just pressed Play;
 * - `start`: where the video was, when it comes back after a lost connection;
 * - `enablejsapi=1` and `origin` so that it reports to this page whether the video is playing;
 * - `hl` and `cc_lang_pref`: the player's own words and captions in the app's language, not the
 *   browser's;
 * - `rel=0`: at the end, more videos from the same channel only, not from anywhere on YouTube;
 * - `playsinline=1`: an iPhone plays it in the page instead of its own full-screen player;
 * - `iv_load_policy=3`: no annotations over the exercise.
 */
export function lessonEmbedUrl(
  youtubeId: string,
  pageOrigin: string,
  language: string,
  startSeconds = 0,
): string {
  const query = new URLSearchParams({
    autoplay: "1",
    ...(startSeconds >= 1 && { start: String(Math.floor(startSeconds)) }),
    enablejsapi: "1",
    origin: pageOrigin,
    hl: language,
    cc_lang_pref: language,
    rel: "0",
    playsinline: "1",
    iv_load_policy: "3",
  });
  return `${embedOrigin}/embed/${encodeURIComponent(youtubeId)}?${query}`;
}

/**
 * The video itself, loaded only after Play. It takes the focus, so the keyboard controls it,
 * unless the focus is elsewhere on the page (the video coming back by itself after a lost
 * connection). Its address is set once, as it comes: a change of the app's language does not load
 * it again from the start. Taken away (a lost connection), it leaves the focus on `afterIt`.
 */
export function LessonEmbed({
  youtubeId,
  title,
  startSeconds,
  onTime,
  onEnded,
  onAnswer,
  afterIt,
}: {
  youtubeId: string;
  title: string;
  /** Where to start (seconds): where it was when it was last taken away. */
  startSeconds: () => number;
  onTime: (seconds: number) => void;
  /** The video has played to its end, which is there (seconds). */
  onEnded: (seconds: number) => void;
  /** False when the player has not answered in time (the video has not loaded), true after. */
  onAnswer: (answered: boolean) => void;
  afterIt: RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useLingui();
  const frameRef = useRef<HTMLIFrameElement>(null);
  // On a clinic kiosk the player's own links to YouTube must not open: no popups from the frame.
  const kiosk = useKioskActive();
  const load = useEffectEvent((frame: HTMLIFrameElement) => {
    const stop = followEmbeddedPlayback(frame, {
      onTime: (seconds) => onTime(seconds),
      onEnded: (seconds) => onEnded(seconds),
      onAnswer: (answered) => onAnswer(answered),
    });
    frame.src = lessonEmbedUrl(youtubeId, window.location.origin, i18n.locale, startSeconds());
    return () => {
      stop();
      onAnswer(true);
    };
  });
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    if (isFocusLost()) frame.focus();
    return load(frame);
  }, []);
  useFocusMainContentWhenLost(afterIt);
  return (
    <Box
      component="iframe"
      ref={frameRef}
      title={t`Video lesson: ${title}`}
      // `fullscreen` here is what lets the video go full screen; the old `allowFullScreen`
      // attribute beside it only made the browser warn that it is overridden.
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox={kiosk ? "allow-scripts allow-same-origin allow-presentation" : undefined}
      sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
    />
  );
}
