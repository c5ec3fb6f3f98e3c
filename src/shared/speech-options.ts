/**
 * What the speech API accepts, shared by the server's validation, the browser engine and the
 * page: six languages, a text length limit, and the ranges of the adaptive options.
 */
import { languageCodes, type LanguageCode } from "./languages.ts";

/** The engine speaks every interface language. */
export const speechLanguages = languageCodes;
export type SpeechLanguage = LanguageCode;

export const maxTextLength = 2000;

/** Speaking rate in words per minute (eSpeak NG's own unit) and pitch on its 0–99 scale. */
export const rateRange = { min: 80, max: 450, default: 165 } as const;
export const pitchRange = { min: 0, max: 99, default: 50 } as const;

/** The page's speech-rate choices: slower speech is easier to follow for many listeners. */
export const speechRates = { slow: 120, normal: 165, fast: 210 } as const;
export type SpeechRateChoice = keyof typeof speechRates;

/** The Talk screen's voice-pitch choices, on eSpeak NG's 0–99 scale. */
export const speechPitches = { low: 30, normal: 50, high: 70 } as const;
export type SpeechPitchChoice = keyof typeof speechPitches;

export type SpeechRequest = {
  text: string;
  language: SpeechLanguage;
  rate?: number;
  pitch?: number;
};

export type SpeechAudio = {
  /** A RIFF WAV file, 16-bit PCM mono. */
  wav: Uint8Array;
  sampleRate: number;
  durationMs: number;
  engine: string;
};

/**
 * The server's error code (with status 422) for text that has nothing to read aloud, such as
 * "..." alone: the engine made only silence. Another engine would do no better; the text must
 * change.
 */
export const noSpeechErrorCode = "no_speech";

/**
 * Audio was not made because the text has nothing to read aloud, whichever engine was asked.
 * Shared so that the page can tell it apart from a failure, which another try might mend.
 */
export class NothingToSpeakError extends Error {
  override name = "NothingToSpeakError";
}

/**
 * The device engine could not make audio, and the voice for the language is not all on the
 * device: offline, or on a Wi-Fi without internet, which the browser counts as online.
 */
export class VoiceNotOnDeviceError extends Error {
  override name = "VoiceNotOnDeviceError";
}

export function isSpeechLanguage(value: unknown): value is SpeechLanguage {
  return typeof value === "string" && (speechLanguages as readonly string[]).includes(value);
}

/** The part of a recognition language code before the dash: "kk-KZ" → "kk". */
export function speechLanguageOf(recognitionCode: string): SpeechLanguage | undefined {
  const base = recognitionCode.split("-")[0]?.toLowerCase();
  return isSpeechLanguage(base) ? base : undefined;
}
