/**
 * A kiosk notice: its words, said by the status region kiosk-mode.tsx keeps on every page, and the
 * toast that shows them. Loaded with the first notice, so visitors who never meet kiosk mode never
 * load MUI's snackbar, nor the notices' words: those are a catalog part of their own
 * (src/shared/catalog-parts.ts), and what loads this module waits for them (`withWords`), so a
 * notice is never shown before its words, in this language or in any chosen later.
 */
import { createPortal } from "react-dom";
import type { Messages } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import Snackbar from "@mui/material/Snackbar";
import { ClosableAlert } from "@/components/closable-alert";
import type { KioskNoticeKind } from "@/features/kiosk/kiosk-store";
import { withOwnCatalogPart } from "@/lib/i18n";

export function withWords<Module>(module: Module): Promise<Module> {
  return withOwnCatalogPart(
    "kiosk-notices",
    import.meta.glob<{ messages: Messages }>("/locales/*/kiosk-notices.po"),
    Promise.resolve(module),
  );
}

const warnings = new Set<KioskNoticeKind>([
  "enabled-not-saved",
  "not-loaded",
  "not-erased",
  "insecure",
  "lost",
]);

export default function KioskToast({
  notice,
  open,
  region,
  onClose,
}: {
  notice: { kind: KioskNoticeKind; id: number };
  open: boolean;
  /** The status region that screen readers hear the notice in. */
  region: HTMLElement;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const messages: Record<KioskNoticeKind, string> = {
    enabled: t`Kiosk mode is on.`,
    "enabled-not-saved": t`Kiosk mode is on for this visit, but this device could not save it: it will be off after a restart.`,
    "not-loaded": t`Kiosk mode is not on: part of the app did not load. Check the connection and try again.`,
    exited: t`Kiosk mode is off.`,
    ready: t`Ready for the next person.`,
    "not-erased": t`This device did not let the app erase everything the last person left. Staff: clear this site's data in the browser's settings, then turn kiosk mode on again.`,
    insecure: t`Kiosk mode needs a secure connection (https). Open the link again over https.`,
    lost: t`Kiosk mode is off: this device lost its kiosk settings, perhaps to free space. Staff: open the kiosk link again to turn it on.`,
  };
  const message = messages[notice.kind];
  const warning = warnings.has(notice.kind);
  return (
    <>
      {createPortal(open ? message : "", region)}
      <Snackbar
        key={notice.id}
        open={open}
        autoHideDuration={warning ? null : 6000}
        onClose={(_event, reason) => {
          if (reason !== "clickaway") onClose();
        }}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <ClosableAlert
          role="none"
          severity={warning ? "warning" : "success"}
          variant="filled"
          onClose={onClose}
        >
          {message}
        </ClosableAlert>
      </Snackbar>
    </>
  );
}
