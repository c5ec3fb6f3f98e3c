import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { styled } from "@mui/material/styles";
import { TextField } from "@/components/text-field";
import Typography from "@mui/material/Typography";
import { ChoiceRadioGroup } from "@/components/choice-radio-group";
import RecordVoiceOverIcon from "@mui/icons-material/RecordVoiceOver";
import StopIcon from "@mui/icons-material/Stop";
import { cleanPhraseText, type Board } from "@/features/talk/board/board";
import type { History } from "@/features/talk/history/history";
import type { TalkSettings } from "@/features/talk/talk-settings";
import type { useTalkSpeech } from "@/features/talk/speaking/use-talk-speech";
import {
  buildVocabulary,
  completeWord,
  suggestWords,
  type Vocabulary,
} from "@/features/talk/speaking/word-completion";
import {
  maxTextLength,
  speechPitches,
  speechRates,
  type SpeechPitchChoice,
  type SpeechLanguage,
  type SpeechRateChoice,
} from "@/shared/speech-options";
import { Button } from "@/components/button";
import { storageKeys } from "@/lib/storage";
import { useStoredDraft } from "@/lib/use-stored-draft";
import { visuallyHidden } from "@/theme/visually-hidden";

const Count = styled("p")(({ theme }) => ({
  margin: "4px 14px 0",
  fontSize: "0.875rem",
  lineHeight: 1.45,
  color: theme.palette.text.secondary,
  "&:empty": { margin: 0 },
}));

const rateChoices = Object.keys(speechRates) as SpeechRateChoice[];
const pitchChoices = Object.keys(speechPitches) as SpeechPitchChoice[];

/**
 * A large text box with one Speak action: Enter speaks, Shift+Enter starts a new line. Words the
 * user has said before are offered as big buttons while they type. A text longer than can be said
 * at once is kept whole and said to be too long, and Speak waits until it is short enough.
 */
export function TypeToSpeak({
  focusPress = 0,
  text,
  language,
  vocabulary,
  rate,
  pitch,
  speaking,
  onTextChange,
  onSpeak,
  onStop,
  onRateChange,
  onPitchChange,
}: {
  /** Presses of the Type at the top of Talk: each puts the focus here, the caret at the end. */
  focusPress?: number;
  text: string;
  language: string;
  vocabulary: Vocabulary;
  rate: SpeechRateChoice;
  pitch: SpeechPitchChoice;
  speaking: boolean;
  onTextChange: (text: string) => void;
  onSpeak: () => void;
  onStop: () => void;
  onRateChange: (rate: SpeechRateChoice) => void;
  onPitchChange: (pitch: SpeechPitchChoice) => void;
}) {
  const { t } = useLingui();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const textId = useId();
  const suggestions = useMemo(() => suggestWords(text, vocabulary), [text, vocabulary]);
  // The suggestions appear without a word: said once the typing pauses, not at every key (a
  // screen reader would talk over each letter typed).
  const offered = suggestions.join(", ");
  const [offeredSaid, setOfferedSaid] = useState("");
  useEffect(() => {
    const say = setTimeout(() => setOfferedSaid(offered), 1400);
    return () => clearTimeout(say);
  }, [offered]);
  // Counted as it is said: spaces and line breaks run together (cleanPhraseText).
  const length = cleanPhraseText(text).length;
  const limit = maxTextLength;
  const tooLong = length > limit;
  const speak = () => {
    if (!tooLong) onSpeak();
  };

  // Also when the box comes after the press: the panels under the board come later
  // (talk-panels.tsx), and My voice's, above this one, can come after it and push the box off the
  // screen. It is kept in view while the page grows, for a few seconds.
  useEffect(() => {
    const box = inputRef.current;
    if (focusPress === 0 || !box) return;
    box.focus({ preventScroll: true });
    box.setSelectionRange(box.value.length, box.value.length);
    const inView = new ResizeObserver(() => {
      if (document.activeElement === box) box.scrollIntoView({ block: "nearest" });
    });
    inView.observe(document.body);
    const stop = setTimeout(() => inView.disconnect(), 3000);
    return () => {
      inView.disconnect();
      clearTimeout(stop);
    };
  }, [focusPress]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      speak();
    }
  };

  return (
    <Stack spacing={2}>
      <Typography
        component="label"
        htmlFor={textId}
        sx={{ fontWeight: 700, fontSize: "1.125rem", mb: -1 }}
      >
        {t`Type what you want to say`}
      </Typography>
      <div>
        {/* No maxLength: the browser would cut a long paste short without a word. The text stays
            whole, said to be too long, for the user to shorten. */}
        <TextField
          id={textId}
          inputRef={inputRef}
          error={tooLong}
          helperText={
            tooLong
              ? t`This is too long: use at most ${limit} characters.`
              : t`Enter speaks. Shift+Enter starts a new line.`
          }
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
          multiline
          minRows={2}
          maxRows={8}
          fullWidth
          htmlInput={{ lang: language, sx: { fontSize: "1.5rem" } }}
        />
        {/* In the page from the start, so that a screen reader says the count as it appears. */}
        <Count aria-live="polite">
          {length > limit * 0.9 ? t`${length} of ${limit} characters` : null}
        </Count>
        <Box component="p" aria-live="polite" sx={visuallyHidden}>
          {offeredSaid ? t`Word suggestions: ${offeredSaid}` : null}
        </Box>
      </div>
      <WordSuggestions
        words={suggestions}
        language={language}
        onPick={(word) => {
          onTextChange(completeWord(text, word));
          inputRef.current?.focus();
        }}
      />
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<RecordVoiceOverIcon />}
          // Held while the text is too long, and focusable, with the reason (the field's message).
          aria-disabled={tooLong || undefined}
          aria-describedby={tooLong ? `${textId}-helper-text` : undefined}
          onClick={speak}
          sx={{ minHeight: 64, px: 4, fontSize: "1.25rem" }}
        >
          {t`Speak`}
        </Button>
        <Button
          variant="outlined"
          size="large"
          startIcon={<StopIcon />}
          // Focusable while nothing is said (aria-disabled): pressing it must not drop the focus.
          aria-disabled={!speaking}
          onClick={() => speaking && onStop()}
          sx={{ minHeight: 64, px: 3, fontSize: "1.125rem" }}
        >
          {t`Stop`}
        </Button>
      </Stack>
      <VoiceChoices
        rate={rate}
        pitch={pitch}
        onRateChange={onRateChange}
        onPitchChange={onPitchChange}
      />
    </Stack>
  );
}

