import {
  startTransition,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type RefObject,
} from "react";
import { useLingui } from "@lingui/react/macro";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CloudDownloadIcon from "@mui/icons-material/CloudDownload";
import OfflinePinIcon from "@mui/icons-material/OfflinePin";
import { ProgressBar } from "@/components/progress-bar";
import { voicePacksKept } from "@/shared/speech-engine/voice-pack";
import type { SpeechLanguage } from "@/shared/speech-options";
import { useOnlineStatus } from "@/lib/use-online-status";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { useFocusMainContentWhenLost } from "@/lib/main-content";

type Status = "unknown" | "missing" | "saving" | "saved" | "failed" | "not-kept";

type SavedParts = { voices: boolean; engine: boolean };

/**
 * What the service worker has cached for `language`: its voice data, and this version's engine
 * code. Offline, the engine's own module cannot even be loaded when it is missing.
 */
async function savedParts(language: SpeechLanguage): Promise<SavedParts> {
  // Some private modes refuse the cache outright: nothing is saved, and the card offers to save.
  const voices = await voicePacksKept(language);
  if (voices === null) return { voices: false, engine: false };
  const engine = await import("@/features/speech-synthesis/device-engine")
    .then((module) => module.engineCodeCached())
    .catch(() => false);
  return { voices, engine };
}

/**
 * Whether the service worker has kept everything `language` needs, asked a few times over
 * `waitMs`: it answers a request first and stores its copy just after. Nothing is kept when no
 * service worker took the requests (on a first visit, before it has taken over the page).
 */
async function keptWithin(language: SpeechLanguage, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { voices, engine } = await savedParts(language);
    if (voices && engine) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Lets the user make audio work without a connection: it loads the on-device engine and the
 * voice for the chosen language now, which the service worker keeps for later.
 */
export function OfflineVoiceCard({ language }: { language: SpeechLanguage }) {
  const { t } = useLingui();
  const online = useOnlineStatus();
  const [status, setStatus] = useState<Status>("unknown");
  const statusRef = useRef<HTMLDivElement>(null);
  const saveButtonRef = useRef<HTMLButtonElement>(null);
  // Each save has its own number: a cancelled one's end, when it still comes, changes nothing.
  const saveRef = useRef(0);
  // Cancel stops this save alone: audio being made meanwhile (a phrase said on Talk, audio
  // made on this device here) uses the same engine and goes on.
  const stopSaveRef = useRef<AbortController | null>(null);

  const save = async () => {
    const thisSave = ++saveRef.current;
    const current = () => thisSave === saveRef.current;
    const stop = new AbortController();
    stopSaveRef.current = stop;
    setStatus("saving");
    try {
      const { prepareOfflineVoices } = await import("@/features/speech-synthesis/device-engine");
      await prepareOfflineVoices([language], stop.signal);
      // "Saved" only once it is true: the user may go offline the next moment.
      const kept = await keptWithin(language, 5_000);
      if (current()) setStatus(kept ? "saved" : "not-kept");
    } catch {
      if (current()) setStatus("failed");
    }
  };

  const cancel = () => {
    saveRef.current++;
    setStatus("missing");
    // The focus goes back to Save, which this button stood beside.
    saveButtonRef.current?.focus();
    stopSaveRef.current?.abort();
  };

  const saveAgain = useEffectEvent(() => void save());

  useEffect(() => {
    // A save for the language before is no longer this card's: its end changes nothing here.
    saveRef.current++;
    let active = true;
    void savedParts(language).then(({ voices, engine }) => {
      if (!active) return;
      // What the card shows as the page starts is drawn in slices (startTransition), never in
      // one long task.
      if (voices && engine) startTransition(() => setStatus("saved"));
      // The voice was saved, then an update brought new engine code: this user asked for
      // offline audio once, so the new engine is fetched again while there is a connection.
      else if (voices && navigator.onLine) saveAgain();
      else startTransition(() => setStatus("missing"));
    });
    return () => {
      active = false;
    };
  }, [language]);

  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h3" component="h2">
          {t`Audio without internet`}
        </Typography>
        <Typography sx={{ color: "text.secondary" }}>
          {t`Without a connection, this device makes the audio itself. Save the voice now so it is ready when you are offline.`}
        </Typography>
        <div role="status" ref={statusRef} tabIndex={-1} style={{ outline: "none" }}>
          {status === "saving" ? (
            <Stack spacing={1}>
              <Typography>{t`Saving the voice on this device…`}</Typography>
              <ProgressBar aria-label={t`Saving the voice on this device…`} />
            </Stack>
          ) : status === "saved" ? (
            <Alert role="none" severity="success" icon={<OfflinePinIcon />}>
              {t`The voice is saved: audio works offline on this device.`}
            </Alert>
          ) : status === "failed" ? (
            <Alert role="none" severity="error">
              {t`The voice could not be saved. Check the connection and try again.`}
            </Alert>
          ) : status === "not-kept" ? (
            <Alert role="none" severity="error">
              {t`The voice could not be kept on this device yet. Reload the page and try again.`}
            </Alert>
          ) : null}
        </div>
        {status === "missing" ||
        status === "failed" ||
        status === "not-kept" ||
        status === "saving" ? (
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap" }}>
            <SaveVoiceButton
              ref={saveButtonRef}
              unavailable={!online || status === "saving"}
              onSave={() => void save()}
              afterIt={statusRef}
            />
            {/* A slow or stalled connection can keep the voice coming for long. */}
            {status === "saving" ? (
              <CancelSaveButton
                onCancel={cancel}
                saveButton={saveButtonRef}
                statusLine={statusRef}
              />
            ) : null}
          </Stack>
        ) : null}
        {!online && status === "missing" ? (
          <Typography sx={{ color: "text.secondary" }}>
            {t`Saving the voice needs a connection.`}
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * Cancel, while the voice is being saved. It goes when the save ends: if it had the focus, the
 * focus goes to Save (there again after a failure) or, once the voice is saved, to the line that
 * says so; not to the page, from whose top a keyboard user would start again.
 */
function CancelSaveButton({
  onCancel,
  saveButton,
  statusLine,
}: {
  onCancel: () => void;
  saveButton: RefObject<HTMLButtonElement | null>;
  statusLine: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  const [next] = useState(() => ({
    get current() {
      return saveButton.current ?? statusLine.current;
    },
  }));
  useFocusMainContentWhenLost(next);
  return (
    <Button variant="outlined" onClick={onCancel}>
      {t`Cancel`}
    </Button>
  );
}

/**
 * Save voice for offline use: focusable while saving or offline (aria-disabled), so the press
 * does not drop the focus; once the voice is saved it goes, and the focus to what it became.
 */
function SaveVoiceButton({
  ref,
  unavailable,
  onSave,
  afterIt,
}: {
  ref: RefObject<HTMLButtonElement | null>;
  unavailable: boolean;
  onSave: () => void;
  afterIt: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  useFocusMainContentWhenLost(afterIt);
  return (
    <Button
      ref={ref}
      variant="outlined"
      startIcon={<CloudDownloadIcon />}
      aria-disabled={unavailable}
      onClick={() => !unavailable && onSave()}
      sx={{ alignSelf: "flex-start" }}
    >
      {t`Save voice for offline use`}
    </Button>
  );
}
