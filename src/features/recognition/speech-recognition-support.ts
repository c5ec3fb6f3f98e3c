/**
 * What the Speech Recognition page asks of the browser's recogniser before its code has come:
 * whether there is one. The code that drives it (browser-speech-recognition.ts) comes when the
 * page first asks about recognition, just after it has started, not with the page itself
 * (bench:pages' route budget); a tap that must act at once (a language pack's download) uses it
 * by then.
 */
export type BrowserRecognition = typeof import("@/features/recognition/browser-speech-recognition");

/** The browser's recogniser class (`SpeechRecognition`, or `webkitSpeechRecognition`), if any. */
export function speechRecognitionClass(): unknown {
  if (typeof window === "undefined") return undefined;
  const w = window as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export function isSpeechRecognitionSupported(): boolean {
  return speechRecognitionClass() !== undefined;
}

let loaded: BrowserRecognition | null = null;

/** The recogniser's code, loaded once. */
export async function loadBrowserRecognition(): Promise<BrowserRecognition> {
  loaded ??= await import("@/features/recognition/browser-speech-recognition");
  return loaded;
}

/** The recogniser's code if it has come: a tap's handler calls it without waiting. */
export function browserRecognitionIfLoaded(): BrowserRecognition | null {
  return loaded;
}
