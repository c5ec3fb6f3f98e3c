import { lazy, Suspense, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import LockIcon from "@mui/icons-material/Lock";
import { Button } from "@/components/button";
import { IconButton } from "@/components/icon-button";
import { finishSessionNow } from "@/features/kiosk/privacy-reset";
import { loadUntilLoaded } from "@/lib/load-when-online";

// What loads these controls waits for their words (kiosk-dialog-words.ts).
export { withKioskDialogWords as withWords } from "@/features/kiosk/kiosk-dialog-words";

// The PIN dialog (its text field and its words) loads only when staff open it; should it not
// arrive (offline, before the service worker has it), it is asked for until it comes.
const ExitKioskDialog = lazy(
  loadUntilLoaded(() =>
    import("@/features/kiosk/exit-kiosk-dialog").then((module) => module.withWords(module)),
  ),
);

/** The header's layouts in which even the brand's name gives way (components/nav-layout.ts). */
const inNarrowLayouts = "[data-nav='narrow'] &, [data-nav='narrowest'] &";
/**
 * The last, for a 320 px phone offline: there the bar has no room for "I have finished" even as an
 * icon, and the idle reset ends the session (kiosks are tablets; shell.spec keeps the bar whole).
 */
const inTightestLayout = "[data-nav='tightest'] &";

const QuestionDialog = lazy(
  loadUntilLoaded(() =>
    import("@/components/question-dialog").then((module) => ({ default: module.QuestionDialog })),
  ),
);

/**
 * The kiosk's controls in the header. "I have finished" is the patient's: their session is reset
 * at once, as when the countdown runs out, rather than left for the next person to see until the
 * idle time has passed (two and a half minutes by default). It asks first, its safe answer
 * focused: a slip of the hand erases nothing. The lock is staff's way out of kiosk mode, a small
 * button (still 44×44 px) that asks for the PIN. A privacy reset draws the header afresh
 * (routes/__root.tsx), which closes both dialogs and forgets what was typed in them; the reset
 * staff leaving kiosk mode make keeps them (kiosk-store.ts, `resets`).
 */
export default function KioskHeaderControls() {
  const { t } = useLingui();
  const [open, setOpen] = useState<"finish" | "exit" | null>(null);
  return (
    <>
      {/* In words while the bar has room for them (with its links, in Get Started's place, which
          a kiosk hides: index.html; or beside the menu button); on a bar too narrow even for the
          brand's name, its icon, named the same. */}
      <Button
        variant="outlined"
        aria-haspopup="dialog"
        onClick={() => setOpen("finish")}
        // Narrower than a button's usual 20 px a side: with the links beside it, the bar fits at
        // 1280 px in five of the six languages (Kyrgyz takes the menu button there).
        sx={{
          paddingInline: "12px",
          [inNarrowLayouts]: { display: "none" },
          [inTightestLayout]: { display: "none" },
        }}
      >
        {t`I have finished`}
      </Button>
      <IconButton
        aria-label={t`I have finished`}
        aria-haspopup="dialog"
        onClick={() => setOpen("finish")}
        sx={{
          display: "none",
          [inNarrowLayouts]: { display: "inline-flex" },
          color: "primary.main",
        }}
      >
        <DoneAllIcon />
      </IconButton>
      <IconButton
        aria-label={t`Exit kiosk mode`}
        aria-haspopup="dialog"
        onClick={() => setOpen("exit")}
        sx={{ color: "text.secondary" }}
      >
        <LockIcon />
      </IconButton>
      {open === "exit" && (
        <Suspense fallback={null}>
          <ExitKioskDialog onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {open === "finish" && (
        <Suspense fallback={null}>
          <QuestionDialog
            title={t`Have you finished?`}
            text={t`Everything you did on this tablet is erased now: your text, audio and recordings, the phrases you added and what you said. It is then ready for the next person.`}
            answers={[
              {
                label: t`Yes, erase it now`,
                variant: "contained",
                onChoose: () => {
                  setOpen(null);
                  finishSessionNow();
                },
              },
              { label: t`Not yet`, onChoose: () => setOpen(null) },
            ]}
          />
        </Suspense>
      )}
    </>
  );
}
