/**
 * The languages the recording panel offers. Codes are BCP 47 tags as the browser's speech
 * recognition expects them; the speech engine is asked for the part before the dash.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export type RecognitionLanguage = {
  code: string;
  /** Shown by name only: flag emoji render as empty boxes on Windows and many Linux systems. */
  name: MessageDescriptor;
};

export const recognitionLanguages: readonly RecognitionLanguage[] = [
  { code: "az-AZ", name: msg`Azerbaijani` },
  { code: "kk-KZ", name: msg`Kazakh` },
  { code: "ru-RU", name: msg`Russian` },
  { code: "en-US", name: msg`English` },
  { code: "uz-UZ", name: msg`Uzbek` },
  { code: "ky-KG", name: msg`Kyrgyz` },
];

export const defaultRecognitionLanguage = "ru-RU";

export function isRecognitionLanguage(value: unknown): value is string {
  return typeof value === "string" && recognitionLanguages.some((l) => l.code === value);
}
