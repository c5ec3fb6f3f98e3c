import { useId } from "react";
import { useLingui } from "@lingui/react/macro";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { Button } from "@/components/button";
import { nameOf, pickFromList, scanChoicesAttribute } from "@/features/talk/scanning/scan-targets";

/**
 * A list's choices as buttons, for switch scanning. A native `<select>` opens the browser's own
 * popup, which a switch cannot move through: chosen by the switch, the list's options come up
 * here instead, one button each, in a modal dialog that scanning takes over (scan-targets.ts).
 * A choice sets the list as picking it would, with the same change event; Cancel leaves it as it
 * was. Either way the focus goes back to the list. The switch's Undo right after a choice sets
 * the list back (use-switch-scanning.ts).
 */
export function ScanChoiceDialog({
  list,
  onClose,
}: {
  list: HTMLSelectElement | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  if (!list) return null;
  const finish = (value?: string) => {
    if (value !== undefined) pickFromList(list, value);
    onClose();
    list.focus();
  };
  return (
    <Dialog
      open
      onClose={() => finish()}
      aria-labelledby={titleId}
      disableRestoreFocus
      {...{ [scanChoicesAttribute]: "" }}
    >
      <DialogTitle id={titleId}>{nameOf(list)}</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {[...list.options]
            .filter((option) => !option.disabled)
            .map((option) => (
              <Button
                key={option.value}
                lang={option.lang || undefined}
                variant={option.value === list.value ? "contained" : "outlined"}
                aria-current={option.value === list.value ? "true" : undefined}
                onClick={() => finish(option.value)}
              >
                {option.text}
              </Button>
            ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="outlined" onClick={() => finish()}>
          {t`Cancel`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
