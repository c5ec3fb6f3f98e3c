/** A warning when this device cannot save work (IndexedDB failing or missing). */
import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Snackbar from "@mui/material/Snackbar";
import { ClosableAlert } from "@/components/closable-alert";
import { onStorageError } from "@/lib/storage";

export function StorageErrorNotice() {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => onStorageError(() => setFailed(true)), []);
  return (
    <Snackbar
      open={failed && !dismissed}
      anchorOrigin={{ vertical: "top", horizontal: "center" }}
      // Escape closes it too; a tap elsewhere does not.
      onClose={(_event, reason) => reason === "escapeKeyDown" && setDismissed(true)}
    >
      <ClosableAlert severity="warning" variant="filled" onClose={() => setDismissed(true)}>
        {t`This device could not save your work. You can keep going, but it may be lost when the app closes.`}
      </ClosableAlert>
    </Snackbar>
  );
}
