import { Suspense, useEffect, useId, type RefObject } from "react";
import type { Messages } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/text-field";
import Typography from "@mui/material/Typography";
import MicIcon from "@mui/icons-material/Mic";
import StopIcon from "@mui/icons-material/Stop";
import { recognitionLanguages } from "@/features/recognition/recognition-languages";
import { isListening, type RecordingState } from "@/features/recognition/recording-machine";
import { textDirectionOf } from "@/features/recognition/text-direction";
import { voiceDestinationOf } from "@/features/recognition/recognition-choice";
import type { useRecognitionChoice } from "@/features/recognition/use-recognition-choice";
import { VoiceNotice } from "@/features/recognition/voice-notice";
import { brand } from "@/lib/brand";
import { SectionPanel } from "@/components/section-panel";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { CheckboxChoice } from "@/components/choice-input";
import { lazyPart } from "@/components/lazy-part";
import { withOwnCatalogPart } from "@/lib/i18n";
import { loadWhenOnline } from "@/lib/load-when-online";

// What went wrong is only ever told after a recording began: the alert's code and words come
// then (fetched as the recording starts), not with the page.
const fetchProblemAlert = () =>
  withOwnCatalogPart(
    "recognition-problems",
    import.meta.glob<{ messages: Messages }>("/locales/*/recognition-problems.po"),
    import("@/features/recognition/recognition-problem-alert"),
  );
const loadProblemAlert = loadWhenOnline(fetchProblemAlert);
const RecognitionProblemAlert = lazyPart(() =>
  loadProblemAlert().then((module) => module.RecognitionProblemAlert),
);

type RecordingPanelProps = {
  state: RecordingState;
  supported: boolean;
  choice: ReturnType<typeof useRecognitionChoice>;
  onToggle: () => void;
  onChooseLanguage: (code: string) => void;
  onDismissProblem: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
};

