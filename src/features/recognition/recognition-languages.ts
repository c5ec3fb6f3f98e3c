/**
 * The languages the recording panel offers. Codes are BCP 47 tags as the browser's speech
 * recognition expects them; the speech engine is asked for the part before the dash.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { recognitionTagOf, type LanguageCode } from "@/shared/languages";

export type RecognitionLanguage = {
  code: string;
  /** Shown by name only: flag emoji render as empty boxes on Windows and many Linux systems. */
  name: MessageDescriptor;
};

/** Named in the interface's language, in the order the panel lists them. */
const named: readonly [LanguageCode, MessageDescriptor][] = [
  ["az", msg`Azerbaijani`],
  ["kk", msg`Kazakh`],
  ["ru", msg`Russian`],
  ["en", msg`English`],
  ["uz", msg`Uzbek`],
  ["ky", msg`Kyrgyz`],
];

export const recognitionLanguages: readonly RecognitionLanguage[] = named.map(([code, name]) => ({
  code: recognitionTagOf(code),
  name,
}));

export const defaultRecognitionLanguage = recognitionTagOf("ru");

export function isRecognitionLanguage(value: unknown): value is string {
  return typeof value === "string" && recognitionLanguages.some((l) => l.code === value);
}
