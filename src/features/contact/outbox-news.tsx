/**
 * The outbox's news, on every page (mounted once, src/app-notices.tsx), at the bottom of the
 * screen where toasts sit; the toasts move up above it (src/theme/theme.ts), so neither covers the
 * other. Two kinds, each until the user closes it:
 * - requests that had to wait and have now been sent (sent-requests-notice.tsx);
 * - requests that had to wait and were then refused by the server (refused-requests-notice.tsx):
 *   the visitor may have long left the contact page, where such a request is shown to be
 *   corrected, so the news leads there. Not on the contact page itself, which shows them already,
 *   nor on a clinic's kiosk, where the next patient may be reading and only staff can resend them
 *   (the contact page tells them so).
 * Nothing here takes the focus.
 */
import { useEffect, useRef, useState } from "react";
import type { Messages } from "@lingui/core";
import { useRouterState } from "@tanstack/react-router";
import Box from "@mui/material/Box";
import { onOutboxChange } from "@/features/contact/outbox-store";
import { onSentRequestsChange, readSentRequests } from "@/features/contact/sent-notice";
import { dismissRefusalNews, readRefusalNews } from "@/features/contact/refusal-news";
import { SentRequestsNotice } from "@/features/contact/sent-requests-notice";
import { RefusedRequestsNotice } from "@/features/contact/refused-requests-notice";
import { useKioskActive } from "@/lib/kiosk-flag";
import { withOwnCatalogPart } from "@/lib/i18n";
import { loadUntilLoaded } from "@/lib/load-when-online";

/** What `read` gives, read again whenever `onChange` says it may have changed. */
function useStoredNews<T>(
  read: () => Promise<T[]>,
  onChange: (listener: () => void) => () => void,
): T[] {
  const [news, setNews] = useState<T[]>([]);
  useEffect(() => {
    let active = true;
    let latest = 0;
    const refresh = () => {
      // Only the newest read counts: an older one may finish after it.
      const reading = ++latest;
      void read().then((next) => {
        if (active && reading === latest) setNews(next);
      });
    };
    refresh();
    const stop = onChange(refresh);
    return () => {
      active = false;
      stop();
    };
  }, [read, onChange]);
  return news;
}

// The words of a refusal's news come the first time there is one to tell (most visits have none):
// with the rest of the messages, every page's first load would carry them.
const loadRefusalWords = loadUntilLoaded(() =>
  withOwnCatalogPart(
    "outbox-refusals",
    import.meta.glob<{ messages: Messages }>("/locales/*/outbox-refusals.po"),
    Promise.resolve(),
  ),
);

export function OutboxNews() {
  const sent = useStoredNews(readSentRequests, onSentRequestsChange);
  const refused = useStoredNews(readRefusalNews, onOutboxChange);
  const onContactPage = useRouterState({
    select: (state) => /^\/contact\/?$/.test(state.location.pathname),
  });
  const kiosk = useKioskActive();
  const refusalWanted = refused.length > 0 && !onContactPage && !kiosk;
  const [refusalWords, setRefusalWords] = useState(false);
  useEffect(() => {
    if (!refusalWanted || refusalWords) return;
    let active = true;
    void loadRefusalWords().then(() => {
      if (active) setRefusalWords(true);
    });
    return () => {
      active = false;
    };
  }, [refusalWanted, refusalWords]);
  const refusalShown = refusalWanted && refusalWords;
  const shown = sent.length > 0 || refusalShown;

  // How far the news reaches up from the bottom of the window, for the toasts to stack above it.
  const stackRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const element = stackRef.current;
    if (!element || !shown) {
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
  }, [shown]);

  return (
    <Box
      ref={stackRef}
      sx={{
        position: "fixed",
        left: 0,
        right: 0,
        bottom: { xs: 8, sm: 24 },
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        px: 1,
        pointerEvents: "none",
      }}
    >
      {refusalShown ? (
        <Box
          sx={{ width: "100%", display: "flex", justifyContent: "center", mb: sent.length ? 1 : 0 }}
        >
          <RefusedRequestsNotice
            refused={refused}
            onTold={() => void dismissRefusalNews(refused.map((item) => item.id))}
          />
        </Box>
      ) : null}
      {/* Always present and polite, so screen readers announce the news when it appears without
          interrupting. */}
      <Box role="status" sx={{ width: "100%", display: "flex", justifyContent: "center" }}>
        {sent.length > 0 && <SentRequestsNotice sent={sent} />}
      </Box>
    </Box>
  );
}
