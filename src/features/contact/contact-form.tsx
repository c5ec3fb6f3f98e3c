import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import SendIcon from "@mui/icons-material/Send";
import {
  contactFieldLimits,
  contactFieldNames,
  emptyContactFields,
  isContactFields,
  isContactFieldsEmpty,
  trimContactFields,
  validateContactField,
  validateContactFields,
  type ContactErrors,
  type ContactField,
  type ContactFieldError,
  type ContactFields,
} from "@/shared/contact-validation";
import { deliverRequest, enqueueContactRequest } from "@/features/contact/outbox";
import { onOutboxChange, readOutbox, type ContactRequest } from "@/features/contact/outbox-store";
import { OutboxNotice } from "@/features/contact/outbox-notice";
import {
  followOutbox,
  isWaiting,
  toastAfterSend,
  type SendToast,
} from "@/features/contact/send-toast";
import { SubmitToast } from "@/features/contact/submit-toast";
import { useStoredDraft, type DraftStatus } from "@/lib/use-stored-draft";
import { brand } from "@/lib/brand";
import { defaultLanguage, isLanguageCode } from "@/lib/i18n";
import { useKioskActive } from "@/lib/kiosk-flag";
import { storageKeys } from "@/lib/storage";
import { grantPilotAccess } from "@/lib/pilot-access";
import { useContactFieldLabels } from "@/features/contact/contact-field-labels";

