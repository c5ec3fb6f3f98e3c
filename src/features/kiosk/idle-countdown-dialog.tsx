import { useId, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { announcedSecondsLeft } from "@/features/kiosk/idle-machine";
import { visuallyHidden } from "@/theme/visually-hidden";
import { Button } from "@/components/button";

// What loads this dialog waits for its words (kiosk-dialog-words.ts).
export { withKioskDialogWords as withWords } from "@/features/kiosk/kiosk-dialog-words";

/**
 * "Are you still there?" with the seconds left before the privacy reset, in large figures, and one
 * large Continue button. Nothing moves but the number, so there is no motion to reduce, and the
 * number keeps its width as it counts down.
 */
export function IdleCountdownDialog({
  open,
  secondsLeft,
  onContinue,
}: {
  open: boolean;
  secondsLeft: number;
  onContinue: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const textId = useId();
  const numberId = useId();
  // While the dialog fades out, it keeps showing the number it closed at.
  const [shown, setShown] = useState(secondsLeft);
  if (open && shown !== secondsLeft) setShown(secondsLeft);
  const announced = announcedSecondsLeft(shown);

  return (
    <Dialog
      open={open}
      onClose={onContinue}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={`${textId} ${numberId}`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ fontSize: "min(1.75rem, var(--h1))", fontWeight: 800 }}>
        {t`Are you still there?`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ fontSize: "1.125rem" }}>
          {t`To protect your privacy, what you entered will be cleared for the next person when the countdown ends.`}
        </DialogContentText>
        <Box
          id={numberId}
          sx={{
            mt: 3,
            display: "flex",
            alignItems: "baseline",
            justifyContent: "center",
            gap: 1.5,
          }}
        >
          <Box component="span" sx={visuallyHidden}>
            {t`Seconds left:`}
          </Box>
          {/* As wide at 9 as at 10, in figures of one width: the words beside it stay put, and a
              label that wraps at 10 on a narrow phone does not unwrap at 9 and move Continue. */}
          <Box
            component="span"
            sx={{
              fontSize: "4.5rem",
              fontWeight: 800,
              lineHeight: 1,
              color: "primary.main",
              fontVariantNumeric: "tabular-nums",
              minWidth: "2ch",
              textAlign: "end",
            }}
          >
            {shown}
          </Box>
          <Box
            component="span"
            aria-hidden="true"
            sx={{ fontSize: "1.25rem", color: "text.secondary" }}
          >
            {t`seconds left`}
          </Box>
        </Box>
        <Box role="status" sx={visuallyHidden}>
          {announced === null ? "" : t`Seconds left: ${announced}`}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button
          onClick={onContinue}
          variant="contained"
          size="large"
          fullWidth
          // The one thing to do here: focused, a keyboard or switch user answers at once.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          sx={{ minHeight: 64, fontSize: "1.25rem" }}
        >
          {t`Continue`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
