import { useLingui } from "@lingui/react/macro";
import DialogActions from "@mui/material/DialogActions";
import { Button } from "@/components/button";

/** A form dialog's Cancel and its submit button, which waits while `busy`. */
export function FormDialogActions({
  submitLabel,
  busy = false,
  onCancel,
}: {
  submitLabel: string;
  busy?: boolean;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  return (
    <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: "wrap" }}>
      <Button onClick={onCancel} variant="outlined">
        {t`Cancel`}
      </Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
