/**
 * The service worker's notices: "Ready to work offline" (once) and "A new version is available"
 * with a Reload action (the app never reloads by itself in the middle of a task; a kiosk takes a
 * new version between two patients instead). Reload may have to wait for the new version to take
 * over (new-version.ts); meanwhile the notice says that the app is updating.
 *
 * Their words are a catalog part of their own (src/shared/catalog-parts.ts), fetched with this
 * code, which comes once the page is live (src/app-notices.tsx): with the rest of the messages,
 * every page's first load would carry them.
 */
import { useDeferredValue, useEffect, useState } from "react";
import type { Messages } from "@lingui/core";
import { useRegisterSW } from "virtual:pwa-register/react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { BottomToast } from "@/components/bottom-toast";
import { ClosableAlert } from "@/components/closable-alert";
import { Button } from "@/components/button";
import { withOwnCatalogPart } from "@/lib/i18n";
import { useKioskActive } from "@/lib/kiosk-flag";
import { loadUntilLoaded } from "@/lib/load-when-online";
import { reloadWithNewVersion } from "@/lib/new-version";
import { checkForUpdatesWhileOpen } from "@/lib/update-checks";

const loadNoticeWords = loadUntilLoaded(() =>
  withOwnCatalogPart(
    "app-updates",
    import.meta.glob<{ messages: Messages }>("/locales/*/app-updates.po"),
    Promise.resolve(),
  ),
);

export function ServiceWorkerNotices() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
  } = useRegisterSW({
    immediate: true,
    // The plugin would reload every window of the app that showed the notice as soon as one of
    // them lets the new version in (the installed app beside a browser tab), mid-task. Only the
    // window whose Reload was pressed reloads (new-version.ts does it); the others keep their
    // notice, and reload when their user asks.
    onNeedReload: () => {},
    // A page left open for days (a kiosk, an installed app) asks for new versions now and then.
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdatesWhileOpen(registration);
    },
  });
  const [words, setWords] = useState(false);
  useEffect(() => {
    let active = true;
    void loadNoticeWords().then(() => {
      if (active) setWords(true);
    });
    return () => {
      active = false;
    };
  }, []);
  // The notices render in a transition: "Ready to work offline" arrives while a first visit may
  // still be starting, and its mount is sliced instead of one long task (issue 22).
  const offlineReadyShown = useDeferredValue(offlineReady && words);
  const needRefreshShown = useDeferredValue(needRefresh && words);
  // A kiosk brings a new version in by itself between two patients (features/kiosk/kiosk-uses.ts):
  // a patient is not asked to reload the clinic's tablet.
  const kiosk = useKioskActive();

  return (
    <>
      {offlineReadyShown && <OfflineReadyNotice onClose={() => setOfflineReady(false)} />}
      {needRefreshShown && !kiosk && <NewVersionNotice onClose={() => setNeedRefresh(false)} />}
    </>
  );
}

function OfflineReadyNotice({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <BottomToast onClose={onClose} hideAfterMs={8000}>
      <ClosableAlert severity="success" variant="filled" onClose={onClose}>
        {t`Ready to work offline`}
      </ClosableAlert>
    </BottomToast>
  );
}

function NewVersionNotice({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  // Reload pressed, and the page not loaded again yet: the new version may wait for the old
  // one's work to end (a download on a slow connection) before it takes over.
  const [updating, setUpdating] = useState(false);
  const reload = () => {
    if (updating) return;
    setUpdating(true);
    // Its user went on meanwhile: the page is not loaded again under them, and Reload is theirs
    // to press again when they are ready (told `false`).
    void reloadWithNewVersion(setUpdating);
  };
  return (
    <BottomToast onClose={onClose}>
      <ClosableAlert
        severity="info"
        variant="filled"
        onClose={onClose}
        action={
          // aria-disabled rather than disabled: the button keeps the focus while it waits.
          <Button color="inherit" variant="outlined" aria-disabled={updating} onClick={reload}>
            {t`Reload`}
          </Button>
        }
      >
        {t`A new version is available`}
        {/* Present from the notice's start, so screen readers notice the words appear. */}
        <Box role="status">{updating ? t`Updating the app…` : ""}</Box>
      </ClosableAlert>
    </BottomToast>
  );
}
