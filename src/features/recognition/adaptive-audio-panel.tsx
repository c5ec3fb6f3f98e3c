import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DownloadIcon from "@mui/icons-material/Download";
import GraphicEqIcon from "@mui/icons-material/GraphicEq";
import PauseIcon from "@mui/icons-material/Pause";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import { ChoiceRadioGroup } from "@/components/choice-radio-group";
import { ClosableAlert } from "@/components/closable-alert";
import {
  canCreateAudio,
  isSpeakableText,
  type AudioState,
  type GenerationStage,
} from "@/features/recognition/audio-machine";
import { audioFileName } from "@/features/recognition/download-file";
import { pressGuard } from "@/features/recognition/press-guard";
import { downloadFile } from "@/lib/download-file";
import { maxTextLength, speechRates, type SpeechRateChoice } from "@/shared/speech-options";
import { SectionPanel } from "@/components/section-panel";
import { useOnlineStatus } from "@/lib/use-online-status";
import { useFocusMainContentWhenLost } from "@/lib/main-content";
import { brand } from "@/lib/brand";
import { ProgressBar } from "@/components/progress-bar";
import { Button } from "@/components/button";
import { useKioskActive } from "@/lib/kiosk-flag";

type AdaptiveAudioPanelProps = {
  state: AudioState;
  text: string;
  rate: SpeechRateChoice;
  /** Audio is not made while recording: the text is still changing. */
  recording: boolean;
  onChooseRate: (rate: SpeechRateChoice) => void;
  onCreate: () => void;
  /** Stops making the audio. */
  onCancel: () => void;
  onPlayingChange: (playing: boolean) => void;
  onDismissFailure: () => void;
};

const rateChoices = Object.keys(speechRates) as SpeechRateChoice[];

/** What the panel says: the hint before audio is made, its progress, and why it failed. */
function useAudioTexts(state: AudioState, text: string, recording: boolean, online: boolean) {
  const { t } = useLingui();
  const stageLabels: Record<GenerationStage, string> = {
    "requesting-server": t`Creating audio…`,
    "loading-local-engine": t`Loading the voice on this device…`,
    "synthesizing-locally": t`Creating audio on this device…`,
  };

  const trimmedLength = text.trim().length;
  // Why Create audio does nothing yet, said with it (its description), not as news: a screen
  // reader speaking up while the user records would be heard by the recogniser too.
  const hint =
    state.status !== "none"
      ? null
      : recording
        ? t`You can create audio once recording stops.`
        : trimmedLength === 0
          ? t`Record or type some text first.`
          : !isSpeakableText(text)
            ? t`The text is too long for audio: ${trimmedLength} characters, at most ${maxTextLength}.`
            : null;

  const statusText =
    state.status === "generating"
      ? state.stage
        ? stageLabels[state.stage]
        : t`Creating audio…`
      : state.status === "ready"
        ? t`The audio is ready.`
        : "";

  // Offline, a failure most likely means the voice was never saved on this device; online by the
  // browser's word (a slow line, a Wi-Fi without internet), the device engine says whether it
  // was: the connection is what fails (not missing: the phone's status says it is there), and
  // saving the voice is what helps. Where the server
  // answered with an error and the voice is not saved here, the connection works: another try
  // may, and a saved voice would have made the audio without the server.
  const failureText =
    state.failure === "nothing-to-speak"
      ? t`There is nothing to read aloud in this text. Record or type some words.`
      : state.failure === "text-changed"
        ? t`Words heard after you stopped recording changed the text, so the audio made from it was removed. Press “Create audio” to make audio of the text as it is now.`
        : state.failure === "too-long"
          ? t`The audio of this text would be too long. Split the text into shorter parts and make audio for each.`
          : !online
            ? t`The audio could not be generated without a connection. Connect to the internet and try again. To make audio offline next time, press “Save voice for offline use” while connected.`
            : state.failure === "no-voice"
              ? t`The audio could not be generated: the connection is not working well enough just now (too slow, or a network without internet). Try again in a moment. To make audio without a connection next time, press “Save voice for offline use” while connected.`
              : state.failure === "server-failed-no-voice"
                ? t`The audio could not be generated. Please try again. To make audio on this device when the server cannot, press “Save voice for offline use”.`
                : t`The audio could not be generated. Please try again.`;

  return { hint, statusText, failureText };
}

