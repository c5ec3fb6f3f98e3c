import { lazy, Suspense, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { IconButton } from "@/components/icon-button";
import LockIcon from "@mui/icons-material/Lock";
import { useKiosk } from "@/features/kiosk/kiosk-store";
import { loadUntilLoaded } from "@/lib/load-when-online";

// The PIN dialog (its text field and its words) loads only when staff open it, keeping first loads small;
// should it not arrive (offline, before the service worker has it), it is asked for until it comes.
const ExitKioskDialog = lazy(
  loadUntilLoaded(() =>
    import("@/features/kiosk/exit-kiosk-dialog").then((module) => module.withWords(module)),
  ),
);

/**
 * The staff's way out of kiosk mode: a small lock button (still 44×44 px) that asks for the PIN.
 * Rendered in the header; nothing while kiosk mode is off. A privacy reset between patients draws
 * the header afresh (routes/__root.tsx), which closes the dialog and forgets what was typed in it;
 * the reset staff leaving kiosk mode make keeps it (kiosk-store.ts, `resets`).
 */
export function ExitKioskControl() {
  const { t } = useLingui();
  const { status } = useKiosk();
  const [open, setOpen] = useState(false);
  if (status !== "on") return null;
  return (
    <>
      <IconButton
        aria-label={t`Exit kiosk mode`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        sx={{ color: "text.secondary" }}
      >
        <LockIcon />
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <ExitKioskDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
