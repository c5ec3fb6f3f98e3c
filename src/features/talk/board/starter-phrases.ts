/**
 * The shipped starter set of the Talk phrase board: short everyday things a patient needs to say
 * quickly, the same concepts in each of the six speech languages. The board in each language
 * starts from this list, in this order. The words are the spoken content in that language (read
 * aloud by the speech engine), not interface strings, so they are not translated with Lingui.
 * Each language's words are in a file of their own (starter-phrases/<language>.ts), loaded when a
 * board in that language is first needed: the page comes with its own language's only.
 */
import { languageCodes } from "@/shared/languages";
import { loadUntilLoaded } from "@/lib/load-when-online";
import type { SpeechLanguage } from "@/shared/speech-options";

export const phraseCategories = ["needs", "feelings", "people", "clinic", "social"] as const;
export type PhraseCategory = (typeof phraseCategories)[number];

/** A starter phrase: an id that never changes once shipped (kebab-case), and its category. */
export type StarterPhrase = { id: string; category: PhraseCategory };

/** By category, in the order of phraseCategories, and the most urgent first inside each. */
export const starterPhrases: readonly StarterPhrase[] = [
  // Needs: what the patient must have or do now.
  { id: "help", category: "needs" },
  { id: "toilet", category: "needs" },
  { id: "thirsty", category: "needs" },
  { id: "hungry", category: "needs" },
  { id: "cold", category: "needs" },
  // Feelings: how the patient is.
  { id: "in-pain", category: "feelings" },
  { id: "dizzy", category: "feelings" },
  { id: "tired", category: "feelings" },
  { id: "worried", category: "feelings" },
  { id: "feel-good", category: "feelings" },
  // People: who the patient wants or asks about.
  { id: "call-nurse", category: "people" },
  { id: "call-doctor", category: "people" },
  { id: "call-family", category: "people" },
  { id: "where-family", category: "people" },
  // Clinic: what a patient says to the staff.
  { id: "hurts-here", category: "clinic" },
  { id: "medicine", category: "clinic" },
  { id: "speak-slowly", category: "clinic" },
  { id: "repeat", category: "clinic" },
  { id: "not-understood", category: "clinic" },
  // Social: everyday courtesy and conversation.
  { id: "yes", category: "social" },
  { id: "no", category: "social" },
  { id: "wait", category: "social" },
  { id: "want-to-say", category: "social" },
  { id: "thank-you", category: "social" },
  { id: "hello", category: "social" },
  { id: "goodbye", category: "social" },
];

/** One language's words for the starter phrases, by id. */
export type StarterTexts = Readonly<Record<string, string>>;

const textsIn: Record<SpeechLanguage, () => Promise<{ starterTexts: StarterTexts }>> = {
  en: () => import("@/features/talk/board/starter-phrases/en"),
  ru: () => import("@/features/talk/board/starter-phrases/ru"),
  az: () => import("@/features/talk/board/starter-phrases/az"),
  kk: () => import("@/features/talk/board/starter-phrases/kk"),
  ky: () => import("@/features/talk/board/starter-phrases/ky"),
  uz: () => import("@/features/talk/board/starter-phrases/uz"),
};

const loaded = new Map<SpeechLanguage, StarterTexts>();
const listeners = new Set<() => void>();

/** A language's starter words, once loaded (loadStarterTexts). */
export function starterTextsOf(language: SpeechLanguage): StarterTexts | undefined {
  return loaded.get(language);
}

/** Loads these languages' starter words (each once); resolves when all are here. */
export async function loadStarterTexts(...languages: SpeechLanguage[]): Promise<void> {
  const missing = languages.filter((language) => !loaded.has(language));
  if (missing.length === 0) return;
  const modules = await Promise.all(missing.map((language) => textsIn[language]()));
  missing.forEach((language, index) => loaded.set(language, modules[index]!.starterTexts));
  for (const listener of listeners) listener();
}

/**
 * Loads a language's starter words for something that waits on them (a board to show or change):
 * offline it waits for the connection, and on an error it asks again, until they come.
 */
export const keepLoadingStarterTexts = (language: SpeechLanguage) =>
  loadUntilLoaded(() => loadStarterTexts(language))();

/** The starter words of every speech language (for a part that shows boards in all of them). */
export const loadAllStarterTexts = () => loadStarterTexts(...languageCodes);

/** Called whenever more languages' starter words are loaded; returns its removal. */
export function onStarterTextsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
