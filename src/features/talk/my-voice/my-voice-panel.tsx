import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEventCallback } from "@mui/material/utils";
import MicIcon from "@mui/icons-material/Mic";
import { CheckboxChoice } from "@/components/choice-input";
import { cleanPhraseText, type Board, type Phrase } from "@/features/talk/board/board";
import {
  AnswerChoices,
  FarTakeQuestion,
  LATE_PRESS_MS,
  ListeningStatus,
  NotThatButton,
  useStartingTooLong,
} from "@/features/talk/my-voice/my-voice-answers";
import { alikeUntaught } from "@/features/talk/my-voice/alike-phrases";
import { useListening } from "@/features/talk/my-voice/use-listening";
import { FocusBackWhenGone, TaughtPhraseRow } from "@/features/talk/my-voice/taught-phrase-row";
import type { MyVoice } from "@/features/talk/my-voice/use-my-voice";
import {
  awaitsChoice,
  type AnswerEvent,
  type AnswerStep,
  type Lesson,
} from "@/features/talk/my-voice/voice-answer";
import type { Said } from "@/features/talk/speaking/use-talk-speech";
import type { StoredExample } from "@/features/talk/my-voice/voice-examples";
import { MicrophoneInUse } from "@/features/talk/my-voice/microphone-in-use";
import { VoiceMeter } from "@/features/talk/my-voice/voice-meter";
import type { SpeechLanguage } from "@/shared/speech-options";
import { Alert } from "@/components/alert";
import { TakePaceSettings } from "@/features/talk/my-voice/take-pace-settings";
import {
  takeLimitsFor,
  teachingLimitsFor,
  withTaughtTakes,
  type TakePace,
} from "@/features/talk/talk-settings";
import { Button } from "@/components/button";
import { loadWhenOnline } from "@/lib/load-when-online";
import { preloadableLazy } from "@/lib/preloadable-lazy";
import { formatList } from "@/lib/lists";

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
  "& .taught-alike": { m: 0, mt: 0.5, fontSize: "0.9rem", overflowWrap: "anywhere" },
} as const;

// The teaching dialog (and MUI's modal machinery) loads when a phrase is first taught; offline,
// before the service worker has it, once the connection is back (so does the question dialog).
const { Component: TeachVoiceDialog, preload: preloadTeachVoiceDialog } = preloadableLazy(
  loadWhenOnline(() =>
    import("@/features/talk/my-voice/teach-voice-dialog").then((module) => module.TeachVoiceDialog),
  ),
);

const VoiceQuestionDialog = lazy(
  loadWhenOnline(() =>
    import("@/components/question-dialog").then((module) => ({
      default: module.QuestionDialog,
    })),
  ),
);

/**
 * A question about a phrase's examples, asked before they are deleted or replaced; about the
 * phrase of that language's board, answered after "Speak in" changed (in another tab) too.
 */
type Question = { kind: "forget" | "teach-again"; phrase: Phrase; language: SpeechLanguage };

/**
 * A teaching session, and whether the examples the user gave while using Listen stay; for the
 * phrase of that language's board (as a question).
 */
type Teaching = { phrase: Phrase; keepAnswers: boolean; language: SpeechLanguage };

const isAnswer = (example: StoredExample) => example.origin !== "taught";
/** Taught or confirmed: a counter-example (a take that was not the phrase) does not teach it. */
const isExample = (example: StoredExample) => example.origin !== "counter";

/** Alt + a letter: a key of its own that typing never presses (WCAG 2.1.4). */
const shortcut = (event: KeyboardEvent, code: string) =>
  event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === code;

/**
 * My voice: teach the board's phrases by saying each one three times, then Listen: the device
 * hears which phrase was said, shows it and says it clearly. When unsure it asks, with big
 * buttons, instead of guessing; after an answer said at once, "Not that" stops it and asks. Every
 * answer teaches: the take is kept as an example of the phrase the user confirms or chooses (in
 * the list or with a tap on the board), and as a counter-example of a phrase wrongly said.
 */
