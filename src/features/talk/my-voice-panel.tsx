import { useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import HearingIcon from "@mui/icons-material/Hearing";
import MicIcon from "@mui/icons-material/Mic";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import type { Board, Phrase } from "@/features/talk/board";
import { openMicrophone, type MicrophoneSession } from "@/features/talk/microphone";
import { TeachVoiceDialog } from "@/features/talk/teach-voice-dialog";
import type { MyVoice } from "@/features/talk/use-my-voice";
import { addConfirmed, storageBytes } from "@/features/talk/voice-examples";
import { askRecogniser } from "@/features/talk/voice-recogniser";
import { VoiceMeter } from "@/features/talk/voice-meter";
import type { SerialisedFeatures } from "@/shared/phrase-recogniser/serialise.ts";
import type { SpeechLanguage } from "@/lib/speech-options";

type Listening =
  | { kind: "idle" }
  | { kind: "listening" }
  | { kind: "recognising" }
  | { kind: "heard"; phraseId: string }
  | { kind: "unsure"; suggestions: string[]; features: SerialisedFeatures }
  | { kind: "not-caught" }
  | { kind: "failed" }
  | { kind: "no-microphone" };

/**
 * My voice: teach the board's phrases by saying each one three times, then Listen: the device
 * hears which phrase was said, shows it and says it clearly. When unsure it asks, with big
 * buttons, instead of guessing; an answer the user confirms becomes one more example.
 */
export function MyVoicePanel({
  voice,
  board,
  language,
  onSay,
}: {
  voice: MyVoice;
  board: Board;
  language: SpeechLanguage;
  onSay: (phrase: Phrase) => void;
}) {
  const { t, i18n } = useLingui();
  const [teaching, setTeaching] = useState<Phrase | null>(null);
  const [listening, setListening] = useState<Listening>({ kind: "idle" });
  const [level, setLevel] = useState(0);
  const session = useRef<MicrophoneSession | null>(null);
  const player = useRef<HTMLAudioElement | null>(null);

  const taught = board.filter((phrase) => (voice.examples[phrase.id]?.length ?? 0) > 0);
  const byId = new Map(board.map((phrase) => [phrase.id, phrase]));
  const kilobytes = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 });

  const listen = async () => {
    setListening({ kind: "listening" });
    try {
      session.current = await openMicrophone(setLevel);
    } catch {
      setListening({ kind: "no-microphone" });
      return;
    }
    const take = await session.current.nextTake();
    session.current.close();
    session.current = null;
    if (take.end === "no-voice") {
      setListening({ kind: "not-caught" });
      return;
    }
    setListening({ kind: "recognising" });
    const answer = await askRecogniser(
      { type: "recognise", samples: take.samples, sampleRate: take.sampleRate },
      [take.samples.buffer],
    ).catch(() => null);
    if (!answer || answer.type !== "recognition") {
      setListening({ kind: "failed" });
      return;
    }
    const { recognition, features } = answer;
    const heard = recognition.phraseId && byId.get(recognition.phraseId);
    if (recognition.decision === "accepted" && heard) {
      setListening({ kind: "heard", phraseId: heard.id });
      onSay(heard);
    } else if (recognition.decision === "unsure") {
      const suggestions = recognition.suggestions.filter((id) => byId.has(id)).slice(0, 3);
      setListening(
        suggestions.length ? { kind: "unsure", suggestions, features } : { kind: "not-caught" },
      );
    } else {
      setListening({ kind: "not-caught" });
    }
  };

  const confirm = (phrase: Phrase, features: SerialisedFeatures) => {
    const examples = voice.examples[phrase.id] ?? [];
    voice.setPhrase(phrase.id, addConfirmed(examples, features));
    setListening({ kind: "heard", phraseId: phrase.id });
    onSay(phrase);
  };

  const playTakes = async (phrase: Phrase) => {
    for (const example of voice.examples[phrase.id] ?? []) {
      if (!example.audio) continue;
      const url = URL.createObjectURL(example.audio);
      player.current?.pause();
      const audio = new Audio(url);
      player.current = audio;
      await new Promise<void>((resolve) => {
        audio.onended = () => resolve();
        audio.onerror = () => resolve();
        void audio.play().catch(() => resolve());
      });
      URL.revokeObjectURL(url);
    }
  };

  const busy = listening.kind === "listening" || listening.kind === "recognising";

  return (
    <Stack spacing={2.5}>
      <Typography sx={{ color: "text.secondary" }}>
        {t`Teach a phrase by saying it three times in your own way. Then press Listen and say one of your phrases: it is shown and said clearly. Everything stays on this device.`}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<HearingIcon />}
          disabled={taught.length === 0 || busy}
          onClick={() => void listen()}
          sx={{ minHeight: 64, px: 4, fontSize: "1.25rem" }}
        >
          {t`Listen`}
        </Button>
        {listening.kind === "listening" ? (
          <Button variant="outlined" onClick={() => session.current?.stopTake()}>
            {t`I have finished`}
          </Button>
        ) : null}
        {taught.length === 0 ? (
          <Typography>{t`Teach at least one phrase first.`}</Typography>
        ) : null}
      </Stack>
      {listening.kind === "listening" ? <VoiceMeter level={level} /> : null}
      <div role="status">
        {listening.kind === "listening" ? (
          <Typography sx={{ fontWeight: 700 }}>{t`Listening… say your phrase.`}</Typography>
        ) : listening.kind === "recognising" ? (
          <Typography sx={{ fontWeight: 700 }}>{t`Recognising…`}</Typography>
        ) : listening.kind === "heard" ? (
          <Alert severity="success">{t`Heard: ${byId.get(listening.phraseId)?.text ?? ""}`}</Alert>
        ) : listening.kind === "not-caught" ? (
          <Alert severity="info">{t`I did not catch that. Please try again.`}</Alert>
        ) : listening.kind === "failed" ? (
          <Alert severity="error">
            {t`The recogniser could not run on this device. Please reload the page and try again.`}
          </Alert>
        ) : listening.kind === "no-microphone" ? (
          <Alert severity="warning">
            {t`Could not use the microphone. Please check that this site may use it in your browser's permissions, then try again.`}
          </Alert>
        ) : null}
      </div>
      {listening.kind === "unsure" ? (
        <Box component="section" aria-label={t`Did you mean…?`}>
          <Typography sx={{ fontWeight: 700, fontSize: "1.25rem", mb: 1.5 }}>
            {t`Did you mean…?`}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
            {listening.suggestions.map((id) => {
              const phrase = byId.get(id)!;
              return (
                <Button
                  key={id}
                  variant="outlined"
                  lang={language}
                  onClick={() => confirm(phrase, listening.features)}
                  sx={{ minHeight: 72, px: 3, fontSize: "1.25rem", textTransform: "none" }}
                >
                  {phrase.text}
                </Button>
              );
            })}
            <Button
              variant="text"
              onClick={() => setListening({ kind: "idle" })}
              sx={{ minHeight: 72 }}
            >
              {t`None of these`}
            </Button>
          </Stack>
        </Box>
      ) : null}
      <FormControlLabel
        control={
          <Checkbox
            checked={voice.keepRecordings}
            onChange={(event) => voice.setKeepRecordings(event.target.checked)}
          />
        }
        label={t`Keep my recordings on this device, so I can play my takes back`}
        sx={{ minHeight: 48 }}
      />
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
        {board.map((phrase) => {
          const examples = voice.examples[phrase.id] ?? [];
          const size = kilobytes.format(storageBytes(examples) / 1000);
          const count = examples.length;
          return (
            <Box
              component="li"
              key={phrase.id}
              sx={{
                display: "flex",
                flexWrap: "wrap",
                alignItems: "center",
                gap: 1,
                borderBottom: 1,
                borderColor: "divider",
                pb: 1,
              }}
            >
              <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
                <Typography lang={language} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                  {phrase.text}
                </Typography>
                <Typography sx={{ fontSize: "0.9rem", color: "text.secondary" }}>
                  {count ? t`Examples: ${count}, ${size} kB` : t`Not taught yet`}
                </Typography>
              </Box>
              <Button
                variant="outlined"
                startIcon={<MicIcon />}
                aria-label={t`Teach my voice: ${phrase.text}`}
                onClick={() => setTeaching(phrase)}
                disabled={busy}
              >
                {count ? t`Teach again` : t`Teach`}
              </Button>
              {examples.some((example) => example.audio) ? (
                <Button
                  variant="outlined"
                  startIcon={<PlayArrowIcon />}
                  aria-label={t`Play my takes: ${phrase.text}`}
                  onClick={() => void playTakes(phrase)}
                >
                  {t`Play`}
                </Button>
              ) : null}
              {count ? (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlinedIcon />}
                  aria-label={t`Forget my voice: ${phrase.text}`}
                  onClick={() => voice.setPhrase(phrase.id, undefined)}
                >
                  {t`Forget`}
                </Button>
              ) : null}
            </Box>
          );
        })}
      </Box>
      {teaching ? (
        <TeachVoiceDialog
          phraseText={teaching.text}
          language={language}
          keepRecordings={voice.keepRecordings}
          onSaved={(examples) => voice.setPhrase(teaching.id, examples)}
          onClose={() => setTeaching(null)}
        />
      ) : null}
    </Stack>
  );
}
