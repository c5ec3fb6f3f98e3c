/**
 * The languages the recording panel offers. Codes are BCP 47 tags as the browser's speech
 * recognition expects them; the speech engine is asked for the part before the dash.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export type RecognitionLanguage = {
  code: string;
  name: MessageDescriptor;
  flag: string;
};

export const recognitionLanguages: readonly RecognitionLanguage[] = [
  { code: "az-AZ", name: msg`Azerbaijani`, flag: "🇦🇿" },
  { code: "kk-KZ", name: msg`Kazakh`, flag: "🇰🇿" },
  { code: "ru-RU", name: msg`Russian`, flag: "🇷🇺" },
  { code: "en-US", name: msg`English`, flag: "🇺🇸" },
  { code: "uz-UZ", name: msg`Uzbek`, flag: "🇺🇿" },
  { code: "ky-KG", name: msg`Kyrgyz`, flag: "🇰🇬" },
];

export const defaultRecognitionLanguage = "ru-RU";

export function isRecognitionLanguage(value: unknown): value is string {
  return typeof value === "string" && recognitionLanguages.some((l) => l.code === value);
}