export function RecordingPanel({
  state,
  supported,
  choice,
  onToggle,
  onChooseLanguage,
  onDismissProblem,
  buttonRef,
}: RecordingPanelProps) {
  const { t, i18n } = useLingui();
  const listening = isListening(state);
  useEffect(() => {
    if (listening) void fetchProblemAlert().catch(() => undefined);
  }, [listening]);
  const noticeId = useId();
  const lockedId = useId();
  // Chosen before recording: while it runs they stay in the keyboard's order, and say why they
  // do nothing.
  const locked = {
    "aria-disabled": listening,
    "aria-describedby": listening ? lockedId : undefined,
  };
  // Until the browser has answered, a press waits for the answer (use-recording-session.ts).
  const voiceGoesNowhere =
    choice.choice !== null && voiceDestinationOf(choice.choice) === "nowhere";
  const unavailable = !supported || (!listening && voiceGoesNowhere);

  const startLabel = t`Start recording`;
  const stopLabel = t`Stop recording`;

  // Without recognition the alert below says everything; the status line stays empty.
  const statusText = !supported
    ? ""
    : {
        idle: t`Choose a language, press Start recording and speak.`,
        starting: t`Starting the microphone…`,
        recording: t`Recording… Speak now, then press Stop recording.`,
        stopped: t`Recording stopped.`,
      }[state.status];

  return (
    <SectionPanel title={t`Voice recording`}>
      <Stack spacing={3}>
        <TextField
          select
          label={t`Recognition language`}
          value={state.language}
          onChange={(event) => onChooseLanguage(event.target.value)}
          htmlInput={locked}
          sx={{ maxWidth: 360 }}
        >
          {recognitionLanguages.map((language) => (
            <option key={language.code} value={language.code}>
              {i18n._(language.name)}
            </option>
          ))}
        </TextField>
        {/* Chosen before recording, like the language; it refuses the browser's online service. */}
        {supported ? (
          // In a Box: the Stack's spacing would undo the margin that lines the box up with the
          // field above.
          <Box>
            <CheckboxChoice
              label={t`Only recognise on this device`}
              checked={choice.onlyOnDevice}
              {...locked}
              onChange={(event) => !listening && choice.setOnlyOnDevice(event.target.checked)}
            />
          </Box>
        ) : null}

        <Box>
          <Button
            ref={buttonRef}
            variant="contained"
            color={listening ? "error" : "primary"}
            size="large"
            // Focusable when it cannot record (aria-disabled): the focus a press or Reset put on
            // it stays, and its description says why.
            aria-disabled={unavailable}
            onClick={() => !unavailable && onToggle()}
            aria-describedby={noticeId}
            startIcon={listening ? <StopIcon /> : <MicIcon />}
            sx={{
              minHeight: 88,
              width: { xs: "100%", sm: "auto" },
              minWidth: { sm: 340 },
              px: 5,
              fontSize: "1.375rem",
              fontWeight: 700,
              "& .button-start-icon > svg": { fontSize: 36 },
            }}
            // "Остановить запись" takes two lines on a phone where "Начать запись" takes one.
            roomFor={listening ? startLabel : stopLabel}
          >
            {listening ? stopLabel : startLabel}
          </Button>
          <Typography role="status" sx={{ mt: 1.5, fontSize: "1.125rem", fontWeight: 600 }}>
            {statusText}
          </Typography>
          {/* Why it stopped, right under "Recording stopped.": below the notice of where the
              voice goes, it was half a phone's screen further down, out of sight. */}
          {state.problem ? (
            <Box sx={{ mt: 1.5 }}>
              <Suspense fallback={null}>
                <RecognitionProblemAlert
                  problem={state.problem}
                  onClose={onDismissProblem}
                  focusAfter={buttonRef}
                />
              </Suspense>
            </Box>
          ) : null}
          {listening ? (
            <Typography id={lockedId} sx={{ mt: 1, color: "text.secondary" }}>
              {t`The language and “Only recognise on this device” can be changed once recording stops.`}
            </Typography>
          ) : null}
          <VoiceNotice
            choice={choice.choice}
            // While recording, the line is where this recording's voice goes.
            lineChoice={listening ? (choice.recordingWith ?? choice.choice) : choice.choice}
            language={state.language}
            download={choice.download}
            onInstallPack={() => {
              // The last recording's problem is behind the user now: not left beside the download's.
              onDismissProblem();
              choice.installPack();
            }}
            lineId={noticeId}
          />
        </Box>

        {supported ? null : (
          <Alert severity="warning">
            {t`Speech recognition is not supported in this browser. You can type or paste your text in the field below; creating audio and downloading still work.`}
          </Alert>
        )}

        {listening ? (
          <LiveTranscript text={state.text} interim={state.interim} language={state.language} />
        ) : null}
      </Stack>
    </SectionPanel>
  );
}

/**
 * What is being heard while recording: the words already final, and after them, set apart, the
 * words the recognizer may still change. Not a live region: reading every word aloud as it
 * changes would drown out the speaker.
 */
function LiveTranscript({
  text,
  interim,
  language,
}: {
  text: string;
  interim: string;
  language: string;
}) {
  const { t } = useLingui();
  const labelId = useId();
  const name = brand.name;
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{
        p: 2,
        borderRadius: 1,
        bgcolor: "background.default",
        border: 1,
        borderColor: "divider",
      }}
    >
      <Typography id={labelId} component="div" sx={{ fontWeight: 700, mb: 1 }}>
        {t`What ${name} hears`}
      </Typography>
      <Typography
        component="p"
        lang={language.split("-")[0]}
        dir={textDirectionOf(language)}
        sx={{ fontSize: "1.25rem", minHeight: "1.5em", whiteSpace: "pre-wrap" }}
      >
        {text ? <span>{text} </span> : null}
        {interim ? (
          <Box component="span" data-interim sx={{ color: "text.secondary", fontStyle: "italic" }}>
            {interim}
          </Box>
        ) : null}
        {!text && !interim ? (
          <Box component="span" sx={{ color: "text.secondary" }}>
            {t`Listening…`}
          </Box>
        ) : null}
      </Typography>
    </Box>
  );
}
