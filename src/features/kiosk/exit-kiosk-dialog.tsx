import { useId, useRef, useState, type FormEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import { FormDialogActions } from "@/components/form-dialog-actions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { lockedUntil, type PinCheck } from "@/features/kiosk/kiosk-pin";
import { isValidPin } from "@/features/kiosk/kiosk-search";
import { exitKioskMode, getKioskSnapshot } from "@/features/kiosk/kiosk-store";
import { PinField } from "@/features/kiosk/pin-field";
import { timeOfDay } from "@/lib/date-time";
import { useFocusMainContentWhenLost } from "@/lib/main-content";
import { visuallyHidden } from "@/theme/visually-hidden";

// What loads this dialog waits for its words (kiosk-dialog-words.ts).
export { withKioskDialogWords as withWords } from "@/features/kiosk/kiosk-dialog-words";

type Problem =
  | { kind: "format" }
  | { kind: "refused"; attemptsLeft: number }
  | { kind: "locked"; until: number }
  /** The PIN was right, but kiosk mode could not be turned off (it stays on). */
  | { kind: "failed" };

function initialProblem(): Problem | null {
  const setting = getKioskSnapshot().setting;
  const until = setting ? lockedUntil(setting, Date.now()) : null;
  return until === null ? null : { kind: "locked", until };
}

function problemOf(check: PinCheck): Problem | null {
  if (check.outcome === "refused") return { kind: "refused", attemptsLeft: check.attemptsLeft };
  if (check.outcome === "locked") return { kind: "locked", until: check.until };
  return null;
}

export default function ExitKioskDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const textId = useId();
  const [pin, setPin] = useState("");
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(initialProblem);
  const input = useRef<HTMLInputElement>(null);
  // The right PIN takes the exit button away with kiosk mode.
  useFocusMainContentWhenLost();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    if (!isValidPin(pin)) {
      setProblem({ kind: "format" });
      input.current?.focus();
      return;
    }
    setChecking(true);
    let next: Problem | null;
    try {
      // When the PIN was right, kiosk mode is off and this dialog is gone with it. Should kiosk
      // mode not turn off (the device kept its setting, say), it stays on, and so does this.
      next = problemOf(await exitKioskMode(pin));
    } catch (error) {
      console.error("Kiosk mode could not be turned off:", error);
      next = { kind: "failed" };
    }
    setChecking(false);
    setPin("");
    setProblem(next);
    input.current?.focus();
  };

  let message: string | undefined;
  if (problem?.kind === "format") message = t`Enter the PIN: 4 to 8 digits.`;
  if (problem?.kind === "refused") {
    const attemptsLeft = problem.attemptsLeft;
    message = t`Wrong PIN. Attempts left: ${attemptsLeft}.`;
  }
  if (problem?.kind === "failed") message = t`Kiosk mode could not be turned off. Try again.`;
  if (problem?.kind === "locked") {
    const time = timeOfDay(i18n.locale).format(problem.until);
    message = t`Too many wrong PINs. Try again after ${time}.`;
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t`Exit kiosk mode`}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            {t`For clinic staff: enter the kiosk PIN to turn kiosk mode off on this tablet.`}
          </DialogContentText>
          <PinField
            id="kiosk-exit-pin"
            label={t`Kiosk PIN`}
            value={pin}
            onChange={setPin}
            inputRef={input}
            autoComplete="off"
            error={message}
            initialFocus
          />
          {/* The field shows the message; this region makes screen readers say it at once. */}
          <Box role="alert" sx={visuallyHidden}>
            {message}
          </Box>
        </DialogContent>
        <FormDialogActions submitLabel={t`Exit kiosk mode`} busy={checking} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
