import { useLingui } from "@lingui/react/macro";
import DialogActions from "@mui/material/DialogActions";
import { Button } from "@/components/button";

/** A form dialog's Cancel and its submit button, which waits while `busy` (its form must ignore a submit then). */
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
      {/* Focusable while busy (aria-disabled), so the press does not drop the focus; the form
          itself ignores a second submit while the first is under way. */}
      <Button
        type="submit"
        variant="contained"
        aria-disabled={busy}
        onClick={(event) => busy && event.preventDefault()}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
