/**
 * The app-wide news that contact requests which had to wait have been sent: on whatever page is
 * open when they are delivered, or the next time the app opens when the service worker delivered
 * them with no page open (outbox-news.tsx places it). It stays until the user closes it.
 */
import { useLingui } from "@lingui/react/macro";
import Typography from "@mui/material/Typography";
import { ClosableAlert } from "@/components/closable-alert";
import { useKioskActive } from "@/lib/kiosk-flag";
import { dismissSentRequests, type SentRequest } from "@/features/contact/sent-notice";
import { SubjectList } from "@/features/contact/subject-list";
import { AlertTitle } from "@/components/alert";

export function SentRequestsNotice({ sent }: { sent: SentRequest[] }) {
  const { t } = useLingui();
  // On a shared clinic tablet the next patient may be reading: a count, never a subject.
  const kiosk = useKioskActive();
  const count = sent.length;
  const title = kiosk
    ? t`Saved messages have been sent`
    : count === 1
      ? t`Your saved message has been sent`
      : t`Your saved messages have been sent`;
  return (
    <ClosableAlert
      role="none"
      severity="success"
      variant="filled"
      onClose={() => void dismissSentRequests(sent.map((item) => item.id))}
      sx={{ width: "100%", maxWidth: 560, boxShadow: 6, pointerEvents: "auto" }}
    >
      <AlertTitle>{title}</AlertTitle>
      {kiosk ? (
        <Typography>{t`Messages sent: ${count}`}</Typography>
      ) : (
        <SubjectList subjects={sent.map((item) => item.subject)} />
      )}
    </ClosableAlert>
  );
}
