/**
 * The recording side of the Speech Recognition page: the recording state machine and the
 * browser's recognizer session behind it. Each start attempt gets an id; callbacks of older
 * attempts are ignored, so a late answer never lands in a newer recording.
 */
import { useEffect, useReducer, useRef, useSyncExternalStore } from "react";
import type {
  RecognitionHandlers,
  RecognitionPlan,
  RecognitionSession,
} from "@/features/recognition/browser-speech-recognition";
import {
  isSpeechRecognitionSupported,
  loadBrowserRecognition,
  type BrowserRecognition,
} from "@/features/recognition/speech-recognition-support";
import {
  initialRecordingState,
  isListening,
  isStopBounce,
  recordingReducer,
} from "@/features/recognition/recording-machine";

/** Support for speech recognition does not change while the page is open. */
const subscribeToNothing = () => () => {};

/**
 * A Start pressed this soon after Stop, while the stopped recording is still finishing (its last
 * words may yet come), is taken for the hand's bounce, a tremor's second tap: a new recording
 * would replace the words just stopped. A recogniser that never says it has ended holds Start up
 * no longer than this.
 */
const finishingMs = 2000;

export function useRecordingSession() {
  // A prerendered page (scripts/build/prerender.ts) assumes support, as most browsers have it; the
  // browser's own answer replaces that as soon as the page is live.
  const supported = useSyncExternalStore(
    subscribeToNothing,
    isSpeechRecognitionSupported,
    () => true,
  );
  const [recording, dispatch] = useReducer(recordingReducer, undefined, () =>
    initialRecordingState(),
  );
  const attemptRef = useRef(0);
  const sessionRef = useRef<RecognitionSession | null>(null);
  /** When Stop was last pressed. */
  const stoppedAt = useRef(-Infinity);
  /** When Start was last pressed. */
  const startPressedAt = useRef(-Infinity);

  /** Ends any session at once, dropping words still on their way. */
  function abort() {
    attemptRef.current++;
    sessionRef.current?.abort();
    sessionRef.current = null;
  }

  // Leaving the page stops the microphone.
  useEffect(
    () => () => {
      attemptRef.current++;
      sessionRef.current?.abort();
      sessionRef.current = null;
    },
    [],
  );

  function handlersFor(attempt: number): RecognitionHandlers {
    const current = () => attempt === attemptRef.current;
    return {
      onStart() {
        if (current()) dispatch({ type: "started" });
      },
      onInterim(transcript) {
        if (current()) dispatch({ type: "interim", transcript });
      },
      onFinal(transcript) {
        if (current()) dispatch({ type: "final", transcript });
      },
      onProblem(problem) {
        if (!current()) return;
        sessionRef.current = null;
        dispatch({ type: "fail", problem });
      },
      onEnd() {
        if (!current()) return;
        sessionRef.current = null;
        dispatch({ type: "ended" });
      },
    };
  }

  /** `planFor` says how to recognise a language, or null when the voice may go nowhere. */
  async function start(planFor: (language: string) => Promise<RecognitionPlan | null>) {
    if (!supported || isListening(recording)) return;
    const finishing = sessionRef.current !== null;
    if (finishing && performance.now() - stoppedAt.current < finishingMs) return;
    if (finishing) abort();
    startPressedAt.current = performance.now();
    const attempt = ++attemptRef.current;
    const current = () => attempt === attemptRef.current;
    dispatch({ type: "request-start" });

    let plan: RecognitionPlan | null;
    let browser: BrowserRecognition;
    try {
      plan = await planFor(recording.language);
      if (!current()) return;
      if (!plan) {
        dispatch({ type: "cancel-start" });
        return;
      }
      browser = await loadBrowserRecognition();
    } catch (error) {
      // The recogniser's code (or the phrase hints') did not come: the next press asks again.
      console.error("Speech recognition could not start:", error);
      if (current()) dispatch({ type: "fail", problem: "recognition-failed" });
      return;
    }
    const { checkMicrophone, startRecognition } = browser;
    if (!current()) return;
    const microphoneProblem = await checkMicrophone();
    if (microphoneProblem) {
      if (current()) dispatch({ type: "fail", problem: microphoneProblem });
      return;
    }
    if (!current()) return;

    let session: RecognitionSession;
    try {
      session = startRecognition(recording.language, plan, handlersFor(attempt));
    } catch (error) {
      console.error("Speech recognition could not start:", error);
      if (current()) dispatch({ type: "fail", problem: "recognition-failed" });
      return;
    }
    if (current()) sessionRef.current = session;
    else session.abort();
  }

  function stop() {
    if (isStopBounce(recording.status, performance.now() - startPressedAt.current)) return;
    stoppedAt.current = performance.now();
    if (recording.status === "recording" && sessionRef.current) {
      // Words already spoken may still arrive as final results before the session ends.
      sessionRef.current.stop();
    } else {
      abort();
    }
    dispatch({ type: "stop" });
  }

  return { supported, recording, dispatch, start, stop, abort };
}
