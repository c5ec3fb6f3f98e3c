/**
 * The browser's speech recognition (`SpeechRecognition`, or `webkitSpeechRecognition` in
 * Chromium and Safari) behind a small session object. TypeScript's DOM library has the event
 * types but not the recognizer itself, so the part used here is declared below.
 *
 * Newer browsers can recognise on the device (`SpeechRecognition.available()` and `install()`,
 * `processLocally`) and favour given phrases (`SpeechRecognitionPhrase`, `phrases`). Each is
 * feature-detected: a browser without them works as before, and the page says what it knows.
 */
import type { BiasPhrase } from "@/features/recognition/bias-phrases";
import type { OnDeviceAvailability } from "@/features/recognition/recognition-choice";
import type { RecognitionProblem } from "@/features/recognition/recording-machine";
import { speechRecognitionClass } from "@/features/recognition/speech-recognition-support";

type RecognitionOptions = { langs: string[]; processLocally?: boolean };

interface BrowserSpeechRecognition extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  processLocally?: boolean;
  phrases?: unknown;
  onstart: ((event: Event) => void) | null;
  onresult: ((event: SpeechRecognitionEvent) => void) | null;
  onerror: ((event: SpeechRecognitionErrorEvent) => void) | null;
  onend: ((event: Event) => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

interface BrowserSpeechRecognitionConstructor {
  new (): BrowserSpeechRecognition;
  available?: (options: RecognitionOptions) => Promise<OnDeviceAvailability>;
  install?: (options: RecognitionOptions) => Promise<boolean>;
}

type SpeechRecognitionPhraseConstructor = new (phrase: string, boost?: number) => unknown;

type WindowWithRecognition = Window & {
  SpeechRecognition?: BrowserSpeechRecognitionConstructor;
  webkitSpeechRecognition?: BrowserSpeechRecognitionConstructor;
  SpeechRecognitionPhrase?: SpeechRecognitionPhraseConstructor;
};

function recognitionConstructor(): BrowserSpeechRecognitionConstructor | undefined {
  return speechRecognitionClass() as BrowserSpeechRecognitionConstructor | undefined;
}

export type RecognitionHandlers = {
  onStart(): void;
  onInterim(transcript: string): void;
  onFinal(transcript: string): void;
  /** A failure that stops the recording; `code` is the browser's error code. */
  onProblem(problem: RecognitionProblem, code: string): void;
  onEnd(): void;
};

export type RecognitionSession = {
  /**
   * Stops listening; results already heard still arrive, then the session ends: by
   * `endAfterStopMs` at the latest.
   */
  stop(): void;
  /** Stops at once and drops everything still pending; no handler is called afterwards. */
  abort(): void;
};

/**
 * Maps the browser's error codes to the alerts the page shows; "aborted" is our own doing.
 * `online` is the browser's word on the connection when the error came.
 */
export function problemOf(code: string, online: boolean): RecognitionProblem | null {
  switch (code) {
    case "aborted":
      return null;
    case "language-not-supported":
      return "language-not-supported";
    case "not-allowed":
      return "microphone";
    // The microphone was found and allowed just before (checkMicrophone): it would not record.
    case "audio-capture":
      return "microphone-busy";
    case "no-speech":
      return "no-speech";
    // The browser's recognition service is online (Chrome's, where it is not on the device).
    // With a connection, the service itself was out of reach: a network that blocks it, or an
    // outage; "connect to the internet" would send the user the wrong way.
    case "network":
      return online ? "service-unreachable" : "network";
    // Speech recognition is turned off in the browser or the system (Dictation on Apple devices),
    // or not offered to this page (some installed web apps).
    case "service-not-allowed":
      return "service-not-allowed";
    default:
      return "recognition-failed";
  }
}

/** What a failed `getUserMedia` means for the user, by the DOMException's name. */
export function microphoneProblemOf(error: unknown): RecognitionProblem {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "microphone";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "microphone-missing";
  // In use by another app, or the device failed to start (NotReadableError, AbortError), or a
  // failure the browser does not name.
  return "microphone-busy";
}

const onDeviceAnswers: readonly string[] = [
  "available",
  "downloadable",
  "downloading",
  "unavailable",
] satisfies OnDeviceAvailability[];

/**
 * What the browser says about recognising `language` on the device; null when it cannot say (no
 * such API, blocked by a permissions policy, or an answer this page does not know).
 */
export async function onDeviceAvailability(language: string): Promise<OnDeviceAvailability | null> {
  const Recognition = recognitionConstructor();
  if (typeof Recognition?.available !== "function") return null;
  try {
    const answer = await Recognition.available({ langs: [language], processLocally: true });
    return onDeviceAnswers.includes(answer) ? answer : null;
  } catch (error) {
    console.warn("Could not ask about on-device speech recognition:", error);
    return null;
  }
}

/**
 * How long the page waits for the browser to answer a language pack's download. Some browsers
 * never answer (install() does not settle), and "Downloading…" would stay for good; the pack's
 * size is not known, so this leaves room for a large one on a slow line.
 */
export const packAnswerWaitMs = 120_000;

/**
 * Downloads the language pack for recognising `language` on the device. Call it straight from
 * the user's tap: browsers may want that before they download. Resolves true once installed,
 * false when it failed, and null when the browser has not answered within `waitMs`: the
 * download may still finish, which the browser's availability then says.
 */
export async function installOnDevice(
  language: string,
  waitMs = packAnswerWaitMs,
): Promise<boolean | null> {
  const Recognition = recognitionConstructor();
  const install = Recognition?.install?.bind(Recognition);
  if (typeof install !== "function") return false;
  // Asked at once (an async function runs to its first wait), still within the tap.
  const installing = (async () => {
    try {
      return (await install({ langs: [language], processLocally: true })) === true;
    } catch (error) {
      console.warn("Could not install on-device speech recognition:", error);
      return false;
    }
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unanswered = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    return await Promise.race([installing, unanswered]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the browser can be given phrases to favour (contextual biasing). */
export function canBiasPhrases(): boolean {
  if (typeof window === "undefined") return false;
  return typeof (window as WindowWithRecognition).SpeechRecognitionPhrase === "function";
}

/** Gives the phrases to the recognizer; a browser that refuses them recognises without. */
function setPhrases(recognition: BrowserSpeechRecognition, phrases: readonly BiasPhrase[]) {
  const Phrase = (window as WindowWithRecognition).SpeechRecognitionPhrase;
  if (!Phrase || phrases.length === 0 || !("phrases" in recognition)) return;
  try {
    recognition.phrases = phrases.map(({ phrase, boost }) => new Phrase(phrase, boost));
  } catch (error) {
    console.warn("Speech recognition does not take phrases here:", error);
  }
}

/**
 * Asks for the microphone once so that a refusal or a missing microphone is reported clearly
 * before recognition starts; the stream is released at once. Resolves to the problem, or null
 * when the microphone can be used.
 */
export async function checkMicrophone(): Promise<RecognitionProblem | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null; // Recognition reports it, if at all.
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return null;
  } catch (error) {
    return microphoneProblemOf(error);
  }
}

export type RecognitionPlan = {
  /** Recognise on the device only: the browser must not send the voice anywhere. */
  processLocally: boolean;
  /** Phrases to favour; given only with `processLocally`, so they stay on the device too. */
  phrases: readonly BiasPhrase[];
};

/**
 * How long a stopped recognition may take to end. Its last words come within a second or two of
 * stop(); a recogniser that never ends would keep the microphone and the page waiting for them
 * for good (the text a recording without words replaced would not come back). After this the
 * session ends by itself, keeping what was heard (the words heard up to Stop are in the text).
 */
export const endAfterStopMs = 3000;

/**
 * Whether this browser refused phrases once. It may say so only after `start()`, as an error
 * ("phrases-not-supported", when its on-device model cannot favour phrases): every later
 * recognition then goes without them.
 */
let phrasesRefused = false;

/**
 * Starts continuous recognition with interim results in `language`, as `plan` says. Returns the
 * session once `start()` was called; the handlers report what happens next. A browser that
 * refuses the phrases is asked again at once without them, in the same session: the user is
 * recognised, not told to try again (which would fail the same way).
 */
export function startRecognition(
  language: string,
  plan: RecognitionPlan,
  handlers: RecognitionHandlers,
): RecognitionSession {
  const Recognition = recognitionConstructor();
  if (!Recognition) throw new Error("Speech recognition is not available in this browser");
  let current: BrowserSpeechRecognition | null = null;
  let detached = false;
  let started = false;
  let failed = false;
  let endLimit: ReturnType<typeof setTimeout> | undefined;

  const begin = (withPhrases: boolean) => {
    const recognition = new Recognition();
    recognition.lang = language;
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.maxAlternatives = 1;
    if (plan.processLocally) {
      recognition.processLocally = true;
      if (withPhrases) setPhrases(recognition, plan.phrases);
    }
    // Only the recognition now in use speaks for the session.
    const speaks = () => !detached && recognition === current;
    let heard = false;
    recognition.onstart = () => {
      if (!speaks() || started) return;
      started = true;
      handlers.onStart();
    };
    recognition.onresult = (event) => {
      if (!speaks()) return;
      heard = true;
      let interim = "";
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        const transcript = result?.[0]?.transcript ?? "";
        if (result?.isFinal) handlers.onFinal(transcript);
        else interim += transcript;
      }
      handlers.onInterim(interim);
    };
    recognition.onerror = (event) => {
      if (!speaks()) return;
      if (event.error === "phrases-not-supported" && withPhrases && !heard) {
        console.warn("Speech recognition does not take phrases here; recognising without them.");
        phrasesRefused = true;
        begin(false);
        recognition.abort();
        return;
      }
      const problem = problemOf(event.error, navigator.onLine);
      if (!problem) return;
      if (problem === "recognition-failed") {
        console.error("Speech recognition failed:", event.error, event.message);
      }
      failed = true;
      handlers.onProblem(problem, event.error);
    };
    recognition.onend = () => {
      if (!speaks()) return;
      detached = true;
      clearTimeout(endLimit);
      if (!failed) handlers.onEnd();
    };
    current = recognition;

    try {
      recognition.start();
    } catch (error) {
      console.error("Speech recognition could not start:", error);
      detached = true;
      handlers.onProblem("recognition-failed", "start-failed");
    }
  };
  begin(plan.phrases.length > 0 && !phrasesRefused);

  return {
    stop() {
      if (detached) return;
      current?.stop();
      endLimit ??= setTimeout(() => {
        if (detached) return;
        detached = true;
        current?.abort();
        if (!failed) handlers.onEnd();
      }, endAfterStopMs);
    },
    abort() {
      clearTimeout(endLimit);
      if (detached) return;
      detached = true;
      current?.abort();
    },
  };
}
