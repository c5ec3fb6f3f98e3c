import { useEffect, useId, useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { hasPilotAccess } from "@/lib/pilot-access";

/** How long after the page loads the popup appears (product spec: about 100 ms). */
export const paidDialogDelayMs = 100;

/**
 * The "available in the paid version" popup of the Recognition and Recovery pages. It appears
 * shortly after load unless this device has pilot access; closing it, by any means, goes to the
 * contact page where the visitor can leave a request.
 */
export function PaidFeatureDialog({ message }: { message: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void hasPilotAccess().then((granted) => {
        if (!cancelled && !granted) setOpen(true);
      });
    }, paidDialogDelayMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, []);

  const close = () => {
    setOpen(false);
    void navigate({ to: "/contact" });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t`Available in the paid version`}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: "wrap" }}>
        <Button onClick={close} variant="outlined">
          {t`Close`}
        </Button>
        <Button onClick={close} variant="contained">
          {t`Leave a request`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
