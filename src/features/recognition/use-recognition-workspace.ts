/**
 * Everything the Speech Recognition page does, for its panels to render: the recording and audio
 * state machines, the browser's recognizer, audio made by the speech service, and the drafts in
 * IndexedDB (the text with its language, and the last audio) that survive reloads until Reset.
 */
import { useEffect, useReducer, useRef, useState, useSyncExternalStore } from "react";
import {
  audioReducer,
  canCreateAudio,
  initialAudioState,
  type GenerationStage,
  type SavedAudio,
} from "@/features/recognition/audio-machine";
import {
  checkMicrophone,
  isSpeechRecognitionSupported,
  startRecognition,
  type RecognitionHandlers,
  type RecognitionSession,
} from "@/features/recognition/browser-speech-recognition";
import { createDebouncedSave } from "@/features/recognition/debounced-save";
import { isRecognitionLanguage } from "@/features/recognition/recognition-languages";
import {
  initialRecordingState,
  isListening,
  recordingReducer,
  type RecognitionDraft,
} from "@/features/recognition/recording-machine";
import {
  NothingToSpeakError,
  speechLanguageOf,
  speechRates,
  type SpeechRateChoice,
  type SpeechRequest,
} from "@/shared/speech-options";
import { useKioskActive } from "@/lib/kiosk-flag";
import { readValue, removeValue, storageKeys, writeValue } from "@/lib/storage";

const draftSaveDelayMs = 400;

/**
 * What Reset cleared, kept in memory until new work starts (a recording or typing), so a slip of
 * the hand can be undone. No timer: the offer stays as long as nothing replaces the work. Not on
 * a clinic tablet in kiosk mode: there Reset is how a patient erases their words before handing
 * the tablet on, and the next patient must not be able to bring them back.
 */
export type ClearedWork = {
  draft: RecognitionDraft;
  audio: SavedAudio | null;
  rate: SpeechRateChoice;
};

function isRateChoice(value: unknown): value is SpeechRateChoice {
  return typeof value === "string" && Object.hasOwn(speechRates, value);
}

function validDraft(value: unknown): RecognitionDraft | null {
  if (!value || typeof value !== "object") return null;
  const draft = value as Partial<RecognitionDraft>;
  if (typeof draft.text !== "string" || !isRecognitionLanguage(draft.language)) return null;
  return { text: draft.text, language: draft.language, resultsShown: Boolean(draft.resultsShown) };
}

function validAudio(value: unknown, draft: RecognitionDraft): SavedAudio | null {
  if (!value || typeof value !== "object") return null;
  const audio = value as Partial<SavedAudio>;
  // Saved audio is shown again only while it still matches the saved text.
  if (!(audio.blob instanceof Blob) || !isRateChoice(audio.rate)) return null;
  if (audio.text !== draft.text || audio.language !== draft.language) return null;
  return audio as SavedAudio;
}

/**
 * Makes audio from a text, saying at which stage it is; rejects with NothingToSpeakError when the
 * text has nothing to read aloud. The page that hosts the workspace passes the speech-synthesis
 * feature's `createSpeechAudio`, which this feature does not import.
 */
export type MakeSpeechAudio = (
  request: SpeechRequest,
  options: { signal: AbortSignal; onProgress: (progress: { stage: GenerationStage }) => void },
) => Promise<{ blob: Blob }>;

/** Support for speech recognition does not change while the page is open. */
const subscribeToNothing = () => () => {};

