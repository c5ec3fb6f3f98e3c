import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Phrase } from "@/features/talk/board";
import type { SerialisedFeatures } from "@/shared/phrase-recogniser/serialise.ts";
import type { SpeechLanguage } from "@/shared/speech-options";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";

export type Listening =
  | { kind: "idle" }
  | { kind: "listening" }
  | { kind: "recognising" }
  | { kind: "heard"; phraseId: string }
  | { kind: "unsure"; suggestions: string[]; features: SerialisedFeatures }
  | { kind: "not-caught" }
  | { kind: "failed" }
  | { kind: "no-microphone" };

/** What Listen is doing or found, announced as it changes. */
export function ListeningStatus({
  listening,
  byId,
}: {
  listening: Listening;
  byId: ReadonlyMap<string, Phrase>;
}) {
  const { t } = useLingui();
  return (
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
  );
}

/** When unsure, the two or three closest phrases as big buttons, and "None of these". */
export function DidYouMean({
  suggestions,
  language,
  onConfirm,
  onNone,
}: {
  suggestions: Phrase[];
  language: SpeechLanguage;
  onConfirm: (phrase: Phrase) => void;
  onNone: () => void;
}) {
  const { t } = useLingui();
  return (
    <Box component="section" aria-label={t`Did you mean…?`}>
      <Typography sx={{ fontWeight: 700, fontSize: "1.25rem", mb: 1.5 }}>
        {t`Did you mean…?`}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
        {suggestions.map((phrase) => (
          <Button
            key={phrase.id}
            variant="outlined"
            lang={language}
            onClick={() => onConfirm(phrase)}
            sx={{ minHeight: 72, px: 3, fontSize: "1.25rem", textTransform: "none" }}
          >
            {phrase.text}
          </Button>
        ))}
        <Button variant="text" onClick={onNone} sx={{ minHeight: 72 }}>
          {t`None of these`}
        </Button>
      </Stack>
    </Box>
  );
}
