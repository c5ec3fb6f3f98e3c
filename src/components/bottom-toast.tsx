/**
 * A toast at the bottom of the screen, above the sent-requests news when it shows (where the
 * theme puts MUI's Snackbar too, `aboveSentNotice`). It is dismissed by its own close button or
 * Escape. With `hideAfterMs` it also goes by itself, as a passing "done" note should, but never
 * while the pointer or the focus is in it: the time starts again when they leave. What MUI's
 * Snackbar does here, without its 4 kB gzip and its transition's forced layout (issue 22); kiosk
 * notices still use the Snackbar (src/features/kiosk/kiosk-toast.tsx).
 */
import { useEffect, useEffectEvent, useState, type ReactNode } from "react";
import { keyframes, styled } from "@mui/material/styles";
import { aboveSentNotice } from "@/theme/theme";

const growing = keyframes({
  from: { opacity: 0, transform: "scale(0.75)" },
  to: { opacity: 1, transform: "none" },
});

const Dock = styled("div")(({ theme }) => ({
  position: "fixed",
  zIndex: theme.zIndex.snackbar,
  insetInline: 8,
  ...aboveSentNotice,
  display: "flex",
  justifyContent: "center",
  animation: `${growing} 225ms ${theme.transitions.easing.easeOut}`,
  // The dock spans the screen's width; only the toast in it takes taps (and pauses its timer),
  // so a tap beside it still reaches the page.
  pointerEvents: "none",
  "& > *": { pointerEvents: "auto" },
}));

export function BottomToast({
  onClose,
  hideAfterMs,
  children,
}: {
  onClose: () => void;
  hideAfterMs?: number;
  children: ReactNode;
}) {
  const closeOnEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === "Escape" && !event.defaultPrevented) onClose();
  });
  useEffect(() => {
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, []);
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const hide = useEffectEvent(onClose);
  useEffect(() => {
    if (hideAfterMs === undefined || pointerIn || focusIn) return;
    const timer = window.setTimeout(hide, hideAfterMs);
    return () => window.clearTimeout(timer);
  }, [hideAfterMs, pointerIn, focusIn]);
  return (
    <Dock
      className="bottom-toast"
      onPointerEnter={() => setPointerIn(true)}
      onPointerLeave={() => setPointerIn(false)}
      onFocus={() => setFocusIn(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusIn(false);
      }}
    >
      {children}
    </Dock>
  );
}
