import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import SendIcon from "@mui/icons-material/Send";
import {
  contactFieldNames,
  emptyContactFields,
  isContactFields,
  isContactFieldsEmpty,
  trimContactFields,
  validateContactField,
  validateContactFields,
  type ContactErrors,
  type ContactField,
  type ContactFields,
} from "@/shared/contact-validation";
import { enqueueContactRequest } from "@/features/contact/enqueue-request";
import { deliverRequest, stopReporting } from "@/features/contact/outbox";
import type { ContactRequest } from "@/features/contact/outbox-store";
import { OutboxNotice } from "@/features/contact/outbox-notice";
import { toastAfterSend } from "@/features/contact/send-toast";
import { SubmitToast } from "@/features/contact/submit-toast";
import { BottomToast } from "@/components/bottom-toast";
import { useStoredDraft, type DraftStatus } from "@/lib/use-stored-draft";
import { defaultLanguage, isLanguageCode } from "@/lib/i18n";
import { useKioskActive } from "@/lib/kiosk-flag";
import { storageKeys, writeValue } from "@/lib/storage";
import { grantPilotAccess } from "@/lib/pilot-access";
import { useContactFieldTexts } from "@/features/contact/contact-field-labels";
import { useSendToast } from "@/features/contact/use-send-toast";
import { ContactFieldInput } from "@/features/contact/contact-field-input";
import { Alert, AlertTitle } from "@/components/alert";
import { Button } from "@/components/button";
import {
  fieldsTypedBeforeStart,
  readPrerenderedFields,
} from "@/features/contact/typed-before-start";
import { contactFormAction, contactFormHiddenFields } from "@/shared/contact-form-post";
import {
  heldDrafts,
  noteDraft,
  onShownSentElsewhere,
  tellSentElsewhere,
} from "@/features/contact/sent-elsewhere";
import { useLatest } from "@/lib/use-latest";

