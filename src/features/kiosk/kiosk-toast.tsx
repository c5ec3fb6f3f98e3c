/**
 * The toast that shows a kiosk notice (kiosk-mode.tsx says it to screen readers itself). Loaded
 * with the first notice, so visitors who never meet kiosk mode never load MUI's snackbar.
 */
import Snackbar from "@mui/material/Snackbar";
import { ClosableAlert } from "@/components/closable-alert";

export default function KioskToast({
  noticeId,
  open,
  message,
  warning,
  onClose,
}: {
  noticeId: number;
  open: boolean;
  message: string;
  warning: boolean;
  onClose: () => void;
}) {
  return (
    <Snackbar
      key={noticeId}
      open={open}
      autoHideDuration={warning ? null : 6000}
      onClose={(_event, reason) => {
        if (reason !== "clickaway") onClose();
      }}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
    >
      <ClosableAlert
        role="none"
        severity={warning ? "warning" : "success"}
        variant="filled"
        onClose={onClose}
      >
        {message}
      </ClosableAlert>
    </Snackbar>
  );
}
