/**
 * Loads the symbol picker's search index in one interface language: a chunk of its own per
 * language (about 35 kB gzip each), fetched when the picker first opens and then kept by the
 * service worker, never part of the page's first JavaScript.
 */
import { isSpeechLanguage, type SpeechLanguage } from "@/shared/speech-options";
import type { SymbolIndex } from "@/shared/symbol-index";

type IndexModule = { default: SymbolIndex };

const loaders: Record<SpeechLanguage, () => Promise<IndexModule>> = {
  en: () => import("virtual:openmoji-index/en"),
  ru: () => import("virtual:openmoji-index/ru"),
  az: () => import("virtual:openmoji-index/az"),
  kk: () => import("virtual:openmoji-index/kk"),
  ky: () => import("virtual:openmoji-index/ky"),
  uz: () => import("virtual:openmoji-index/uz"),
};

const loading = new Map<SpeechLanguage, Promise<SymbolIndex>>();

/** The index for `locale` (English for a language without one); a failed load can be retried. */
export function loadSymbolIndex(locale: string): Promise<SymbolIndex> {
  const language: SpeechLanguage = isSpeechLanguage(locale) ? locale : "en";
  let index = loading.get(language);
  if (!index) {
    index = loaders[language]().then(
      (module) => module.default,
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, index);
  }
  return index;
}
