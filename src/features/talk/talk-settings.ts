/** The Talk screen's settings: which language the board speaks, and how the voice sounds. */
import {
  isSpeechLanguage,
  speechPitches,
  speechRates,
  type SpeechLanguage,
  type SpeechPitchChoice,
  type SpeechRateChoice,
} from "@/lib/speech-options";

export type TalkSettings = {
  language: SpeechLanguage;
  rate: SpeechRateChoice;
  pitch: SpeechPitchChoice;
  /** The listener view is shown upside down, for a person across the table. */
  turnForListener: boolean;
};

export const defaultTalkSettings = (language: SpeechLanguage): TalkSettings => ({
  language,
  rate: "normal",
  pitch: "normal",
  turnForListener: false,
});

/** Stored settings as the app can use them; anything unusable falls back to the default. */
export function parseTalkSettings(value: unknown, language: SpeechLanguage): TalkSettings {
  const settings = defaultTalkSettings(language);
  if (typeof value !== "object" || value === null) return settings;
  const stored = value as Record<string, unknown>;
  return {
    language: isSpeechLanguage(stored.language) ? stored.language : settings.language,
    rate:
      typeof stored.rate === "string" && stored.rate in speechRates
        ? (stored.rate as SpeechRateChoice)
        : settings.rate,
    pitch:
      typeof stored.pitch === "string" && stored.pitch in speechPitches
        ? (stored.pitch as SpeechPitchChoice)
        : settings.pitch,
    turnForListener:
      typeof stored.turnForListener === "boolean"
        ? stored.turnForListener
        : settings.turnForListener,
  };
}
