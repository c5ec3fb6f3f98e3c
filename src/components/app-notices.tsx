/**
 * App-wide notices: the offline indicator, "Ready to work offline" (once), "A new version is
 * available" with a Reload action (the app never reloads by itself in the middle of a task), and
 * a warning when this device cannot save work (IndexedDB failing or missing).
 */
import { useEffect, useState } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import type { SxProps, Theme } from "@mui/material/styles";
import CloudOffIcon from "@mui/icons-material/CloudOff";
import { ClosableAlert } from "@/components/closable-alert";
import { onStorageError } from "@/lib/storage";
import { useConnectionStatus } from "@/lib/use-online-status";

/**
 * "Offline" when the browser has no network, "Connection unreliable" when it has one but the
 * server's answers time out (the app then works as offline until the next answer).
 * `labelSx`: extra styles for the label (the header hides it when space runs out).
 */
export function OfflineIndicator({ labelSx }: { labelSx?: SxProps<Theme> }) {
  const { t } = useLingui();
  const status = useConnectionStatus();
  return (
    <Box role="status" sx={{ display: "contents" }}>
      {status === "online" ? null : (
        <Box
          sx={{
            display: "inline-flex",
            alignItems: "center",
            gap: 0.75,
            px: 1.5,
            minHeight: 36,
            borderRadius: 999,
            bgcolor: "warning.main",
            color: "#fff",
            fontWeight: 700,
            fontSize: "0.875rem",
            whiteSpace: "nowrap",
          }}
        >
          <CloudOffIcon fontSize="small" aria-hidden="true" />
          <Box component="span" sx={labelSx}>
            {status === "offline" ? t`Offline` : t`Connection unreliable`}
          </Box>
        </Box>
      )}
    </Box>
  );
}

export function ServiceWorkerNotices() {
  const { t } = useLingui();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });

  return (
    <>
      <Snackbar
        open={offlineReady}
        onClose={(_event, reason) => reason !== "clickaway" && setOfflineReady(false)}
        autoHideDuration={8000}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <ClosableAlert severity="success" variant="filled" onClose={() => setOfflineReady(false)}>
          {t`Ready to work offline`}
        </ClosableAlert>
      </Snackbar>
      <Snackbar open={needRefresh} anchorOrigin={{ vertical: "bottom", horizontal: "center" }}>
        <ClosableAlert
          severity="info"
          variant="filled"
          onClose={() => setNeedRefresh(false)}
          action={
            <Button
              color="inherit"
              variant="outlined"
              onClick={() => void updateServiceWorker(true)}
            >
              {t`Reload`}
            </Button>
          }
        >
          {t`A new version is available`}
        </ClosableAlert>
      </Snackbar>
    </>
  );
}

export function StorageErrorNotice() {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => onStorageError(() => setFailed(true)), []);
  return (
    <Snackbar open={failed && !dismissed} anchorOrigin={{ vertical: "top", horizontal: "center" }}>
      <ClosableAlert severity="warning" variant="filled" onClose={() => setDismissed(true)}>
        {t`This device could not save your work. You can keep going, but it may be lost when the app closes.`}
      </ClosableAlert>
    </Snackbar>
  );
}