export function ContactForm() {
  const { t, i18n } = useLingui();
  // A shared clinic tablet must not offer one patient's name and email to the next.
  const kiosk = useKioskActive();
  const [fields, setFields] = useState<ContactFields>(emptyContactFields);
  const [errors, setErrors] = useState<ContactErrors>({});
  // The field the server refused a request for, brought back to be corrected ("Correct and send
  // again"): said on the field until it is changed.
  const [refused, setRefused] = useState<ContactField | null>(null);
  const [sending, setSending] = useState(false);
  // The last Send failed before the request was in the outbox: nothing was sent or cleared.
  const [sendFailed, setSendFailed] = useState(false);
  // The request being sent: if the user leaves meanwhile, the app-wide notice says what became of
  // it, since this form's toast no longer can.
  const sendingId = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (sendingId.current) stopReporting(sendingId.current);
    },
    [],
  );
  const { toast, showToast, closeToast } = useSendToast();
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement>>>({});
  const pageIdInput = useRef<HTMLInputElement>(null);
  const draft = useStoredDraft(storageKeys.contactDraft, {
    parse: (value) => (isContactFields(value) ? value : null),
    onRestore: (restored) => {
      noteDraft(restored);
      setFields(restored);
    },
    isEmpty: isContactFieldsEmpty,
  });
  // Every draft the form holds is noted, so that a window still showing one of them, unchanged,
  // clears it when this one sends the message it led to (sent-elsewhere.ts).
  const saveDraft = (next: ContactFields) => {
    noteDraft(next);
    draft.save(next);
  };

  const { labels, placeholders, errorText } = useContactFieldTexts();

  // The message shown here was sent from another window of the app: it goes, as it went there,
  // so it is not sent twice, nor kept as the device's draft.
  const [sentElsewhere, setSentElsewhere] = useState(false);
  const shown = useLatest(fields);
  const { clear: clearDraft, save: saveShown } = draft;
  useEffect(
    () =>
      onShownSentElsewhere(
        () => shown.current,
        () => {
          if (isContactFieldsEmpty(shown.current)) return;
          setFields(emptyContactFields);
          setErrors({});
          setRefused(null);
          setSentElsewhere(true);
          void clearDraft();
        },
        // The sending window removed the device's draft: another one shown here is written again.
        () => {
          if (!isContactFieldsEmpty(shown.current)) saveShown(shown.current);
        },
      ),
    [shown, clearDraft, saveShown],
  );

  // A prerendered page can be typed into before the app has arrived: what is in the fields when
  // the app takes them over is the form's value and its draft (which then wins over an older
  // stored one), before anything renders the fields again with the empty state. Drawn afresh,
  // the page's fields are gone by then: what they held is read as the form first renders.
  const [prerendered] = useState(readPrerenderedFields);
  useLayoutEffect(() => {
    const typed = fieldsTypedBeforeStart(
      emptyContactFields,
      (field) => inputs.current[field]?.value || prerendered[field],
    );
    if (!typed) return;
    setFields(typed);
    saveDraft(typed);
    // Once, as the form is taken over; `draft.save` is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update =
    (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...fields, [field]: event.target.value };
      setFields(next);
      setSentElsewhere(false);
      saveDraft(next);
      if (refused === field) setRefused(null);
      // An error already shown follows the correction; a new one waits for the next submit, but
      // "too long", which more typing cannot mend, shows at once (a long paste is not cut short).
      const error = validateContactField(field, next[field]);
      if (errors[field] || error === "too-long") {
        setErrors((current) => ({ ...current, [field]: error ?? undefined }));
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
    setSendFailed(false);
    setSentElsewhere(false);
    // The last send's toast goes, so that this one's comes into the page anew: a screen reader
    // announces an alert as it appears, not one that stays with the same words.
    closeToast();
    let queued: { request: ContactRequest; saved: boolean } | undefined;
    try {
      const language = isLanguageCode(i18n.locale) ? i18n.locale : defaultLanguage;
      // The request is safe in the outbox before anything else happens, so the form can be cleared.
      // The page's id makes the request's id as the server makes it for this form posted without
      // the app: sent again once the app is here (the plain post's answer was lost), the same
      // message is not stored twice.
      const words = trimContactFields(fields);
      queued = await enqueueContactRequest(
        words,
        language,
        pageIdInput.current?.value || undefined,
      );
      const { request, saved } = queued;
      sendingId.current = request.id;
      const earlier = heldDrafts();
      noteDraft(emptyContactFields);
      setFields(emptyContactFields);
      setRefused(null);
      await draft.clear();
      // Kept in this page's memory only (no IndexedDB), it would go with this page: the other
      // windows keep their copy then. Told once the draft is removed, so that a window showing
      // other words can write them back as the device's draft.
      if (saved) tellSentElsewhere(words, earlier);
      await grantPilotAccess();
      showToast(toastAfterSend(request.id, await deliverRequest(request.id), saved));
    } catch (error) {
      console.error("The message could not be sent:", error);
      // Once in the outbox, the request goes from there as one that had to wait; before, the
      // form and its draft still hold it, to be sent again.
      if (queued) showToast(toastAfterSend(queued.request.id, { state: "pending" }, queued.saved));
      else setSendFailed(true);
    } finally {
      sendingId.current = null;
      setSending(false);
    }
  }

  // Resolves once the words are written to the draft: only then does the request leave the
  // outbox (correct-again.ts).
  const editAgain = (restored: ContactFields, refusedHere: ContactField | undefined) => {
    setFields(restored);
    saveDraft(restored);
    setSentElsewhere(false);
    setErrors(validateContactFields(restored));
    setRefused(refusedHere ?? null);
    inputs.current[refusedHere ?? "name"]?.focus();
    return writeValue(storageKeys.contactDraft, restored);
  };

  return (
    <>
      <OutboxNotice paused={sending} canEdit={isContactFieldsEmpty(fields)} onEdit={editAgain} />
      {/* Without the app (its scripts not here yet), the browser posts the form to the server,
          which stores the request and answers with a page (server/routes/request-form.ts). */}
      <Box
        component="form"
        method="post"
        action={contactFormAction}
        onSubmit={(event) => void submit(event)}
        // While sending, the fields are already cleared: a second press (a tremor's, or a key
        // held) is not checked by the browser as an empty form, only ignored.
        noValidate={sending}
        aria-label={t`Contact form`}
      >
        <input type="hidden" name={contactFormHiddenFields.language} value={i18n.locale} />
        {/* Filled in by the page's loader (src/page-scripts/app-loader.ts) as the page loads. */}
        <input type="hidden" name={contactFormHiddenFields.id} ref={pageIdInput} />
        {/* Always there (empty, it takes no room), so the words are announced as they come. */}
        <Typography role="status" sx={{ mb: sentElsewhere ? 3 : 0 }}>
          {sentElsewhere ? t`This message was sent from another window of the app.` : null}
        </Typography>
        <Stack spacing={3}>
          {contactFieldNames.map((field) => (
            <ContactFieldInput
              key={field}
              field={field}
              label={labels[field]}
              placeholder={placeholders[field]}
              value={fields[field]}
              error={
                errors[field]
                  ? errorText(field, errors[field])
                  : refused === field
                    ? t`The server did not accept this. Correct it, then send the message again.`
                    : undefined
              }
              kiosk={kiosk}
              onChange={update(field)}
              onInvalid={showBrowserError(field)}
              inputRef={(element) => {
                if (element) inputs.current[field] = element;
              }}
            />
          ))}
          {sendFailed && (
            <Alert severity="error">
              <AlertTitle>{t`Message not sent`}</AlertTitle>
              {t`Your message could not be sent. What you typed is kept: please send it again.`}
            </Alert>
          )}
          <SendButton sending={sending} />
          {/* Under the button: it comes with the first letter typed and goes as a send clears
              the fields, and above it, it moved Send Message 51 px under a finger on its way to
              it, or on it (on a phone in Russian). */}
          <DraftNote status={draft.status} />
        </Stack>
      </Box>
      {toast?.open && (
        <BottomToast onClose={closeToast}>
          <SubmitToast kind={toast.kind} kiosk={kiosk} onClose={closeToast} />
        </BottomToast>
      )}
    </>
  );
}

function SendButton({ sending }: { sending: boolean }) {
  const { t } = useLingui();
  return (
    <Box>
      {/* aria-disabled rather than disabled keeps keyboard focus on the button while sending. */}
      <Button
        type="submit"
        variant="contained"
        size="large"
        endIcon={<SendIcon />}
        aria-disabled={sending}
        roomFor={sending ? t`Send Message` : t`Sending…`}
        // A word wider than the form breaks rather than pushing the button past it: with the
        // text at 200 % on a phone, Kyrgyz "Жөнөтүлүүдө…" (Sending…) is.
        sx={{ overflowWrap: "anywhere" }}
      >
        {sending ? t`Sending…` : t`Send Message`}
      </Button>
    </Box>
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
