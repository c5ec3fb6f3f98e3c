/**
 * The service worker's notices: "Ready to work offline" (once) and "A new version is available"
 * with a Reload action (the app never reloads by itself in the middle of a task; a kiosk takes a
 * new version between two patients instead).
 */
import { useDeferredValue } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { useLingui } from "@lingui/react/macro";
import { BottomToast } from "@/components/bottom-toast";
import { ClosableAlert } from "@/components/closable-alert";
import { Button } from "@/components/button";
import { useKioskActive } from "@/lib/kiosk-flag";
import { reloadPage } from "@/lib/reload-page";
import { checkForUpdatesWhileOpen } from "@/lib/update-checks";

export function ServiceWorkerNotices() {
  const { t } = useLingui();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
  } = useRegisterSW({
    immediate: true,
    // The plugin would reload every window of the app that showed the notice as soon as one of
    // them lets the new version in (the installed app beside a browser tab), mid-task. Only the
    // window whose Reload was pressed reloads (reload-page.ts does it); the others keep their
    // notice, and reload when their user asks.
    onNeedReload: () => {},
    // A page left open for days (a kiosk, an installed app) asks for new versions now and then.
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdatesWhileOpen(registration);
    },
  });
  // The notices render in a transition: "Ready to work offline" arrives while a first visit may
  // still be starting, and its mount is sliced instead of one long task (issue 22).
  const offlineReadyShown = useDeferredValue(offlineReady);
  const needRefreshShown = useDeferredValue(needRefresh);
  // A kiosk brings a new version in by itself between two patients (kiosk-session.tsx): a
  // patient is not asked to reload the clinic's tablet.
  const kiosk = useKioskActive();

  return (
    <>
      {offlineReadyShown && (
        <BottomToast onClose={() => setOfflineReady(false)} hideAfterMs={8000}>
          <ClosableAlert severity="success" variant="filled" onClose={() => setOfflineReady(false)}>
            {t`Ready to work offline`}
          </ClosableAlert>
        </BottomToast>
      )}
      {needRefreshShown && !kiosk && (
        <BottomToast onClose={() => setNeedRefresh(false)}>
          <ClosableAlert
            severity="info"
            variant="filled"
            onClose={() => setNeedRefresh(false)}
            action={
              <Button color="inherit" variant="outlined" onClick={() => void reloadPage()}>
                {t`Reload`}
              </Button>
            }
          >
            {t`A new version is available`}
          </ClosableAlert>
        </BottomToast>
      )}
    </>
  );
}
