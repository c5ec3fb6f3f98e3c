import { useLingui } from "@lingui/react/macro";
import { ClosableAlert } from "@/components/closable-alert";
import type { ToastKind } from "@/features/contact/send-toast";
import { AlertTitle } from "@/components/alert";

/** The message after Send; it stays until it is dismissed. */
export function SubmitToast({
  kind,
  kiosk,
  onClose,
}: {
  kind: ToastKind;
  /** On a kiosk tablet, a refused message is not corrected here (staff resend it). */
  kiosk: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const content = {
    sent: {
      severity: "success",
      title: t`Message sent!`,
      text: t`Thank you for contacting us. We'll get back to you soon.`,
    },
    waiting: {
      severity: "info",
      title: t`Message saved`,
      text: t`We could not reach our server just now. Your message is saved on this device and will be sent when the connection is back.`,
    },
    "waiting-in-memory": {
      severity: "info",
      title: t`Message saved`,
      text: t`We could not reach our server just now. Please keep this page open: your message will be sent when the connection is back.`,
    },
    refused: {
      severity: "error",
      title: t`Message not sent`,
      text: kiosk
        ? t`The server did not accept your message. It is kept on this tablet for staff to resend.`
        : t`The server did not accept your message. It is kept on this page so that you can correct it and send it again.`,
    },
  } as const;
  const { severity, title, text } = content[kind];
  return (
    <ClosableAlert
      variant="filled"
      severity={severity}
      onClose={onClose}
      sx={{
        width: "100%",
        maxWidth: 560,
        boxShadow: 6,
        // MUI's default "info" blue is too light for white text; the brand blue passes AA.
        ...(severity === "info" && { bgcolor: "primary.main", color: "#fff" }),
      }}
    >
      <AlertTitle>{title}</AlertTitle>
      {text}
    </ClosableAlert>
  );
}
