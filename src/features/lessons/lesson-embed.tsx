import { useEffect, useRef } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { embedOrigin, followEmbeddedPlayback } from "@/features/lessons/embedded-player-state";
import { useKioskActive } from "@/lib/kiosk-flag";

/**
 * The privacy-enhanced YouTube player; `autoplay=1` because the user has just pressed Play,
 * `enablejsapi=1` and `origin` so that it reports to this page whether the video is playing.
 */
export function lessonEmbedUrl(youtubeId: string, pageOrigin: string): string {
  const query = new URLSearchParams({ autoplay: "1", enablejsapi: "1", origin: pageOrigin });
  return `${embedOrigin}/embed/${encodeURIComponent(youtubeId)}?${query}`;
}

/** The video itself, loaded only after Play; it takes focus so the keyboard controls it. */
export function LessonEmbed({ youtubeId, title }: { youtubeId: string; title: string }) {
  const { t } = useLingui();
  const frameRef = useRef<HTMLIFrameElement>(null);
  // On a clinic kiosk the player's own links to YouTube must not open: no popups from the frame.
  const kiosk = useKioskActive();
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    frame.focus();
    return followEmbeddedPlayback(frame);
  }, []);
  return (
    <Box
      component="iframe"
      ref={frameRef}
      src={lessonEmbedUrl(youtubeId, window.location.origin)}
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