/** Words the user has said before that complete the one being typed, as big buttons. */
function WordSuggestions({
  words,
  language,
  onPick,
}: {
  words: string[];
  language: string;
  onPick: (word: string) => void;
}) {
  const { t } = useLingui();
  return words.length > 0 ? (
    <Box
      component="ul"
      aria-label={t`Word suggestions`}
      sx={{ display: "flex", flexWrap: "wrap", gap: 1, listStyle: "none", p: 0, m: 0 }}
    >
      {words.map((word) => (
        <li key={word}>
          <Button
            variant="outlined"
            lang={language}
            sx={{ minHeight: 56, minWidth: 88, fontSize: "1.25rem", textTransform: "none" }}
            onClick={() => onPick(word)}
          >
            {word}
          </Button>
        </li>
      ))}
    </Box>
  ) : null;
}

function VoiceChoices({
  rate,
  pitch,
  onRateChange,
  onPitchChange,
}: {
  rate: SpeechRateChoice;
  pitch: SpeechPitchChoice;
  onRateChange: (rate: SpeechRateChoice) => void;
  onPitchChange: (pitch: SpeechPitchChoice) => void;
}) {
  const { t } = useLingui();
  const rateLabels: Record<SpeechRateChoice, string> = {
    slow: t`Slow`,
    normal: t`Normal`,
    fast: t`Fast`,
  };
  const pitchLabels: Record<SpeechPitchChoice, string> = {
    low: t`Low`,
    normal: t`Normal`,
    high: t`High`,
  };
  return (
    <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: { xs: 1, sm: 4 } }}>
      <ChoiceRadioGroup
        label={t`Speech rate`}
        value={rate}
        options={rateChoices.map((choice) => ({ value: choice, label: rateLabels[choice] }))}
        onChange={onRateChange}
      />
      <ChoiceRadioGroup
        label={t`Voice pitch`}
        value={pitch}
        options={pitchChoices.map((choice) => ({ value: choice, label: pitchLabels[choice] }))}
        onChange={onPitchChange}
      />
    </Stack>
  );
}

/** The text box with its own text; completion draws on this language's history and board. */
export function TypeToSpeakSection({
  focusPress,
  history,
  board,
  language,
  settings,
  speech,
  changeSettings,
}: {
  focusPress: number;
  history: History;
  board: Board;
  language: SpeechLanguage;
  settings: TalkSettings;
  speech: ReturnType<typeof useTalkSpeech>;
  changeSettings: (settings: Partial<TalkSettings>) => void;
}) {
  const [text, setText] = useState("");
  // Kept on the device while it is written, slowly perhaps: a reload, the phone closing the app
  // in the background or a visit to another page does not lose it.
  const draft = useStoredDraft<string>(storageKeys.talkDraft, {
    parse: (value) => (typeof value === "string" ? value : null),
    onRestore: setText,
    isEmpty: (value) => value.trim() === "",
  });
  const vocabulary = useMemo(
    () =>
      buildVocabulary([
        ...history.filter((entry) => entry.language === language).map((entry) => entry.text),
        ...board.map((phrase) => phrase.text),
      ]),
    [history, board, language],
  );
  return (
    <TypeToSpeak
      focusPress={focusPress}
      text={text}
      language={language}
      vocabulary={vocabulary}
      rate={settings.rate}
      pitch={settings.pitch}
      speaking={speech.speaking}
      onTextChange={(next) => {
        setText(next);
        draft.save(next);
      }}
      onSpeak={() => speech.say(text, language)}
      onStop={speech.stop}
      onRateChange={(rate) => changeSettings({ rate })}
      onPitchChange={(pitch) => changeSettings({ pitch })}
    />
  );
}