export function AdaptiveAudioPanel({
  state,
  text,
  rate,
  recording,
  onChooseRate,
  onCreate,
  onCancel,
  onPlayingChange,
  onDismissFailure,
}: AdaptiveAudioPanelProps) {
  const { t } = useLingui();
  const online = useOnlineStatus();
  const statusId = useId();
  const hintId = useId();
  const playButtonRef = useRef<HTMLButtonElement>(null);
  const createButtonRef = useRef<HTMLButtonElement>(null);

  const rateLabels: Record<SpeechRateChoice, string> = {
    slow: t`Slow`,
    normal: t`Normal`,
    fast: t`Fast`,
  };
  const generating = state.status === "generating";
  const creatable = canCreateAudio(state, text) && !recording;
  const { hint, statusText, failureText } = useAudioTexts(state, text, recording, online);

  // Whoever pressed Create audio continues on Play once the audio is there: the button they
  // pressed is gone then. Focus that moved elsewhere meanwhile is left alone.
  const ready = state.status === "ready";
  const focusPlayWhenReady = useRef(false);
  useEffect(() => {
    if (!ready || !focusPlayWhenReady.current) return;
    focusPlayWhenReady.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) playButtonRef.current?.focus();
  }, [ready]);
  const create = () => {
    focusPlayWhenReady.current = true;
    onCreate();
  };

  const name = brand.name;

  return (
    <SectionPanel
      title={t`Adaptive audio`}
      // Said before Create audio is pressed: the text panel says the text is kept on this device.
      lead={`${t`Turn your text into clear speech that others can listen to. A slower rate is easier to follow.`} ${t`When you are online, your text is sent to the ${name} server to make the audio; offline, the audio is made on this device.`}`}
      fillHeight
    >
      <ChoiceRadioGroup
        label={t`Speech rate`}
        value={rate}
        options={rateChoices.map((choice) => ({ value: choice, label: rateLabels[choice] }))}
        onChange={onChooseRate}
        sx={{ mb: 2.5 }}
      />

      <Stack spacing={2}>
        {ready && state.audio ? (
          <AudioControls
            blob={state.audio.blob}
            playing={state.playing}
            onPlayingChange={onPlayingChange}
            playButtonRef={playButtonRef}
            createButtonRef={createButtonRef}
          />
        ) : (
          <Box>
            <Button
              ref={createButtonRef}
              variant="contained"
              size="large"
              startIcon={<GraphicEqIcon />}
              // Focusable when it cannot be used (aria-disabled): while generating the focus is
              // not lost on the way, and otherwise keyboard and screen reader users reach it and
              // hear the hint that says why.
              aria-disabled={!creatable}
              aria-describedby={hint ? hintId : undefined}
              onClick={creatable ? create : undefined}
            >
              {t`Create audio`}
            </Button>
            {hint ? (
              <Typography id={hintId} sx={{ mt: 1, color: "text.secondary" }}>
                {hint}
              </Typography>
            ) : null}
          </Box>
        )}

        <Box>
          <Typography id={statusId} role="status" sx={{ fontWeight: 600 }}>
            {statusText}
          </Typography>
          {generating ? (
            <>
              <ProgressBar aria-labelledby={statusId} sx={{ mt: 1 }} />
              {/* A slow or stalled connection can keep the voice coming for long. */}
              <CancelButton
                createButtonRef={createButtonRef}
                onCancel={() => {
                  // The focus goes back to Create audio, which this button stood beside.
                  focusPlayWhenReady.current = false;
                  createButtonRef.current?.focus();
                  onCancel();
                }}
              />
            </>
          ) : null}
        </Box>

        {state.failure ? (
          <ClosableAlert
            // Not an error: the audio went with the text it no longer matched.
            severity={state.failure === "text-changed" ? "warning" : "error"}
            onClose={onDismissFailure}
            focusAfter={createButtonRef}
          >
            {failureText}
          </ClosableAlert>
        ) : null}
      </Stack>
    </SectionPanel>
  );
}