export function MyVoicePanel({
  voice,
  listenPress = null,
  onListenTaken,
  board,
  language,
  pace,
  onPaceChange,
  onSay,
  said,
  onStopSpeech,
  onRetractSpeech,
  onShowBoard,
}: {
  voice: MyVoice;
  /**
   * A press of the Listen at the top of Talk not yet taken (its number), or null: this panel
   * focuses its Listen and listens, also for a press made before it came, and says it took it.
   */
  listenPress?: number | null;
  onListenTaken?: (press: number) => void;
  board: Board;
  language: SpeechLanguage;
  /** How the user's takes are cut (talk-settings.ts). */
  pace: TakePace;
  onPaceChange: (pace: TakePace) => void;
  onSay: (phrase: Phrase) => void;
  /** What Talk said last, by any way (the board, typed, the history, My voice). */
  said: Said | null;
  /** Stops what Talk is saying: a take would hear it (echo cancellation is off). */
  onStopSpeech: () => void;
  /** Stops what was said last and takes it back ("Not that"). */
  onRetractSpeech: () => void;
  /** Brings the board into view and puts the focus on its first phrase. */
  onShowBoard?: () => void;
}) {
  const { t } = useLingui();
  const [teaching, setTeaching] = useState<Teaching | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  const [learnFailed, setLearnFailed] = useState(false);
  // Taught again with "Keep my answers", the answers could not be kept beside the new takes.
  const [answersDropped, setAnswersDropped] = useState(false);
  const player = useRef<HTMLAudioElement | null>(null);
  // The teaching dialog comes while nothing else happens, so the first Teach opens it at once.
  useEffect(() => {
    if (typeof requestIdleCallback !== "function") return;
    const idle = requestIdleCallback(() => void preloadTeachVoiceDialog().catch(() => undefined), {
      timeout: 5000,
    });
    return () => cancelIdleCallback(idle);
  }, []);

  const taught = useMemo(
    () => board.filter((phrase) => (voice.examples[phrase.id] ?? []).some(isExample)),
    [board, voice.examples],
  );
  const byId = new Map(board.map((phrase) => [phrase.id, phrase]));
  // Untaught phrases one word from a taught one, which My voice could take for it: teach them too.
  const alike = useMemo(
    () => alikeUntaught(board, new Set(taught.map((phrase) => phrase.id)), language),
    [board, taught, language],
  );

  const keep = async (lesson: Lesson, answerWith: (event: AnswerEvent) => void) => {
    const { phraseId, origin, take } = lesson;
    const wasTaught = taught.some((phrase) => phrase.id === phraseId);
    // A phrase forgotten or deleted since it was turned down keeps nothing: Forget deleted its
    // examples, and one kept now would outlive it unseen.
    if (origin === "counter" && !wasTaught) return;
    if (lesson.askIfFar && (await voice.isFar(phraseId, take.features))) {
      answerWith({ type: "far", phraseId, take });
      return;
    }
    const example: StoredExample = {
      features: take.features,
      origin,
      addedAt: Date.now(),
      // Recorded when the take began: kept only if the user still wants recordings kept.
      ...(take.audio && voice.keepRecordings ? { audio: take.audio } : {}),
    };
    await voice.learn(phraseId, example, wasTaught).then(
      () => setLearnFailed(false),
      () => setLearnFailed(true),
    );
  };
  const onStep = (step: AnswerStep, answerWith: (event: AnswerEvent) => void) => {
    if (step.stopSpeech) onRetractSpeech();
    const said = step.say && byId.get(step.say);
    if (said) onSay(said);
    if (step.learn) void keep(step.learn, answerWith);
    for (const counter of step.counters ?? []) void keep(counter, answerWith);
  };
  // What a take can be answered as, or confirmed as: the phrases taught and on the board now.
  const taughtById = new Map(taught.map((phrase) => [phrase.id, phrase]));
  const { listening, answerWith, level, keptAtLimitS, listen, stopTake } = useListening(
    taughtById,
    voice.keepRecordings,
    takeLimitsFor(pace),
    onStep,
  );

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

  const busy =
    listening.kind === "starting" ||
    listening.kind === "listening" ||
    listening.kind === "recognising";
  const canListen = taught.length > 0 && !busy;
  // The microphone is slow to open (its permission asked and not answered): Stop gives up.
  const startingTooLong = useStartingTooLong(listening);
  // The microphone hears the room, and echo cancellation is off: Talk's speech and a take played
  // back stop first, or they would be the take (or a teaching take).
  const quiet = () => {
    onStopSpeech();
    player.current?.pause();
  };
  const startListening = useEventCallback(() => {
    if (!canListen) return;
    quiet();
    void listen();
  });
  const notThat = useEventCallback(() => answerWith({ type: "not-that" }));
  // When the last answer was said at once (LATE_PRESS_MS).
  const answeredAt = useRef(-Infinity);
  useEffect(() => {
    if (listening.kind === "heard") answeredAt.current = performance.now();
  }, [listening]);
  const justAnswered = () =>
    listening.kind === "heard" && performance.now() - answeredAt.current < LATE_PRESS_MS;
  // Only a key's press (detail 0): the keyboard's focus comes back to Listen by itself as the take
  // ends, and a tap on Listen is aimed at it (a user going on to the next phrase at once).
  const pressListen = (event: { detail: number }) => {
    if (event.detail === 0 && justAnswered()) return;
    startListening();
  };
  // Only a tap: "Not that" takes the place of "I have finished", where a slow hand lands.
  const pressNotThat = (byPointer: boolean) => {
    if (byPointer && justAnswered()) return;
    notThat();
  };

  const listenButton = useRef<HTMLButtonElement>(null);
  const teachFirstId = useId();
  // The press acted on, so that running the effect again before the parent has heard (React's
  // development checks) does not listen twice.
  const actedOn = useRef<number | null>(null);
  const tookPress = useEventCallback((press: number) => onListenTaken?.(press));
  useEffect(() => {
    // Once the phrases are known: a press before they were read is not lost.
    if (listenPress === null || !voice.loaded || actedOn.current === listenPress) return;
    actedOn.current = listenPress;
    tookPress(listenPress);
    listenButton.current?.focus();
    startListening();
  }, [listenPress, voice.loaded, tookPress, startListening]);

  // The board's language changed: an answer on screen was about the other language's phrases,
  // whose ids the new board shares (its starters), so nothing it would keep is kept.
  const answeredIn = useRef(language);
  const expireAnswer = useEventCallback(() => answerWith({ type: "expire", why: "language" }));
  useEffect(() => {
    if (answeredIn.current === language) return;
    answeredIn.current = language;
    expireAnswer();
  }, [language, expireAnswer]);

  // Other words said after a phrase said at once (typed, or from the history): perhaps what the
  // user meant, so that answer is not taken as right at the next Listen. Said while a take is
  // under way or a question waits, the user has gone on (a phrase tapped on the board in answer
  // has been taken as the answer by then).
  const saidElse = useEventCallback((text: string) => {
    const heard = listening.kind === "heard" && byId.get(listening.phraseId);
    if (heard ? cleanPhraseText(heard.text) !== text : busy || awaitsChoice(listening))
      answerWith({ type: "said-else" });
  });
  useEffect(() => {
    if (said) saidElse(said.text);
  }, [said, saidElse]);

  // A tap on the board, while a take waits to be told which phrase it was, tells it.
  const boardTap = useEventCallback((phrase: Phrase) =>
    answerWith({ type: "chose", phraseId: phrase.id, alreadySaid: true }),
  );
  useEffect(() => {
    voice.onBoardTap(boardTap);
    return () => voice.onBoardTap(null);
  }, [voice, boardTap]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector("[role=dialog]")) return;
      if (shortcut(event, "KeyL")) {
        event.preventDefault();
        startListening();
      } else if (shortcut(event, "KeyN")) {
        event.preventDefault();
        notThat();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [startListening, notThat]);

  // The same functions on every render, so the rows of unchanged phrases are not drawn again.
  const teach = useEventCallback((phrase: Phrase) => {
    quiet();
    if ((voice.examples[phrase.id] ?? []).some(isAnswer))
      setQuestion({ kind: "teach-again", phrase, language });
    else setTeaching({ phrase, keepAnswers: false, language });
  });
  const play = useEventCallback((phrase: Phrase) => void playTakes(phrase));
  const forget = useEventCallback((phrase: Phrase) =>
    setQuestion({ kind: "forget", phrase, language }),
  );

  const saveTaught = (
    { phrase, keepAnswers, language }: Teaching,
    taughtTakes: StoredExample[],
  ) => {
    const stored = voice.all?.[language]?.[phrase.id] ?? [];
    const answers = keepAnswers ? stored.filter(isAnswer) : [];
    setAnswersDropped(false);
    if (!answers.length) return voice.setPhrase(phrase.id, taughtTakes, language);
    void voice.keepExamples(phrase.id, [...taughtTakes, ...answers], language).catch(() => {
      voice.setPhrase(phrase.id, taughtTakes, language);
      setAnswersDropped(true);
    });
  };

  return (
    <Stack spacing={2.5}>
      <Typography sx={{ color: "text.secondary" }}>
        {t`Teach a phrase by saying it three times in your own way. Then press Listen and say one of your phrases: it is shown and said clearly. Everything stays on this device.`}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
        {/* Focusable while busy (aria-disabled), so the focus of a keyboard or switch stays. */}
        <Button
          ref={listenButton}
          variant="contained"
          size="large"
          startIcon={<MicIcon />}
          aria-disabled={!canListen}
          // Why it does nothing yet, read with it.
          aria-describedby={taught.length === 0 ? teachFirstId : undefined}
          aria-keyshortcuts="Alt+L"
          onClick={pressListen}
          sx={{ minHeight: 64, px: 4, fontSize: "1.25rem" }}
        >
          {t`Listen`}
        </Button>
        {listening.kind === "listening" ? (
          <FocusBackWhenGone to={listenButton}>
            <Button
              variant="outlined"
              onClick={() => {
                // This button goes with the take: the focus waits on Listen for the answer.
                listenButton.current?.focus();
                stopTake();
              }}
            >
              {t`I have finished`}
            </Button>
          </FocusBackWhenGone>
        ) : null}
        {startingTooLong ? (
          <FocusBackWhenGone to={listenButton}>
            <Button variant="outlined" onClick={() => answerWith({ type: "stop-starting" })}>
              {t`Stop`}
            </Button>
          </FocusBackWhenGone>
        ) : null}
        {listening.kind === "heard" ? (
          // Gone with the answer (Listen again, Alt+L): the focus comes back to Listen.
          <FocusBackWhenGone to={listenButton}>
            <NotThatButton onNotThat={pressNotThat} />
          </FocusBackWhenGone>
        ) : null}
        {taught.length === 0 ? (
          <Typography id={teachFirstId}>{t`Teach at least one phrase first.`}</Typography>
        ) : null}
      </Stack>
      <Typography sx={{ color: "text.secondary", fontSize: "0.9rem" }}>
        {t`Keys: Alt+L listens; Alt+N says “Not that” after an answer.`}
      </Typography>
      {listening.kind === "listening" ? <VoiceMeter level={level} /> : null}
      {busy ? <MicrophoneInUse /> : null}
      <ListeningStatus
        listening={listening}
        byId={byId}
        keptAtLimitS={listening.kind === "listening" ? null : keptAtLimitS}
        startingTooLong={startingTooLong}
      />
      {listening.kind === "unsure" ||
      listening.kind === "choosing" ||
      (listening.kind === "not-caught" && listening.suggestions.length > 0) ? (
        <FocusBackWhenGone
          // A new set of choices takes the focus again.
          key={listening.kind}
          to={listenButton}
        >
          <AnswerChoices
            title={listening.kind === "unsure" ? t`Did you mean…?` : t`Which phrase did you mean?`}
            suggestions={listening.suggestions.flatMap((id) => byId.get(id) ?? [])}
            language={language}
            noneLabel={listening.kind === "choosing" ? t`Never mind` : t`None of these`}
            onChoose={(phrase) => answerWith({ type: "chose", phraseId: phrase.id })}
            onNone={() =>
              listening.kind === "choosing"
                ? answerWith({ type: "never-mind" })
                : answerWith({ type: "none-of-these" })
            }
            onShowBoard={listening.kind === "unsure" ? undefined : onShowBoard}
          />
        </FocusBackWhenGone>
      ) : null}
      {listening.kind === "asking-far" ? (
        <FocusBackWhenGone to={listenButton}>
          <FarTakeQuestion onAnswer={(keepIt) => answerWith({ type: "keep-far", keep: keepIt })} />
        </FocusBackWhenGone>
      ) : null}
      {answersDropped ? (
        <Alert severity="warning" role="alert">
          {t`The new takes were kept, but your earlier answers to Listen could not be kept beside them on this device.`}
        </Alert>
      ) : null}
      {voice.readFailed ? (
        <Alert severity="error" role="alert">
          {t`What My voice has learnt could not be read on this device. Nothing was changed: reload the page to try again.`}
        </Alert>
      ) : null}
      {learnFailed ? (
        <Alert severity="error" role="alert">
          {t`This answer could not be kept as an example on this device. Your phrases are unchanged.`}
        </Alert>
      ) : null}
      <TeachAgainNotice phrases={voice.teachAgain.flatMap((id) => byId.get(id) ?? [])} />
      <WaitingNotice phrases={voice.waiting.flatMap((id) => byId.get(id) ?? [])} />
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
            alike={alike.get(phrase.id)}
            language={language}
            // Until the examples are read every phrase looks untaught: teaching one then would
            // replace its answers without the question that keeps them.
            busy={busy || !voice.loaded}
            onTeach={teach}
            onPlay={play}
            onForget={forget}
          />
        ))}
      </Box>
      {teaching ? (
        <Suspense fallback={null}>
          <TeachVoiceDialog
            phraseText={teaching.phrase.text}
            language={teaching.language}
            keepRecordings={voice.keepRecordings}
            limits={teachingLimitsFor(pace)}
            onSaved={(examples, habits) => {
              saveTaught(teaching, examples);
              onPaceChange(withTaughtTakes(pace, habits));
            }}
            onClose={() => setTeaching(null)}
          />
        </Suspense>
      ) : null}
      {question ? (
        <Suspense fallback={null}>
          <PhraseQuestion
            question={question}
            onForget={() => voice.setPhrase(question.phrase.id, undefined, question.language)}
            onTeach={(keepAnswers) =>
              setTeaching({ phrase: question.phrase, keepAnswers, language: question.language })
            }
            onClose={() => setQuestion(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** "Forget" and "Teach again" ask first: both would delete what the user taught. */
function PhraseQuestion({
  question,
  onForget,
  onTeach,
  onClose,
}: {
  question: Question;
  onForget: () => void;
  onTeach: (keepAnswers: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const text = question.phrase.text;
  const then = (action: () => void) => () => {
    onClose();
    action();
  };
  return question.kind === "forget" ? (
    <VoiceQuestionDialog
      title={t`Forget my voice for “${text}”?`}
      text={t`The examples of how you say this phrase are deleted from this device. The phrase stays on the board.`}
      answers={[
        { label: t`Forget`, onChoose: then(onForget), variant: "contained", color: "error" },
        { label: t`Cancel`, onChoose: onClose },
      ]}
    />
  ) : (
    <VoiceQuestionDialog
      title={t`Teach “${text}” again?`}
      text={t`Some of its examples come from your answers to Listen. Keep them beside the new takes, or start afresh with the new takes only.`}
      answers={[
        { label: t`Keep my answers`, onChoose: then(() => onTeach(true)), variant: "contained" },
        { label: t`Start afresh`, onChoose: then(() => onTeach(false)) },
        { label: t`Cancel`, onChoose: onClose },
      ]}
    />
  );
}

/**
 * After a change of the recogniser's method, the phrases whose examples could not be made again
 * (no recording was kept): the user is told which, instead of finding them silently forgotten.
 */
function TeachAgainNotice({ phrases }: { phrases: Phrase[] }) {
  const { t } = useLingui();
  const list = usePhraseList(phrases);
  if (!phrases.length) return null;
  return (
    <Alert severity="warning">
      {t`My voice now listens in a new way, and your recordings were not kept, so it could not learn your takes again. Please teach these phrases again: ${list}.`}
    </Alert>
  );
}

/**
 * After a change of the recogniser's method, the phrases some of whose takes the recogniser did
 * not learn again in time (it hung): they are left out until a later visit tries again.
 */
function WaitingNotice({ phrases }: { phrases: Phrase[] }) {
  const { t } = useLingui();
  const list = usePhraseList(phrases);
  if (!phrases.length) return null;
  return (
    <Alert severity="warning">
      {t`My voice now listens in a new way, and could not learn all your takes again in time. It tries again the next time you open Talk. Until then it may not recognise these phrases: ${list}.`}
    </Alert>
  );
}

/** The phrases' words, quoted and listed as the interface's language does. */
function usePhraseList(phrases: Phrase[]): string {
  const { t, i18n } = useLingui();
  return formatList(
    i18n.locale,
    // Quoted as each language quotes («…» in Russian, Kazakh and Kyrgyz).
    phrases.map(({ text }) => t`“${text}”`),
    "conjunction",
  );
}
