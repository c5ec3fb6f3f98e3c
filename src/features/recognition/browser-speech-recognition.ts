/**
 * The browser's speech recognition (`SpeechRecognition`, or `webkitSpeechRecognition` in
 * Chromium and Safari) behind a small session object. TypeScript's DOM library has the event
 * types but not the recognizer itself, so the part used here is declared below.
 *
 * Where the browser can recognize the chosen language on the device (`processLocally`,
 * `SpeechRecognition.available`), the session asks for that: it works offline and the voice never
 * leaves the device. Elsewhere the browser decides.
 */
import type { RecognitionProblem } from "@/features/recognition/recording-machine";

type AvailabilityStatus = "available" | "downloadable" | "downloading" | "unavailable";

interface BrowserSpeechRecognition extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  processLocally?: boolean;
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
  available?: (options: {
    langs: string[];
    processLocally?: boolean;
  }) => Promise<AvailabilityStatus>;
}

type WindowWithRecognition = Window & {
  SpeechRecognition?: BrowserSpeechRecognitionConstructor;
  webkitSpeechRecognition?: BrowserSpeechRecognitionConstructor;
};

function recognitionConstructor(): BrowserSpeechRecognitionConstructor | undefined {
  if (typeof window === "undefined") return undefined;
  const w = window as WindowWithRecognition;
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export function isSpeechRecognitionSupported(): boolean {
  return recognitionConstructor() !== undefined;
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
  /** Stops listening; results already heard still arrive, then the session ends. */
  stop(): void;
  /** Stops at once and drops everything still pending; no handler is called afterwards. */
  abort(): void;
};

/** Maps the browser's error codes to the alerts the page shows; "aborted" is our own doing. */
export function problemOf(code: string): RecognitionProblem | null {
  switch (code) {
    case "aborted":
      return null;
    case "language-not-supported":
      return "language-not-supported";
    case "not-allowed":
    case "audio-capture":
      return "microphone";
    case "no-speech":
      return "no-speech";
    // The browser's recognition service is online (Chrome's, where it is not on the device).
    case "network":
      return "network";
    default:
      return "recognition-failed";
  }
}

async function canRecognizeOnDevice(
  Recognition: BrowserSpeechRecognitionConstructor,
  language: string,
): Promise<boolean> {
  if (typeof Recognition.available !== "function") return false;
  try {
    return (
      (await Recognition.available({ langs: [language], processLocally: true })) === "available"
    );
  } catch {
    // Blocked by a permissions policy, or an older shape of the API: let the browser decide.
    return false;
  }
}

/**
 * Asks for the microphone once so that a refusal or a missing microphone is reported clearly
 * before recognition starts; the stream is released at once. Resolves false on failure.
 */
export async function checkMicrophone(): Promise<boolean> {
  if (!navigator.mediaDevices?.getUserMedia) return true; // Recognition reports it, if at all.
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts continuous recognition with interim results in `language`. Resolves to the session
 * once `start()` was called; the handlers report what happens next.
 */
export async function startRecognition(
  language: string,
  handlers: RecognitionHandlers,
): Promise<RecognitionSession> {
  const Recognition = recognitionConstructor();
  if (!Recognition) throw new Error("Speech recognition is not available in this browser");
  const onDevice = await canRecognizeOnDevice(Recognition, language);
  const recognition = new Recognition();
  recognition.lang = language;
  recognition.continuous = true;
  recognition.interimResults = true;
  recognition.maxAlternatives = 1;
  if (onDevice && "processLocally" in recognition) recognition.processLocally = true;

  let detached = false;
  let failed = false;
  recognition.onstart = () => {
    if (!detached) handlers.onStart();
  };
  recognition.onresult = (event) => {
    if (detached) return;
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
    if (detached) return;
    const problem = problemOf(event.error);
    if (!problem) return;
    if (problem === "recognition-failed") {
      console.error("Speech recognition failed:", event.error, event.message);
    }
    failed = true;
    handlers.onProblem(problem, event.error);
  };
  recognition.onend = () => {
    if (detached) return;
    detached = true;
    if (!failed) handlers.onEnd();
  };

  try {
    recognition.start();
  } catch (error) {
    console.error("Speech recognition could not start:", error);
    detached = true;
    handlers.onProblem("recognition-failed", "start-failed");
  }

  return {
    stop() {
      if (!detached) recognition.stop();
    },
    abort() {
      if (detached) return;
      detached = true;
      recognition.abort();
    },
  };
}