export function useRecognitionWorkspace(makeSpeechAudio: MakeSpeechAudio) {
  // A prerendered page (scripts/prerender.ts) assumes support, as most browsers have it; the
  // browser's own answer replaces that as soon as the page is live.
  const supported = useSyncExternalStore(
    subscribeToNothing,
    isSpeechRecognitionSupported,
    () => true,
  );
  const [recording, dispatchRecording] = useReducer(recordingReducer, undefined, () =>
    initialRecordingState(),
  );
  const [audio, dispatchAudio] = useReducer(audioReducer, initialAudioState);
  const [rate, setRate] = useState<SpeechRateChoice>("normal");
  const [restored, setRestored] = useState(false);
  const [cleared, setCleared] = useState<ClearedWork | null>(null);
  const kiosk = useKioskActive();
  const [draftSaver] = useState(() =>
    createDebouncedSave<RecognitionDraft>(
      (draft) => void writeValue(storageKeys.recognitionDraft, draft),
      draftSaveDelayMs,
    ),
  );

  // Each start attempt and each audio generation gets an id; callbacks of older ones are ignored.
  const attemptRef = useRef(0);
  const sessionRef = useRef<RecognitionSession | null>(null);
  const generationRef = useRef(0);
  const generationAbortRef = useRef<AbortController | null>(null);

  // The drafts come back once, when the page opens.
  useEffect(() => {
    let cancelled = false;
    void Promise.all([
      readValue<unknown>(storageKeys.recognitionDraft),
      readValue<unknown>(storageKeys.lastAudio),
    ]).then(([savedDraft, savedAudio]) => {
      if (cancelled) return;
      const draft = validDraft(savedDraft);
      if (draft) {
        dispatchRecording({ type: "restore", draft });
        const lastAudio = validAudio(savedAudio, draft);
        if (lastAudio) {
          dispatchAudio({ type: "restore", audio: lastAudio });
          setRate(lastAudio.rate);
        }
      }
      setRestored(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const { text, language, resultsShown } = recording;
  useEffect(() => {
    if (restored) draftSaver.schedule({ text, language, resultsShown });
  }, [draftSaver, restored, text, language, resultsShown]);

  // Nothing typed is lost when the page is hidden, closed or left.
  useEffect(() => {
    const flush = () => draftSaver.flush();
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", flush);
      flush();
    };
  }, [draftSaver]);

  // Leaving the page stops the microphone and any audio still being made.
  useEffect(
    () => () => {
      attemptRef.current++;
      sessionRef.current?.abort();
      sessionRef.current = null;
      generationAbortRef.current?.abort();
    },
    [],
  );

  function discardAudio() {
    generationRef.current++;
    generationAbortRef.current?.abort();
    generationAbortRef.current = null;
    dispatchAudio({ type: "discard" });
    void removeValue(storageKeys.lastAudio);
  }

  async function startRecording() {
    if (!supported || isListening(recording)) return;
    const attempt = ++attemptRef.current;
    const current = () => attempt === attemptRef.current;
    dispatchRecording({ type: "request-start" });

    if (!(await checkMicrophone())) {
      if (current()) dispatchRecording({ type: "fail", problem: "microphone" });
      return;
    }
    if (!current()) return;

    let session: RecognitionSession;
    try {
      session = await startRecognition(recording.language, handlersFor(current));
    } catch (error) {
      console.error("Speech recognition could not start:", error);
      if (current()) dispatchRecording({ type: "fail", problem: "recognition-failed" });
      return;
    }
    if (current()) sessionRef.current = session;
    else session.abort();
  }

  function handlersFor(current: () => boolean): RecognitionHandlers {
    return {
      onStart() {
        if (!current()) return;
        // A new recording replaces the text, so audio made from the old text goes too.
        discardAudio();
        dispatchRecording({ type: "started" });
      },
      onInterim(transcript) {
        if (current()) dispatchRecording({ type: "interim", transcript });
      },
      onFinal(transcript) {
        if (current()) dispatchRecording({ type: "final", transcript });
      },
      onProblem(problem) {
        if (!current()) return;
        sessionRef.current = null;
        dispatchRecording({ type: "fail", problem });
      },
      onEnd() {
        if (!current()) return;
        sessionRef.current = null;
        dispatchRecording({ type: "ended" });
      },
    };
  }

  function stopRecording() {
    if (recording.status === "recording" && sessionRef.current) {
      // Words already spoken may still arrive as final results before the session ends.
      sessionRef.current.stop();
    } else {
      attemptRef.current++;
      sessionRef.current?.abort();
      sessionRef.current = null;
    }
    dispatchRecording({ type: "stop" });
  }

  function toggleRecording() {
    if (isListening(recording)) {
      stopRecording();
    } else {
      setCleared(null);
      void startRecording();
    }
  }

  function editText(value: string) {
    setCleared(null);
    if (audio.status !== "none") discardAudio();
    dispatchAudio({ type: "text-changed" });
    dispatchRecording({ type: "edit", text: value });
  }

  function chooseLanguage(value: string) {
    if (!isRecognitionLanguage(value) || isListening(recording)) return;
    if (audio.status !== "none") discardAudio();
    dispatchAudio({ type: "text-changed" });
    dispatchRecording({ type: "choose-language", language: value });
  }

  function chooseRate(value: SpeechRateChoice) {
    if (audio.status !== "none") discardAudio();
    setRate(value);
  }

  async function createAudio() {
    const source = { text: recording.text, language: recording.language, rate };
    const speechLanguage = speechLanguageOf(source.language);
    if (!speechLanguage || isListening(recording) || !canCreateAudio(audio, source.text)) return;
    const generation = ++generationRef.current;
    const controller = new AbortController();
    generationAbortRef.current?.abort();
    generationAbortRef.current = controller;
    dispatchAudio({ type: "generate", generation, text: source.text });
    try {
      const made = await makeSpeechAudio(
        { text: source.text.trim(), language: speechLanguage, rate: speechRates[source.rate] },
        {
          signal: controller.signal,
          onProgress: ({ stage }) => dispatchAudio({ type: "progress", generation, stage }),
        },
      );
      if (generation !== generationRef.current) return;
      const saved: SavedAudio = { blob: made.blob, ...source, createdAt: new Date().toISOString() };
      dispatchAudio({ type: "generated", generation, audio: saved });
      // The audio is restored only beside the text it was made from, so that text is saved now.
      draftSaver.flush();
      void writeValue(storageKeys.lastAudio, saved);
    } catch (error) {
      if (generation !== generationRef.current) return;
      if (error instanceof NothingToSpeakError) {
        dispatchAudio({ type: "generation-failed", generation, failure: "nothing-to-speak" });
        return;
      }
      console.error("The audio could not be generated:", error);
      dispatchAudio({ type: "generation-failed", generation, failure: "not-generated" });
    } finally {
      if (generationAbortRef.current === controller) generationAbortRef.current = null;
    }
  }

  function reset() {
    const lastAudio = audio.status === "ready" ? audio.audio : null;
    setCleared(
      !kiosk && (text.length > 0 || lastAudio)
        ? { draft: { text, language, resultsShown }, audio: lastAudio, rate }
        : null,
    );
    attemptRef.current++;
    sessionRef.current?.abort();
    sessionRef.current = null;
    generationRef.current++;
    generationAbortRef.current?.abort();
    generationAbortRef.current = null;
    dispatchRecording({ type: "reset" });
    dispatchAudio({ type: "reset" });
    draftSaver.cancel();
    void removeValue(storageKeys.recognitionDraft);
    void removeValue(storageKeys.lastAudio);
  }

  /** Brings back what the last Reset cleared, on screen and in storage. */
  function undoReset() {
    if (!cleared) return;
    dispatchRecording({ type: "restore", draft: cleared.draft });
    setRate(cleared.rate);
    if (cleared.audio) {
      dispatchAudio({ type: "restore", audio: cleared.audio });
      void writeValue(storageKeys.lastAudio, cleared.audio);
    }
    setCleared(null);
  }

  return {
    supported,
    recording,
    audio,
    rate,
    toggleRecording,
    editText,
    chooseLanguage,
    chooseRate,
    createAudio,
    reset,
    cleared,
    undoReset,
    dismissRecognitionProblem: () => dispatchRecording({ type: "dismiss-problem" }),
    dismissAudioFailure: () => dispatchAudio({ type: "dismiss-failure" }),
    setPlaying: (playing: boolean) => dispatchAudio({ type: playing ? "playing" : "paused" }),
  };
}
