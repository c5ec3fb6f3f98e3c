import { Suspense, useEffect, useRef, type ReactNode } from "react";
import { flushSync } from "react-dom";
import type { Messages } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { voiceDestinationOf } from "@/features/recognition/recognition-choice";
import Stack from "@mui/material/Stack";
import { lazyPart } from "@/components/lazy-part";
import { withOwnCatalogPart } from "@/lib/i18n";
import { isListening } from "@/features/recognition/recording-machine";
import { RecordingPanel } from "@/features/recognition/recording-panel";
import {
  useRecognitionWorkspace,
  type MakeSpeechAudio,
} from "@/features/recognition/use-recognition-workspace";
import { speechLanguageOf, type SpeechLanguage } from "@/shared/speech-options";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";

// The text and audio panels show once there is text, after a recording or from a draft: their
// code and their words come with them, not with the page's first load, and are asked for as soon
// as a recording starts, to be there when it stops. They are one part of the page: code that
// cannot arrive is said once, not by each panel.
const loadResultPanels = () =>
  withOwnCatalogPart(
    "recognition-audio",
    import.meta.glob<{ messages: Messages }>("/locales/*/recognition-audio.po"),
    import("@/features/recognition/result-panels"),
  );
const ResultPanels = lazyPart(() => loadResultPanels().then((module) => module.ResultPanels));

/**
 * The recording panel, then, once there is something to work with (a recording has stopped, a
 * draft came back, or the browser cannot recognize speech and the text is typed), the text and
 * audio panels, followed by `afterResults` for the text's speech language (the page puts the
 * offline-voice card there). Audio is made by `makeSpeechAudio`.
 */
export function RecognitionWorkspace({
  makeSpeechAudio,
  afterResults,
}: {
  makeSpeechAudio: MakeSpeechAudio;
  afterResults?: (language: SpeechLanguage) => ReactNode;
}) {
  const { t } = useLingui();
  const workspace = useRecognitionWorkspace(makeSpeechAudio);
  const { recording, audio, supported, cleared } = workspace;
  const recordButtonRef = useRef<HTMLButtonElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // Where the voice may go nowhere (only on this device, and no language pack yet), the notice
  // says "type instead": the text field is there to type in.
  const voiceGoesNowhere =
    workspace.choice.choice !== null && voiceDestinationOf(workspace.choice.choice) === "nowhere";
  const showResults = recording.resultsShown || !supported || voiceGoesNowhere;
  const listening = isListening(recording);
  useEffect(() => {
    if (listening) loadResultPanels().catch(() => undefined);
  }, [listening]);
  const speechLanguage = speechLanguageOf(recording.language);

  const reset = () => {
    workspace.reset();
    // The Reset button disappears with the panels; continue where a new recording begins.
    recordButtonRef.current?.focus();
  };

  const undoReset = () => {
    // The text panel comes back with the text; the Undo button goes, so focus goes to the text.
    flushSync(() => workspace.undoReset());
    textRef.current?.focus();
  };

  return (
    <Stack spacing={{ xs: 3, md: 4 }}>
      <RecordingPanel
        state={recording}
        supported={supported}
        choice={workspace.choice}
        onToggle={workspace.toggleRecording}
        onChooseLanguage={workspace.chooseLanguage}
        onDismissProblem={workspace.dismissRecognitionProblem}
        buttonRef={recordButtonRef}
      />
      {cleared ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" variant="outlined" onClick={undoReset}>
              {t`Undo`}
            </Button>
          }
          sx={{ alignItems: "center" }}
        >
          {cleared.audio ? t`Your text and its audio were cleared.` : t`Your text was cleared.`}
        </Alert>
      ) : null}
      {showResults ? (
        <Suspense fallback={null}>
          <ResultPanels
            textPanel={{
              text: recording.text,
              language: recording.language,
              hasAudio: audio.status === "ready",
              onEdit: workspace.editText,
              onReset: reset,
              inputRef: textRef,
            }}
            audioPanel={{
              state: audio,
              text: recording.text,
              rate: workspace.rate,
              recording: listening,
              onChooseRate: workspace.chooseRate,
              onCreate: () => void workspace.createAudio(),
              onCancel: workspace.cancelAudio,
              onPlayingChange: workspace.setPlaying,
              onDismissFailure: workspace.dismissAudioFailure,
            }}
          />
        </Suspense>
      ) : null}
      {showResults && speechLanguage ? afterResults?.(speechLanguage) : null}
    </Stack>
  );
}