/**
 * Cancel, while the audio is being made. It goes when the making ends; if it had the focus, the
 * focus goes to Create audio (there again after a failure, or when words heard after Stop took
 * the audio away), not to the page; audio that is ready puts it on Play first.
 */
function CancelButton({
  createButtonRef,
  onCancel,
}: {
  createButtonRef: RefObject<HTMLButtonElement | null>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  useFocusMainContentWhenLost(createButtonRef);
  return (
    <Button variant="outlined" sx={{ mt: 1.5 }} onClick={onCancel}>
      {t`Cancel`}
    </Button>
  );
}

/**
 * Play or Pause and Download for the audio. The <audio> element has no controls of its own
 * (they are small and vary between browsers); our large buttons drive it and its own events say
 * whether it plays. The text above is its transcript.
 */
function AudioControls({
  blob,
  playing,
  onPlayingChange,
  playButtonRef,
  createButtonRef,
}: {
  blob: Blob;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
  playButtonRef: RefObject<HTMLButtonElement | null>;
  /** Create audio, which takes their place when the audio goes. */
  createButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useLingui();
  // The audio can go by itself (words heard after Stop changed the text): the focus on Play or
  // Download goes to Create audio, not to the page.
  useFocusMainContentWhenLost(createButtonRef);
  const audioRef = useRef<HTMLAudioElement>(null);
  // The device would not play it: its sound may be blocked, or it cannot read the file. Said, so
  // a press on Play that does nothing is not the end of it; the download may still play elsewhere.
  const [playFailed, setPlayFailed] = useState(false);
  const [playPressTaken] = useState(pressGuard);
  const [downloadPressTaken] = useState(pressGuard);
  // No file on a clinic's shared tablet (the text panel says so): it would outlast the reset.
  const kiosk = useKioskActive();

  useEffect(() => {
    const element = audioRef.current;
    if (!element) return;
    const url = URL.createObjectURL(blob);
    element.src = url;
    setPlayFailed(false);
    return () => {
      element.pause();
      element.removeAttribute("src");
      URL.revokeObjectURL(url);
    };
  }, [blob]);

  const togglePlayback = () => {
    const element = audioRef.current;
    if (!element || !playPressTaken()) return;
    if (element.paused) {
      setPlayFailed(false);
      void element.play().catch((error: unknown) => {
        // Paused (or the audio gone) before it began to play: asked for, not refused.
        if (error instanceof DOMException && error.name === "AbortError") return;
        console.error("The audio could not be played:", error);
        onPlayingChange(false);
        setPlayFailed(true);
      });
    } else {
      element.pause();
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the recognized text is its transcript */}
        <audio
          ref={audioRef}
          preload="auto"
          onPlay={() => onPlayingChange(true)}
          onPause={() => onPlayingChange(false)}
          onEnded={() => onPlayingChange(false)}
          // A file the device cannot read fails as it loads, before Play is pressed.
          onError={(event) => {
            if (event.currentTarget.getAttribute("src")) setPlayFailed(true);
          }}
        />
        <Button
          ref={playButtonRef}
          variant="contained"
          size="large"
          startIcon={playing ? <PauseIcon /> : <PlayArrowIcon />}
          onClick={togglePlayback}
          sx={{ minWidth: 160 }}
          roomFor={playing ? t`Play` : t`Pause`}
        >
          {playing ? t`Pause` : t`Play`}
        </Button>
        {kiosk ? null : (
          <Button
            variant="outlined"
            size="large"
            startIcon={<DownloadIcon />}
            onClick={() => {
              if (downloadPressTaken()) downloadFile(blob, audioFileName);
            }}
          >
            {t`Download audio`}
          </Button>
        )}
      </Stack>
      {playFailed ? (
        <ClosableAlert
          severity="error"
          onClose={() => setPlayFailed(false)}
          focusAfter={playButtonRef}
        >
          {kiosk
            ? t`This device did not play the audio. Check that its sound is on and press Play again.`
            : t`This device did not play the audio. Check that its sound is on and press Play again, or download the audio and play it in another app.`}
        </ClosableAlert>
      ) : null}
    </Stack>
  );
}
