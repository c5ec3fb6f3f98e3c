import { lazy, Suspense, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEventCallback } from "@mui/material/utils";
import HearingIcon from "@mui/icons-material/Hearing";
import { CheckboxChoice } from "@/components/choice-input";
import type { Board, Phrase } from "@/features/talk/board";
import { DidYouMean, ListeningStatus } from "@/features/talk/my-voice-answers";
import { useListening } from "@/features/talk/use-listening";
import { TaughtPhraseRow } from "@/features/talk/taught-phrase-row";
import type { MyVoice } from "@/features/talk/use-my-voice";
import { addConfirmed, type StoredExample } from "@/features/talk/voice-examples";
import { VoiceMeter } from "@/features/talk/voice-meter";
import type { SerialisedFeatures } from "@/shared/phrase-recogniser/serialise.ts";
import type { SpeechLanguage } from "@/shared/speech-options";
import { TakePaceSettings } from "@/features/talk/take-pace-settings";
import {
  takeLimitsFor,
  teachingLimitsFor,
  withTaughtTakes,
  type TakePace,
} from "@/features/talk/talk-settings";
import { Button } from "@/components/button";

const noExamples: StoredExample[] = [];

// The rows' styles (taught-phrase-row.tsx), written once for the list instead of once for each
// of its rows every time they render: Talk's start-up spent most of its time making them.
const taughtListStyle = {
  listStyle: "none",
  p: 0,
  m: 0,
  display: "grid",
  gap: 1,
  "& > li": {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    gap: 1,
    borderBottom: 1,
    borderColor: "divider",
    pb: 1,
  },
  "& .taught-text": { flex: "1 1 220px", minWidth: 0 },
  "& .taught-phrase": { m: 0, fontWeight: 600, overflowWrap: "anywhere" },
  "& .taught-count": { m: 0, fontSize: "0.9rem", color: "text.secondary" },
} as const;

// The teaching dialog (and MUI's modal machinery) loads when a phrase is first taught.
const TeachVoiceDialog = lazy(() =>
  import("@/features/talk/teach-voice-dialog").then((module) => ({
    default: module.TeachVoiceDialog,
  })),
);

/** Said after a take reached the user's longest take: it was recognised as it was. */
function TakeKeptAtLimit({ seconds }: { seconds: number | null }) {
  const { t } = useLingui();
  return seconds ? (
    <Typography role="status">{t`The take stopped at ${seconds} s; it was kept.`}</Typography>
  ) : null;
}

/**
 * My voice: teach the board's phrases by saying each one three times, then Listen: the device
 * hears which phrase was said, shows it and says it clearly. When unsure it asks, with big
 * buttons, instead of guessing; an answer the user confirms becomes one more example.
 */
export function MyVoicePanel({
  voice,
  board,
  language,
  pace,
  onPaceChange,
  onSay,
}: {
  voice: MyVoice;
  board: Board;
  language: SpeechLanguage;
  /** How the user's takes are cut (talk-settings.ts). */
  pace: TakePace;
  onPaceChange: (pace: TakePace) => void;
  onSay: (phrase: Phrase) => void;
}) {
  const { t } = useLingui();
  const [teaching, setTeaching] = useState<Phrase | null>(null);
  const player = useRef<HTMLAudioElement | null>(null);

  const taught = board.filter((phrase) => (voice.examples[phrase.id]?.length ?? 0) > 0);
  const byId = new Map(board.map((phrase) => [phrase.id, phrase]));
  const limits = takeLimitsFor(pace);
  const { listening, setListening, level, keptAtLimitS, listen, stopTake } = useListening(
    byId,
    onSay,
    limits,
  );

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
  // The same functions on every render, so the rows of unchanged phrases are not drawn again.
  const teach = useEventCallback((phrase: Phrase) => setTeaching(phrase));
  const play = useEventCallback((phrase: Phrase) => void playTakes(phrase));
  const forget = useEventCallback((phrase: Phrase) => voice.setPhrase(phrase.id, undefined));

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
          <Button variant="outlined" onClick={stopTake}>
            {t`I have finished`}
          </Button>
        ) : null}
        {taught.length === 0 ? (
          <Typography>{t`Teach at least one phrase first.`}</Typography>
        ) : null}
      </Stack>
      {listening.kind === "listening" ? <VoiceMeter level={level} /> : null}
      <ListeningStatus listening={listening} byId={byId} />
      <TakeKeptAtLimit seconds={listening.kind === "listening" ? null : keptAtLimitS} />
      {listening.kind === "unsure" ? (
        <DidYouMean
          suggestions={listening.suggestions.map((id) => byId.get(id)!)}
          language={language}
          onConfirm={(phrase) => confirm(phrase, listening.features)}
          onNone={() => setListening({ kind: "idle" })}
        />
      ) : null}
      <CheckboxChoice
        checked={voice.keepRecordings}
        onChange={(event) => voice.setKeepRecordings(event.target.checked)}
        label={t`Keep my recordings on this device, so I can play my takes back`}
        sx={{ minHeight: 48 }}
      />
      <TakePaceSettings pace={pace} onChange={onPaceChange} />
      <Box component="ul" sx={taughtListStyle}>
        {board.map((phrase) => (
          <TaughtPhraseRow
            key={phrase.id}
            phrase={phrase}
            examples={voice.examples[phrase.id] ?? noExamples}
            language={language}
            busy={busy}
            onTeach={teach}
            onPlay={play}
            onForget={forget}
          />
        ))}
      </Box>
      {teaching ? (
        <Suspense fallback={null}>
          <TeachVoiceDialog
            phraseText={teaching.text}
            language={language}
            keepRecordings={voice.keepRecordings}
            limits={teachingLimitsFor(pace)}
            onSaved={(examples, habits) => {
              voice.setPhrase(teaching.id, examples);
              onPaceChange(withTaughtTakes(pace, habits));
            }}
            onClose={() => setTeaching(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
