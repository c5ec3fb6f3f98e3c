import { useId, useRef, useState, type FormEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import { FormDialogActions } from "@/components/form-dialog-actions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { isValidPin } from "@/features/kiosk/kiosk-search";
import { cancelPinSetup, enableKioskMode } from "@/features/kiosk/kiosk-store";
import { PinField } from "@/features/kiosk/pin-field";
import { Alert } from "@/components/alert";
import { defaultLanguage, isLanguageCode } from "@/lib/i18n";
import { useFocusMainContentWhenLost } from "@/lib/main-content";
import { visuallyHidden } from "@/theme/visually-hidden";

// What loads this dialog waits for its words (kiosk-dialog-words.ts).
export { withKioskDialogWords as withWords } from "@/features/kiosk/kiosk-dialog-words";

/** Staff opened `/?kiosk=on` without a PIN: they choose one here, typed twice. */
export function PinSetupDialog({ idleSeconds }: { idleSeconds?: number }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const textId = useId();
  const [pin, setPin] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<{ pin?: string; repeat?: string }>({});
  const [saving, setSaving] = useState(false);
  const [notLoaded, setNotLoaded] = useState(false);
  const pinInput = useRef<HTMLInputElement>(null);
  const repeatInput = useRef<HTMLInputElement>(null);
  // It opened by itself, from a link: there is no control to return to.
  useFocusMainContentWhenLost();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!isValidPin(pin)) {
      setErrors({ pin: t`Use 4 to 8 digits.` });
      pinInput.current?.focus();
      return;
    }
    if (repeat !== pin) {
      setErrors({ repeat: t`The two PINs are not the same. Type the PIN again.` });
      setRepeat("");
      repeatInput.current?.focus();
      return;
    }
    setErrors({});
    setNotLoaded(false);
    setSaving(true);
    // The interface language chosen now is the one each new patient starts with.
    const language = isLanguageCode(i18n.locale) ? i18n.locale : defaultLanguage;
    if ((await enableKioskMode({ pin, idleSeconds, language })) === "not-loaded") {
      // The dialog stays, with the PIN typed: staff try again once the connection is back.
      setSaving(false);
      setNotLoaded(true);
    }
  };

  return (
    <Dialog open onClose={cancelPinSetup} aria-labelledby={titleId} aria-describedby={textId}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t`Turn on kiosk mode`}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            {t`Patients will share this tablet: what each one enters is cleared after a period without use. Choose a staff PIN of 4 to 8 digits: it is needed to leave kiosk mode.`}
          </DialogContentText>
          <PinField
            id="kiosk-new-pin"
            label={t`New PIN`}
            value={pin}
            onChange={setPin}
            error={errors.pin}
            inputRef={pinInput}
            autoComplete="new-password"
            initialFocus
          />
          <PinField
            id="kiosk-repeat-pin"
            label={t`Repeat the PIN`}
            value={repeat}
            onChange={setRepeat}
            error={errors.repeat}
            inputRef={repeatInput}
            autoComplete="new-password"
          />
          {/* The field shows the message; this region makes screen readers say it at once. */}
          <Box role="alert" sx={visuallyHidden}>
            {errors.pin ?? errors.repeat}
          </Box>
          {notLoaded ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t`Kiosk mode is not on: part of the app did not load. Check the connection and try again.`}
            </Alert>
          ) : null}
        </DialogContent>
        <FormDialogActions
          submitLabel={t`Turn on kiosk mode`}
          busy={saving}
          onCancel={cancelPinSetup}
        />
      </form>
    </Dialog>
  );
}
