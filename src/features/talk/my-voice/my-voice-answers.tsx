import { useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import UndoIcon from "@mui/icons-material/Undo";
import type { Phrase } from "@/features/talk/board/board";
import { useMicrophoneProblemText } from "@/features/talk/my-voice/microphone-problem-text";
import type { Listening } from "@/features/talk/my-voice/voice-answer";
import type { SpeechLanguage } from "@/shared/speech-options";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { formatList } from "@/lib/lists";

/**
 * How long the microphone may take to open before the user is told why and may stop waiting: a
 * browser asking whether the site may use it waits for an answer, in a question a patient may
 * not have seen, and Listen would say "Starting the microphone…" for as long.
 */
const MICROPHONE_START_WAIT_MS = 4000;

/** Whether this take's microphone has been opening for longer than MICROPHONE_START_WAIT_MS. */
export function useStartingTooLong(listening: Listening): boolean {
  const [late, setLate] = useState<Listening | null>(null);
  useEffect(() => {
    if (listening.kind !== "starting") return;
    const timer = setTimeout(() => setLate(listening), MICROPHONE_START_WAIT_MS);
    return () => clearTimeout(timer);
  }, [listening]);
  return late === listening;
}

/**
 * What Listen is doing or found, announced as it changes; and, after a take that reached the
 * user's longest take, that it was recognised as it was (in the same region: one added with its
 * words already in is not read out by many screen readers).
 */
export function ListeningStatus({
  listening,
  byId,
  keptAtLimitS,
  startingTooLong,
}: {
  listening: Listening;
  byId: ReadonlyMap<string, Phrase>;
  keptAtLimitS: number | null;
  /** The microphone has been opening for a while (`useStartingTooLong`). */
  startingTooLong: boolean;
}) {
  const seconds = keptAtLimitS;
  const { t, i18n } = useLingui();
  const microphoneText = useMicrophoneProblemText();
  const text = (id: string) => byId.get(id)?.text ?? "";
  const message = () => {
    switch (listening.kind) {
      case "starting":
        return startingTooLong ? (
          <Alert role="none" severity="info">
            {t`The microphone has not started yet. If the browser asks whether this site may use the microphone, allow it. Or press Stop and try again later.`}
          </Alert>
        ) : (
          <Typography sx={{ fontWeight: 700 }}>{t`Starting the microphone…`}</Typography>
        );
      case "listening":
        return <Typography sx={{ fontWeight: 700 }}>{t`Listening… say your phrase.`}</Typography>;
      case "recognising":
        return <Typography sx={{ fontWeight: 700 }}>{t`Recognising…`}</Typography>;
      case "heard":
        return (
          <Alert role="none" severity="success">{t`Heard: ${text(listening.phraseId)}`}</Alert>
        );
      case "chosen":
        return <Alert role="none" severity="success">{t`Said: ${text(listening.phraseId)}`}</Alert>;
      case "unsure": {
        const choices = formatList(i18n.locale, listening.suggestions.map(text), "disjunction");
        return <Alert role="none" severity="info">{t`Did you mean ${choices}?`}</Alert>;
      }
      case "choosing":
        return (
          <Alert role="none" severity="info">
            {listening.suggestions.length
              ? t`Which phrase did you mean? Choose it below, or tap it on the board.`
              : t`Which phrase did you mean? Tap it on the board.`}
          </Alert>
        );
      case "asking-far":
        return (
          <Alert role="none" severity="info">
            {t`This did not sound like your other takes of “${text(listening.phraseId)}”. Keep it as an example?`}
          </Alert>
        );
      case "not-caught":
        return (
          <Alert role="none" severity="info">
            {listening.suggestions.length
              ? t`I did not catch that. Choose the phrase you meant below or on the board, or try again.`
              : listening.take
                ? t`I did not catch that. Please try again, or tap the phrase you meant on the board.`
                : t`I did not catch that. Please try again.`}
          </Alert>
        );
      case "failed":
        return (
          <Alert role="none" severity="error">
            {t`The recogniser could not run on this device. Please reload the page and try again.`}
          </Alert>
        );
      case "no-microphone":
        return (
          <Alert role="none" severity="warning">
            {microphoneText[listening.problem]}
          </Alert>
        );
      case "idle":
        return null;
    }
  };
  return (
    <div role="status">
      {message()}
      {seconds ? (
        <Typography>{t`The take stopped at ${seconds} s; it was kept.`}</Typography>
      ) : null}
    </div>
  );
}

/** Moves the keyboard's focus to an element when it first appears (answers, questions). */
function useFocusOnAppear<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/**
 * A press this soon after an answer is said at once was aimed at "I have finished", which the
 * take's own end took away, so it is not taken. "Not that" takes that button's place, and a slow
 * hand on its way there lands on it: taken, the tap would stop the right phrase and keep the take
 * as that phrase's counter-example. The keyboard's focus goes back to Listen, and a late Enter
 * there would keep the answer as right and listen again. No one hears an answer and judges it
 * sooner. Keys and switches on "Not that", and taps on Listen, are taken at once: nothing moves
 * them there by themselves.
 */
export const LATE_PRESS_MS = 1000;

/** "Not that": after an automatic answer, stops it and asks which phrase was meant. */
export function NotThatButton({ onNotThat }: { onNotThat: (byPointer: boolean) => void }) {
  const { t } = useLingui();
  return (
    <Button
      variant="contained"
      color="error"
      size="large"
      startIcon={<UndoIcon />}
      aria-keyshortcuts="Alt+N"
      onClick={(event) => onNotThat(event.detail > 0)}
      sx={{ minHeight: 64, px: 4, fontSize: "1.25rem" }}
    >
      {t`Not that`}
    </Button>
  );
}

/**
 * The phrases to choose from as big buttons, and a way out: when unsure ("Did you mean…?"), after
 * "did not catch it", and after "Not that" or "None of these" (then the board is offered too,
 * with a button that brings it into view: on a phone it is screens above). Focus moves to the
 * first choice when they appear, or to the question when the board is the only place to choose.
 */
export function AnswerChoices({
  title,
  suggestions,
  language,
  noneLabel,
  onChoose,
  onNone,
  onShowBoard,
}: {
  title: string;
  suggestions: Phrase[];
  language: SpeechLanguage;
  noneLabel: string;
  onChoose: (phrase: Phrase) => void;
  onNone: () => void;
  /** Brings the board into view, when the phrase meant may be chosen there. */
  onShowBoard?: () => void;
}) {
  const { t } = useLingui();
  const first = useFocusOnAppear<HTMLButtonElement>();
  const heading = useFocusOnAppear<HTMLElement>();
  return (
    <Box component="section" aria-label={title}>
      <Typography
        ref={suggestions.length ? undefined : heading}
        tabIndex={suggestions.length ? undefined : -1}
        sx={{ fontWeight: 700, fontSize: "1.25rem", mb: 1.5 }}
      >
        {title}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
        {suggestions.map((phrase, index) => (
          <Button
            key={phrase.id}
            ref={index === 0 ? first : undefined}
            variant="outlined"
            lang={language}
            onClick={() => onChoose(phrase)}
            sx={{ minHeight: 72, px: 3, fontSize: "1.25rem", textTransform: "none" }}
          >
            {phrase.text}
          </Button>
        ))}
        {onShowBoard ? (
          <Button
            variant="outlined"
            startIcon={<ArrowUpwardIcon />}
            onClick={onShowBoard}
            sx={{ minHeight: 72 }}
          >
            {t`Go to the board`}
          </Button>
        ) : null}
        <Button variant="text" onClick={onNone} sx={{ minHeight: 72 }}>
          {noneLabel}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * Keep a take far from the phrase's other takes, or not (asked once). It comes where the choice
 * just pressed was, so the answer that changes nothing has the focus, and a tap on "Keep it"
 * within LATE_PRESS_MS was the choice's second tap (a tremor's, a double tap): not taken.
 */
export function FarTakeQuestion({ onAnswer }: { onAnswer: (keep: boolean) => void }) {
  const { t } = useLingui();
  const doNotKeep = useFocusOnAppear<HTMLButtonElement>();
  const shownAt = useRef(Infinity);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const keep = (byPointer: boolean) => {
    if (byPointer && performance.now() - shownAt.current < LATE_PRESS_MS) return;
    onAnswer(true);
  };
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
      <Button
        variant="contained"
        onClick={(event) => keep(event.detail > 0)}
        sx={{ minHeight: 56 }}
      >
        {t`Keep it`}
      </Button>
      <Button
        ref={doNotKeep}
        variant="outlined"
        onClick={() => onAnswer(false)}
        sx={{ minHeight: 56 }}
      >
        {t`Do not keep it`}
      </Button>
    </Stack>
  );
}
