/**
 * The app-wide news that a contact request which had to wait has been sent: on whatever page is
 * open when it is delivered, or the next time the app opens when the service worker delivered it
 * with no page open. Mounted once in the root layout; it stays until the user closes it.
 */
import { useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { ClosableAlert } from "@/components/closable-alert";
import { useKioskActive } from "@/lib/kiosk-flag";
import {
  dismissSentRequests,
  onSentRequestsChange,
  readSentRequests,
  type SentRequest,
} from "@/features/contact/sent-notice";
import { SubjectList } from "@/features/contact/subject-list";
import { AlertTitle } from "@/components/alert";

function useSentRequests(): SentRequest[] {
  const [sent, setSent] = useState<SentRequest[]>([]);
  useEffect(() => {
    let active = true;
    let latest = 0;
    const refresh = () => {
      // Only the newest read counts: an older one may finish after it.
      const read = ++latest;
      void readSentRequests().then((next) => {
        if (active && read === latest) setSent(next);
      });
    };
    refresh();
    const stop = onSentRequestsChange(refresh);
    return () => {
      active = false;
      stop();
    };
  }, []);
  return sent;
}

export function SentRequestsNotice() {
  const { t } = useLingui();
  // On a shared clinic tablet the next patient may be reading: a count, never a subject.
  const kiosk = useKioskActive();
  const sent = useSentRequests();
  const count = sent.length;
  const title = kiosk
    ? t`Saved messages have been sent`
    : count === 1
      ? t`Your saved message has been sent`
      : t`Your saved messages have been sent`;

  // How far the news reaches up from the bottom of the window, for the toasts to stack above it.
  const stackRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const element = stackRef.current;
    if (!element || count === 0) {
      root.style.removeProperty("--sent-notice-height");
      return;
    }
    const update = () =>
      root.style.setProperty("--sent-notice-height", `${element.offsetHeight + 8}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--sent-notice-height");
    };
  }, [count]);

  return (
    // Always present and polite, so screen readers announce the news when it appears without
    // interrupting; nothing here takes the focus. It sits where toasts do, and the toasts move up
    // above it (src/theme/theme.ts), so neither a newer toast nor this news covers the other.
    <Box
      ref={stackRef}
      role="status"
      sx={{
        position: "fixed",
        left: 0,
        right: 0,
        bottom: { xs: 8, sm: 24 },
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        display: "flex",
        justifyContent: "center",
        px: 1,
        pointerEvents: "none",
      }}
    >
      {count > 0 && (
        <ClosableAlert
          role="none"
          severity="success"
          variant="filled"
          onClose={() => void dismissSentRequests(sent.map((item) => item.id))}
          sx={{ width: "100%", maxWidth: 560, boxShadow: 6, pointerEvents: "auto" }}
        >
          <AlertTitle>{title}</AlertTitle>
          {kiosk ? (
            <Typography>{t`Messages sent: ${count}`}</Typography>
          ) : (
            <SubjectList subjects={sent.map((item) => item.subject)} />
          )}
        </ClosableAlert>
      )}
    </Box>
  );
}
