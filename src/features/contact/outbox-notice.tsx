import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useKioskActive } from "@/lib/kiosk-flag";
import { deliverOutbox } from "@/features/contact/outbox";
import { correctAgain } from "@/features/contact/correct-again";
import {
  isOutboxKeptOnDevice,
  onOutboxChange,
  readOutbox,
  type ContactRequest,
  type OutboxItem,
} from "@/features/contact/outbox-store";
import { refusedField, useContactFieldLabels } from "@/features/contact/contact-field-labels";
import { SubjectList } from "@/features/contact/subject-list";
import { Alert, AlertTitle } from "@/components/alert";
import { Button } from "@/components/button";
import { useFocusMainContentWhenLost } from "@/lib/main-content";
import type { ContactField, ContactFields } from "@/shared/contact-validation";

/**
 * What is still in this device's outbox: requests waiting for the connection (with a way to try
 * now) and requests the server refused (with its reason and a way to correct them). A request is
 * never dropped without the user seeing it: once a waiting one has gone through, the app-wide
 * notice says so, on this page as on any other; should the server refuse it then, the app-wide
 * notice says so on every other page, and leads here (outbox-news.tsx).
 */
export function OutboxNotice({
  paused,
  canEdit,
  onEdit,
}: {
  /** While the form is sending, its own request is not shown here: the toast reports it. */
  paused: boolean;
  canEdit: boolean;
  /**
   * Puts a request's words back in the form; resolves once they are written to the draft.
   * `refused`: the field the server named when it refused the request, if it named one.
   */
  onEdit: (fields: ContactFields, refused: ContactField | undefined) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const labels = useContactFieldLabels();
  const [items, setItems] = useState<OutboxItem[]>([]);
  // Without IndexedDB (or after a failed write) the outbox is in this page's memory only.
  const [keptOnDevice, setKeptOnDevice] = useState(true);
  const [trying, setTrying] = useState(false);
  const [stillWaiting, setStillWaiting] = useState(false);

  useEffect(() => {
    if (paused) return;
    let active = true;
    const refresh = () =>
      void readOutbox().then((next) => {
        if (!active) return;
        setItems(next);
        setKeptOnDevice(isOutboxKeptOnDevice());
      });
    refresh();
    const stop = onOutboxChange(refresh);
    return () => {
      active = false;
      stop();
    };
  }, [paused]);

  // On a shared clinic tablet, one patient's requests are never shown to the next: counts only.
  const kiosk = useKioskActive();
  const pending = items.filter((item) => item.state === "pending");
  const failed = items.filter((item) => item.state === "failed");

  const tryNow = async () => {
    if (trying) return;
    setTrying(true);
    setStillWaiting(false);
    try {
      const report = await deliverOutbox();
      // Nothing went: said in the notice, which would otherwise look the same as before.
      setStillWaiting(report.pending.length > 0);
    } catch (error) {
      console.warn("The saved messages could not be sent:", error);
      setStillWaiting(true);
    } finally {
      setTrying(false);
    }
  };

  /** Why the server refused a request, in the interface language (the server's text is English). */
  const refusal = (reason: string | undefined) => {
    const field = refusedField(reason ?? "");
    if (!field) return t`The server did not accept this message.`;
    const fieldLabel = labels[field];
    return t`The server did not accept this message. Check the field “${fieldLabel}”.`;
  };

  const edit = (request: ContactRequest, reason: string | undefined) =>
    correctAgain(request, (fields) => onEdit(fields, refusedField(reason ?? "")));

  return (
    <Stack spacing={2} sx={{ mb: pending.length + failed.length ? 3 : 0 }}>
      {pending.length > 0 && (
        <Alert severity="info" role="status">
          <AlertTitle>{t`Waiting to be sent`}</AlertTitle>
          <Typography>
            {keptOnDevice
              ? t`Saved on this device. It will be sent when the connection is back.`
              : t`We could not reach our server just now. Please keep this page open: your message will be sent when the connection is back.`}
          </Typography>
          {stillWaiting ? (
            <Typography sx={{ fontWeight: 700 }}>
              {t`Tried again just now: the server could not be reached yet.`}
            </Typography>
          ) : null}
          {kiosk ? (
            <Typography>{t`Messages waiting: ${pending.length}`}</Typography>
          ) : (
            <SubjectList subjects={pending.map((item) => item.request.subject)} />
          )}
          {/* Under the text, not beside it: on a phone, Russian "Попробовать сейчас" beside
              it left the text a few letters wide, its title cut off and every word broken. */}
          <TryAgainButton trying={trying} onTry={() => void tryNow()} />
        </Alert>
      )}
      {kiosk && failed.length > 0 ? (
        <Alert severity="error">
          <AlertTitle>{t`Not delivered`}</AlertTitle>
          <Typography>{t`Messages the server did not accept: ${failed.length}. Staff can resend them outside kiosk mode.`}</Typography>
        </Alert>
      ) : null}
      {(kiosk ? [] : failed).map((item) => (
        <Alert severity="error" key={item.request.id}>
          <AlertTitle>{t`Not delivered`}</AlertTitle>
          <Typography>
            <q>{item.request.subject}</q>
          </Typography>
          <Typography>{refusal(item.error)}</Typography>
          {/* While a message is being written, it must be sent or cleared first, so that
              nothing of it is lost: the button says why and stays focusable (aria-disabled). */}
          <Button
            variant="outlined"
            color="inherit"
            sx={{ mt: 1 }}
            aria-disabled={!canEdit}
            aria-describedby={canEdit ? undefined : `outbox-wait-${item.request.id}`}
            onClick={() => {
              if (canEdit) void edit(item.request, item.error);
            }}
          >
            {t`Correct and send again`}
          </Button>
          {!canEdit && (
            <Typography id={`outbox-wait-${item.request.id}`} sx={{ mt: 1 }}>
              {t`Send or clear the message you are writing first.`}
            </Typography>
          )}
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * Try again now: focusable while trying (aria-disabled), so the press does not drop the focus;
 * should the messages go, the notice goes with it, and the focus to the page's main content.
 */
function TryAgainButton({ trying, onTry }: { trying: boolean; onTry: () => void }) {
  const { t } = useLingui();
  useFocusMainContentWhenLost();
  return (
    <Button
      variant="outlined"
      color="inherit"
      sx={{ mt: 1 }}
      aria-disabled={trying}
      onClick={() => !trying && onTry()}
    >
      {t`Try again now`}
    </Button>
  );
}
