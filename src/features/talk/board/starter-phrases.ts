/**
 * The shipped starter set of the Talk phrase board: short everyday things a patient needs to say
 * quickly, the same concepts in each of the six speech languages. The board in each language
 * starts from this list, in this order. The texts are the spoken content in that language (read
 * aloud by the speech engine), not interface strings, so they are not translated with Lingui.
 * Each category's phrases are in a file of their own (starter-phrases/).
 */
import type { SpeechLanguage } from "@/shared/speech-options";
import { needsPhrases } from "@/features/talk/board/starter-phrases/needs";
import { feelingsPhrases } from "@/features/talk/board/starter-phrases/feelings";
import { peoplePhrases } from "@/features/talk/board/starter-phrases/people";
import { clinicPhrases } from "@/features/talk/board/starter-phrases/clinic";
import { socialPhrases } from "@/features/talk/board/starter-phrases/social";

export const phraseCategories = ["needs", "feelings", "people", "clinic", "social"] as const;
export type PhraseCategory = (typeof phraseCategories)[number];

export type StarterPhrase = {
  /** Stable id, kebab-case, e.g. "thirsty"; never changes once shipped. */
  id: string;
  category: PhraseCategory;
  text: Record<SpeechLanguage, string>;
};

/** By category, in the order of phraseCategories, and the most urgent first inside each. */
export const starterPhrases: readonly StarterPhrase[] = [
  ...needsPhrases,
  ...feelingsPhrases,
  ...peoplePhrases,
  ...clinicPhrases,
  ...socialPhrases,
];
