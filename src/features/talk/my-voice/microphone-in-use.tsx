import { useEffect, useRef } from "react";

/**
 * Marks the page as in use while My voice's microphone is open, the way a video playing does
 * (`data-media-playing` and a media event, kiosk-session.tsx): on a kiosk, a patient teaching a
 * phrase or saying one touches nothing for a while, and the idle countdown must not cover the
 * teaching dialog, nor the privacy reset erase what they are doing.
 */
export function MicrophoneInUse() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    marker.current?.dispatchEvent(new Event("playing"));
    // Media events do not bubble: the kiosk hears them on their way down to the target.
    return () => {
      document.dispatchEvent(new Event("pause"));
    };
  }, []);
  return <span ref={marker} hidden data-media-playing="" />;
}
