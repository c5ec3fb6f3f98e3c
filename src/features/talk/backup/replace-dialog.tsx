import { useId, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { Button } from "@/components/button";

/** Focuses a button when it is first drawn (the dialog keeps the focus inside from then on). */
const focusOnce = (element: HTMLButtonElement | null) => element?.focus();

/**
 * Asks before a file takes the place of boards the user made: a slip in the file picker must not
 * cost them their phrases. Cancel is where the focus starts. The caller puts the focus back where
 * the user was once it is gone.
 */
export function ReplaceDialog({
  title,
  children,
  replaceLabel,
  onReplace,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  replaceLabel: string;
  onReplace: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      disableRestoreFocus
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Typography id={textId}>{children}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: "wrap" }}>
        <Button variant="outlined" onClick={onCancel} ref={focusOnce}>
          {t`Cancel`}
        </Button>
        <Button variant="contained" onClick={onReplace}>
          {replaceLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