export function ContactForm() {
  const { t, i18n } = useLingui();
  // A shared clinic tablet must not offer one patient's name and email to the next.
  const kiosk = useKioskActive();
  const [fields, setFields] = useState<ContactFields>(emptyContactFields);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<SendToast | null>(null);
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement>>>({});
  const draft = useStoredDraft(storageKeys.contactDraft, {
    parse: (value) => (isContactFields(value) ? value : null),
    onRestore: setFields,
    isEmpty: isContactFieldsEmpty,
  });

  const labels = useContactFieldLabels();
  const placeholders: Record<ContactField, string> = {
    name: t`Your full name`,
    email: brand.email,
    subject: t`What's this about?`,
    message: t`Tell us more about your inquiry...`,
  };

  function errorText(field: ContactField, error: ContactFieldError): string {
    if (error === "email")
      return t`Please enter a valid email address, for example name@example.com.`;
    if (error === "too-long") {
      const limit = contactFieldLimits[field];
      return t`This is too long: use at most ${limit} characters.`;
    }
    switch (field) {
      case "name":
        return t`Please enter your full name.`;
      case "email":
        return t`Please enter your email address.`;
      case "subject":
        return t`Please enter a subject.`;
      case "message":
        return t`Please enter your message.`;
    }
  }

  const update =
    (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...fields, [field]: event.target.value };
      setFields(next);
      draft.save(next);
      // An error already shown follows the correction; a new one waits for the next submit.
      if (errors[field]) {
        setErrors((current) => ({
          ...current,
          [field]: validateContactField(field, next[field]) ?? undefined,
        }));
      }
    };

  // The browser found the field invalid (required, type="email"): show our message beside it too,
  // and make the browser's own bubble say the same, in the interface language rather than the
  // browser's.
  const showBrowserError =
    (field: ContactField) => (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const error = validateContactField(field, fields[field]) ?? "required";
      setErrors((current) => ({ ...current, [field]: error }));
      event.currentTarget.setCustomValidity(errorText(field, error));
    };
  // That message stands until the fields change; then the browser checks them afresh.
  useEffect(() => {
    for (const input of Object.values(inputs.current)) input?.setCustomValidity("");
  }, [fields]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = validateContactFields(fields);
    setErrors(found);
    const firstInvalid = contactFieldNames.find((field) => found[field]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }

    setSending(true);
    try {
      const language = isLanguageCode(i18n.locale) ? i18n.locale : defaultLanguage;
      // The request is safe in the outbox before anything else happens, so the form can be cleared.
      const { request, saved } = await enqueueContactRequest(trimContactFields(fields), language);
      setFields(emptyContactFields);
      await draft.clear();
      await grantPilotAccess();
      setToast(toastAfterSend(request.id, await deliverRequest(request.id), saved));
    } finally {
      setSending(false);
    }
  }

  // A "saved, will be sent later" toast follows its request in the outbox.
  const waitingFor = isWaiting(toast) ? toast.requestId : null;
  useEffect(() => {
    if (!waitingFor) return;
    let active = true;
    const follow = () =>
      void readOutbox().then((items) => {
        if (active) setToast((current) => current && followOutbox(current, items));
      });
    follow();
    const stop = onOutboxChange(follow);
    return () => {
      active = false;
      stop();
    };
  }, [waitingFor]);

  const closeToast = () => setToast((current) => current && { ...current, open: false });

  const editAgain = (request: ContactRequest) => {
    const restored: ContactFields = {
      name: request.name,
      email: request.email,
      subject: request.subject,
      message: request.message,
    };
    setFields(restored);
    draft.save(restored);
    setErrors(validateContactFields(restored));
    inputs.current.name?.focus();
  };

  return (
    <>
      <OutboxNotice paused={sending} canEdit={isContactFieldsEmpty(fields)} onEdit={editAgain} />
      <Box component="form" onSubmit={(event) => void submit(event)} aria-label={t`Contact form`}>
        <Stack spacing={3}>
          {contactFieldNames.map((field) => {
            const error = errors[field];
            return (
              <TextField
                key={field}
                id={`contact-${field}`}
                name={field}
                label={labels[field]}
                placeholder={placeholders[field]}
                type={field === "email" ? "email" : "text"}
                autoComplete={
                  kiosk ? "off" : field === "name" ? "name" : field === "email" ? "email" : "off"
                }
                required
                fullWidth
                multiline={field === "message"}
                minRows={field === "message" ? 5 : undefined}
                // A prerendered page cannot measure text: reserve the five rows the browser
                // will size the field to, so nothing below it moves when the page comes alive.
                sx={
                  field === "message"
                    ? { "& textarea:not([aria-hidden])": { minHeight: "calc(5 * 1.4375em)" } }
                    : undefined
                }
                value={fields[field]}
                onChange={update(field)}
                error={Boolean(error)}
                helperText={error ? errorText(field, error) : undefined}
                inputRef={(element: HTMLInputElement | HTMLTextAreaElement | null) => {
                  if (element) inputs.current[field] = element;
                }}
                slotProps={{
                  htmlInput: {
                    maxLength: contactFieldLimits[field],
                    onInvalid: showBrowserError(field),
                  },
                }}
              />
            );
          })}
          <DraftNote status={draft.status} />
          <Box>
            {/* aria-disabled rather than disabled keeps keyboard focus on the button while sending. */}
            <Button
              type="submit"
              variant="contained"
              size="large"
              endIcon={<SendIcon />}
              aria-disabled={sending}
            >
              {sending ? t`Sending…` : t`Send Message`}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Snackbar
        open={!!toast?.open}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        onClose={(_, reason) => {
          // The message stays until it is dismissed: nobody has to read it against a timer.
          if (reason !== "clickaway") closeToast();
        }}
      >
        <div>{toast && <SubmitToast kind={toast.kind} onClose={closeToast} />}</div>
      </Snackbar>
    </>
  );
}

function DraftNote({ status }: { status: DraftStatus }) {
  const { t } = useLingui();
  if (status === "idle") return null;
  const text = {
    saving: t`Saving your draft…`,
    saved: t`Draft saved on this device.`,
    restored: t`Your unfinished message was restored.`,
    failed: t`Your draft could not be saved on this device.`,
  }[status];
  return (
    <Typography
      color={status === "failed" ? "error" : "text.secondary"}
      role={status === "failed" ? "alert" : undefined}
    >
      {text}
    </Typography>
  );
}
