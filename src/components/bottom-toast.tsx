/**
 * A toast at the bottom of the screen, above the sent-requests news when it shows (where the
 * theme puts MUI's Snackbar too, `aboveSentNotice`). It stays until it is
 * dismissed, by its own close button or Escape: nobody has to read it against a timer. What MUI's
 * Snackbar does here, without its 4 kB gzip on the contact page (issue 22); kiosk notices, which
 * close by themselves, still use the Snackbar (src/features/kiosk/kiosk-toast.tsx).
 */
import { useEffect, useEffectEvent, type ReactNode } from "react";
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
}));

export function BottomToast({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const closeOnEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === "Escape" && !event.defaultPrevented) onClose();
  });
  useEffect(() => {
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, []);
  return <Dock className="bottom-toast">{children}</Dock>;
}
